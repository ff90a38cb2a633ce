import { describe, expect, it } from 'vitest';
import { answerText, fileSize, isFile, submissionsExportUrl, submissionsUrl } from './logic';

describe('forms admin logic', () => {
  it('builds list and export urls with only the filters set', () => {
    expect(submissionsUrl('a b', { store: 's1', q: '' }, 2, 50)).toBe('/api/admin/forms/a%20b/submissions?store=s1&page=2&pageSize=50');
    expect(submissionsExportUrl('f', 'xlsx', { from: '2026-11-01', to: '2026-11-30' })).toBe(
      '/api/admin/forms/f/submissions/export?from=2026-11-01&to=2026-11-30&format=xlsx',
    );
  });
  it('shows answers as text', () => {
    const file = { id: 'x', name: 'ตู้.png', mime: 'image/png', bytes: 2048 };
    expect(isFile(file)).toBe(true);
    expect(isFile(['a'])).toBe(false);
    expect(answerText(['ก', 'ข'])).toBe('ก, ข');
    expect(answerText(file)).toBe('ตู้.png');
    expect(answerText(3.5)).toBe('3.5');
    expect(answerText(null)).toBe('');
    expect(fileSize(2048)).toBe('2 KB');
    expect(fileSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
