// The certificates list's filters as the query of GET /api/admin/certificates and of its exports.
export type CertificateStatus = 'valid' | 'expiring' | 'expired';
export const CERTIFICATE_STATUSES: CertificateStatus[] = ['valid', 'expiring', 'expired'];

export interface CertificateFilters {
  status?: CertificateStatus;
  store?: string;
  course?: string;
  q?: string;
}

export function certificatesQuery(f: CertificateFilters, extra: Record<string, string> = {}): string {
  const p = new URLSearchParams();
  if (f.status) p.set('status', f.status);
  if (f.store) p.set('store', f.store);
  if (f.course) p.set('course', f.course);
  if (f.q) p.set('q', f.q);
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  return p.toString();
}

export const certificatesUrl = (f: CertificateFilters, page: number, pageSize: number) =>
  `/api/admin/certificates?${certificatesQuery(f, { limit: String(pageSize), offset: String((page - 1) * pageSize) })}`;

export const certificatesExportUrl = (f: CertificateFilters, format: 'csv' | 'xlsx') =>
  `/api/admin/certificates/export?${certificatesQuery(f, { format })}`;
