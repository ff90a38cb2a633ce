// The states a staff list goes through, said once: the load error with a retry, the loading card (or the
// list's own placeholder), its items, or its empty state when there are none.
import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { LoadError } from './LoadError';

interface Props<T> {
  query: { isError: boolean; isLoading: boolean; refetch: () => unknown };
  /** The loaded items (undefined until loaded). */
  items: readonly T[] | undefined;
  errorText: ReactNode;
  retryText?: string;
  /** The list's own placeholder while loading (a card of lines unless said). */
  loading?: ReactNode;
  empty: ReactNode;
  children: (items: readonly T[]) => ReactNode;
}

export function ListStates<T>({ query, items, errorText, retryText, loading, empty, children }: Props<T>) {
  if (query.isError) return <LoadError text={errorText} onRetry={() => void query.refetch()} retryText={retryText} />;
  if (query.isLoading) return loading ?? <div className="sf-card" aria-busy="true"><Skeleton.Paragraph lineCount={6} animated /></div>;
  return items?.length ? children(items) : empty;
}
