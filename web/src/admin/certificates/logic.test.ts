import { describe, expect, it } from 'vitest';
import { certificatesExportUrl, certificatesUrl } from './logic';

describe('certificates list urls', () => {
  it('carries the filters, the page and the export format', () => {
    expect(certificatesUrl({ status: 'expiring', store: 's1' }, 3, 50)).toBe('/api/admin/certificates?status=expiring&store=s1&limit=50&offset=100');
    expect(certificatesUrl({}, 1, 20)).toBe('/api/admin/certificates?limit=20&offset=0');
    expect(certificatesExportUrl({ q: 'สม ใจ', course: 'c1' }, 'xlsx')).toBe('/api/admin/certificates/export?course=c1&q=%E0%B8%AA%E0%B8%A1+%E0%B9%83%E0%B8%88&format=xlsx');
  });
});
