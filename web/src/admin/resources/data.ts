// Server calls of the resource engine, as TanStack Query hooks. The schema is fetched once per session.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { findResource, listQuery, type Item, type ListPage, type ListParams, type Schema } from './schema';

const base = (resource: string) => `/api/admin/${encodeURIComponent(resource)}`;

export function useSchema() {
  return useQuery({
    queryKey: ['admin', 'schema'],
    queryFn: ({ signal }) => api<Schema>('/api/admin/schema', { signal }),
    staleTime: Infinity,
  });
}

export function useResourceSchema(name: string) {
  const q = useSchema();
  return { ...q, resource: findResource(q.data, name) };
}

export function useList(resource: string, params: ListParams, enabled = true) {
  return useQuery({
    queryKey: ['admin', 'res', resource, 'list', params],
    queryFn: ({ signal }) => api<ListPage>(`${base(resource)}${listQuery(params)}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useItem(resource: string, id: string | undefined, enabled = true) {
  return useQuery({
    queryKey: ['admin', 'res', resource, 'item', id],
    queryFn: ({ signal }) => api<Item>(`${base(resource)}/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: enabled && !!id,
    staleTime: 60_000,
  });
}

export const exportUrl = (resource: string, params: ListParams) => `${base(resource)}/export.csv${listQuery(params, false)}`;

export const createItem = (resource: string, body: Record<string, unknown>) => api<Item>(base(resource), { method: 'POST', body });
export const updateItem = (resource: string, id: string, body: Record<string, unknown>) =>
  api<Item>(`${base(resource)}/${encodeURIComponent(id)}`, { method: 'PATCH', body });
export const deleteItem = (resource: string, id: string) => api<void>(`${base(resource)}/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const runAction = <T = { item: Item }>(resource: string, id: string, action: string, body: Record<string, unknown> = {}) =>
  api<T>(`${base(resource)}/${encodeURIComponent(id)}/${encodeURIComponent(action)}`, { method: 'POST', body });

/** Invalidates every list and item of a resource after a write. */
export function useInvalidateResource() {
  const qc = useQueryClient();
  return (resource: string) => qc.invalidateQueries({ queryKey: ['admin', 'res', resource] });
}

export function useDelete(resource: string) {
  const invalidate = useInvalidateResource();
  return useMutation({
    mutationFn: (id: string) => deleteItem(resource, id),
    onSuccess: () => invalidate(resource),
  });
}
