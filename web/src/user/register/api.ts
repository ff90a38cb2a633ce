// The register screen's calls (docs/API.md "Self-registration").
import { useQuery } from '@tanstack/react-query';
import { api, resetCsrfToken } from '../../lib/api';

export interface RegisterStore {
  id: string;
  code: string;
  name: string;
  region: { id: string; code: string; name: string } | null;
}

export interface RegisterInput {
  employeeCode: string;
  name: string;
  contact: string;
  storeId: string;
  password: string;
}

export type RegisterAnswer = { status: 'active'; user: { id: string; name: string } } | { status: 'pending' };

export const useRegisterStores = () =>
  useQuery({
    queryKey: ['register', 'stores'],
    queryFn: ({ signal }) => api<{ items: RegisterStore[] }>('/api/register/stores', { signal }),
    staleTime: 5 * 60_000,
  });

export async function registerAccount(input: RegisterInput): Promise<RegisterAnswer> {
  const answer = await api<RegisterAnswer>('/api/register', { method: 'POST', body: input });
  // An active account is signed in now and the server renewed the CSRF cookie: the cached token is stale.
  if (answer.status === 'active') resetCsrfToken();
  return answer;
}

/** Stores grouped by region, in the server's order (region code, then store code). */
export function groupStores(items: RegisterStore[]): { region: string; stores: RegisterStore[] }[] {
  const groups: { region: string; stores: RegisterStore[] }[] = [];
  for (const s of items) {
    const region = s.region?.name ?? '';
    const last = groups[groups.length - 1];
    if (last && last.region === region) last.stores.push(s);
    else groups.push({ region, stores: [s] });
  }
  return groups;
}
