// The register and reset screens' calls (docs/API.md "Self-registration", "Password recovery").
import { useQuery } from '@tanstack/react-query';
import { api, resetCsrfToken } from '../../lib/api';
import type { PositionName } from '../../lib/profiles';

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
  /** The one-time code on the person's card (or sent by the company); empty when they have none. */
  activationCode: string;
}

/** Whom a live activation code is for (the card's QR opens /register?code=…&employee=…). */
export interface Activation {
  employeeCode: string;
  name: string;
  position: string | null;
  positionName: PositionName | null;
  store: { id: string; code: string; name: string } | null;
}

export type RegisterAnswer = { status: 'active'; user: { id: string; name: string } } | { status: 'pending' };

export const useRegisterStores = () =>
  useQuery({
    queryKey: ['register', 'stores'],
    queryFn: ({ signal }) => api<{ items: RegisterStore[] }>('/api/register/stores', { signal }),
    staleTime: 5 * 60_000,
  });

export async function registerAccount(input: RegisterInput): Promise<RegisterAnswer> {
  const { activationCode, ...rest } = input;
  const body = activationCode.trim() ? { ...rest, activationCode: activationCode.trim() } : rest;
  const answer = await api<RegisterAnswer>('/api/register', { method: 'POST', body });
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

export const lookupActivation = (employeeCode: string, activationCode: string) =>
  api<Activation>('/api/register/activation', { method: 'POST', body: { employeeCode, activationCode } });

/** A code as the server reads it: capitals without spaces or dashes; complete when it has 8 characters of
 * the code alphabet (no 0/O/1/I/L). */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export function normalizeCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toUpperCase();
}
export function isCompleteCode(typed: string): boolean {
  const code = normalizeCode(typed);
  return code.length === 8 && [...code].every((ch) => CODE_ALPHABET.includes(ch));
}

export type ResetInput = { token: string; password: string } | { identifier: string; code: string; password: string };

/** Sets a new password with a reset code or a mailed link's token; the person is signed in afterwards. */
export async function resetPassword(input: ResetInput): Promise<{ status: 'active'; user: { id: string; name: string } }> {
  const answer = await api<{ status: 'active'; user: { id: string; name: string } }>('/api/password/reset', { method: 'POST', body: input });
  resetCsrfToken();
  return answer;
}

/** Asks for a reset link by email; the answer is the same whether or not the account exists. */
export const forgotPassword = (identifier: string) => api<{ status: 'accepted' }>('/api/password/forgot', { method: 'POST', body: { identifier } });
