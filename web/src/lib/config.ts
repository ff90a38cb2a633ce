import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api';

export interface PublicConfig {
  productName: string;
  defaultLocale: string;
  locales: string[];
  /** "Forgot password?" can mail a link (SMTP is configured on the server). */
  passwordEmail: boolean;
}

export const DEFAULT_PRODUCT_NAME = 'Shopfloor';

export function useConfig(): PublicConfig {
  const { data } = useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => api<PublicConfig>('/api/config', { signal, toastOnNetworkError: false }),
    staleTime: Infinity,
    retry: 1,
  });
  return {
    productName: data?.productName?.trim() || DEFAULT_PRODUCT_NAME,
    defaultLocale: data?.defaultLocale ?? 'th',
    locales: data?.locales ?? ['th', 'en'],
    passwordEmail: data?.passwordEmail ?? false,
  };
}

export function useProductName(): string {
  return useConfig().productName;
}

/** Page title is the product name (SPEC §2). */
export function DocumentTitle() {
  const name = useProductName();
  useEffect(() => {
    document.title = name;
  }, [name]);
  return null;
}
