// One-time account codes and the approval queue's claims (docs/API.md "Account codes", "The approval queue").
import { api, apiDownload } from '../../lib/api';

export type CodePurpose = 'activation' | 'reset';
export type CodeFormat = 'json' | 'pdf' | 'csv';

/** Whom to issue codes for: exactly one of these. */
export type CodeTarget = { userIds: string[] } | { storeId: string } | { importId: string };

export interface IssuedCode {
  id: string;
  userId: string;
  employeeCode: string;
  name: string;
  store: { code: string; name: string } | null;
  code: string;
  expiresAt: string;
  link: string;
}

export interface IssueAnswer {
  batchId: string;
  purpose: CodePurpose;
  issued: number;
  skipped: number;
  expiresAt: string;
  items: IssuedCode[];
}

const issueUrl = (format: CodeFormat) => `/api/admin/account-codes?format=${format}`;

/** Issues codes and answers them once (JSON). */
export const issueCodes = (purpose: CodePurpose, target: CodeTarget, days?: number) =>
  api<IssueAnswer>(issueUrl('json'), { method: 'POST', body: { purpose, ...target, ...(days ? { days } : {}) } });

/** Issues codes and saves them as the printable cards (PDF) or a CSV; answers how many were issued. */
export async function issueCodesFile(purpose: CodePurpose, target: CodeTarget, format: 'pdf' | 'csv', days?: number): Promise<number> {
  const { headers } = await apiDownload(issueUrl(format), { purpose, ...target, ...(days ? { days } : {}) });
  return Number(headers.get('X-Codes-Issued') ?? 0);
}

export type CodeState = 'live' | 'used' | 'revoked' | 'expired';

export interface AccountCode {
  id: string;
  purpose: CodePurpose | 'reset_link';
  state: CodeState;
  user: { id: string; employeeCode: string; name: string; store: { code: string; name: string } | null };
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  revokedAt: string | null;
  issuedBy: { id: string; name: string } | null;
  batchId: string;
}

export interface CodeFilters {
  purpose?: string;
  state?: string;
  userId?: string;
  storeId?: string;
}

export function codesUrl(f: CodeFilters, page: number, pageSize: number): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v) s.set(k, v);
  s.set('limit', String(pageSize));
  s.set('offset', String((page - 1) * pageSize));
  return `/api/admin/account-codes?${s.toString()}`;
}

export const listCodes = (f: CodeFilters, page: number, pageSize: number, signal?: AbortSignal) =>
  api<{ items: AccountCode[]; total: number }>(codesUrl(f, page, pageSize), { signal });

export const revokeCodes = (body: { ids: string[] } | { userIds: string[]; purpose?: CodePurpose }) =>
  api<{ revoked: number }>('/api/admin/account-codes/revoke', { method: 'POST', body });

type Place = { id: string; code: string; name: string } | null;

export interface Claim {
  id: string;
  createdAt: string;
  kind: 'roster_unverified' | 'registered' | 'email_taken';
  canApprove: boolean;
  typed: { employeeCode: string; name: string; email: string | null; phone: string | null; store: Place };
  account: { id: string; employeeCode: string; name: string; email: string | null; phone: string | null; store: Place; position: string | null; status: string; registered: boolean };
  roster: { name: string | null; storeCode: string | null; position: string | null } | null;
}

export const listClaims = (page: number, pageSize: number, signal?: AbortSignal) =>
  api<{ items: Claim[]; total: number }>(`/api/admin/users/claims?limit=${pageSize}&offset=${(page - 1) * pageSize}`, { signal });
export const approveClaim = (id: string) => api<{ userId: string }>(`/api/admin/users/claims/${encodeURIComponent(id)}/approve`, { method: 'POST', body: {} });
export const dismissClaim = (id: string) => api(`/api/admin/users/claims/${encodeURIComponent(id)}`, { method: 'DELETE' });
