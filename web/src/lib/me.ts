import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import i18n, { changeLanguage, isLocale, type Locale } from '../i18n';
import { api } from './api';
import type { PositionName } from './profiles';
import { useSession, type Role } from './session';
import { notify } from './toast';

export interface Ref {
  id: string;
  code: string;
  name: string;
}

export interface Me {
  id: string;
  employeeCode: string;
  name: string;
  nickname?: string | null;
  email?: string | null;
  phone?: string | null;
  image?: string | null;
  role: Role;
  status: string;
  locale?: string | null;
  position?: string | null;
  positionName?: PositionName | null;
  store: Ref | null;
  region: Ref | null;
}

export const meKey = ['me'] as const;

export function useMe() {
  const { status, data } = useSession();
  return useQuery({
    queryKey: [...meKey, data?.user.id],
    queryFn: ({ signal }) => api<{ user: Me }>('/api/me', { signal }).then((r) => r.user),
    enabled: status === 'authenticated',
    staleTime: 60_000,
  });
}

/** What PATCH /api/me changes: nickname (null clears it), language, photo (an upload of mine; null removes it). */
export interface MeChanges {
  nickname?: string | null;
  locale?: Locale;
  photoId?: string | null;
}

/** PATCH /api/me; the session is refetched too, so the header and every cached picture follow. */
export function useUpdateMe() {
  const { data, update } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: MeChanges) => api<{ user: Me }>('/api/me', { method: 'PATCH', body: changes }),
    onSuccess: async (res) => {
      client.setQueryData([...meKey, data?.user.id], res.user);
      await client.invalidateQueries({ queryKey: ['profile', res.user.id] });
      await update();
    },
  });
}

/** After sign-in, the user's saved language wins over this device's (applied once per user). */
export function LocaleFromAccount() {
  const { data: me } = useMe();
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!me || applied.current === me.id) return;
    applied.current = me.id;
    if (isLocale(me.locale) && me.locale !== i18n.language) void changeLanguage(me.locale);
  }, [me]);
  return null;
}

/** Switch the language at once; when signed in, save it to the account with PATCH /api/me. */
export function useSetLanguage() {
  const { status, data } = useSession();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (locale: Locale) => api<{ user: Me }>('/api/me', { method: 'PATCH', body: { locale } }),
    onSuccess: (res) => client.setQueryData([...meKey, data?.user.id], res.user),
  });
  return async (locale: Locale) => {
    await changeLanguage(locale);
    const language = i18n.t(`common.languageName.${locale}`);
    if (status !== 'authenticated') return;
    try {
      await mutation.mutateAsync(locale);
      notify.success(i18n.t('toast.languageSaved', { language }), 'language');
    } catch (e) {
      if (!(e as { isNetwork?: boolean }).isNetwork) notify.error(i18n.t('toast.languageNotSaved'), 'language');
    }
  };
}
