// References to other items: their names (a thumbnail for media) and the searchable select that picks one.
import { Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../lib/api';
import { Image } from '../../lib/image';
import { useItem, useSchema } from './data';
import { findResource, itemTitle, listQuery, type Item, type ListPage } from './schema';

/** The referenced item's title (a thumbnail too for media); the raw id when the caller may not read it. */
export function ReferenceName({ resource, id }: { resource: string; id: string }) {
  const { data: schema } = useSchema();
  const target = findResource(schema, resource);
  const { data: item, isError } = useItem(resource, id, !!target);
  if (!target || isError) return <Typography.Text type="secondary" className="sf-res__id">{id.slice(0, 8)}…</Typography.Text>;
  if (!item) return <span className="sf-res__empty">…</span>;
  if (resource === 'medias') return <MediaChip item={item} />;
  return <span>{itemTitle(target, item)}</span>;
}

export function MediaChip({ item }: { item: Item }) {
  const url = typeof item.url === 'string' ? item.url : '';
  return (
    <span className="sf-res__media">
      {item.kind === 'image' && url ? (
        <Image src={url} alt={String(item.alt ?? '')} width={32} height={32} sizes="32px" className="sf-res__thumb" fit="cover" />
      ) : null}
      <span className="sf-res__media-name">{String(item.originalName ?? item.id)}</span>
    </span>
  );
}

/** The first 50 items of `resource` matching the search typed in a select (debounced 250 ms), optionally sorted by
 * title and narrowed by list filters (e.g. the sub-categories of one category). */
export function useReferenceOptions(
  resource: string,
  { sortByTitle = false, filters }: { sortByTitle?: boolean; filters?: Record<string, string | undefined> } = {},
) {
  const { data: schema } = useSchema();
  const target = findResource(schema, resource);
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const h = setTimeout(() => setDebounced(search), 250);
    return () => clearTimeout(h);
  }, [search]);
  const sort = sortByTitle && target && target.sortable.includes(target.titleField) ? target.titleField : undefined;
  const list = useQuery({
    queryKey: ['admin', 'res', resource, 'options', debounced, filters ?? null],
    queryFn: ({ signal }) => api<ListPage>(`/api/admin/${resource}${listQuery({ q: debounced, pageSize: 50, sort, filters })}`, { signal }),
    enabled: !!target,
    staleTime: 30_000,
  });
  return { target, setSearch, list };
}

/** Search-as-you-type select over a resource (references in forms and filters). */
export function ReferenceSelect({
  resource,
  value,
  onChange,
  placeholder,
  allowClear = true,
  disabled,
  id,
  style,
  filters,
}: {
  resource: string;
  value?: string | null;
  onChange?: (v: string | null) => void;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  id?: string;
  style?: React.CSSProperties;
  /** Offer only the items matching these list filters; a chosen item outside them is cleared. */
  filters?: Record<string, string | undefined>;
}) {
  const { target, setSearch, list } = useReferenceOptions(resource, { sortByTitle: true, filters });
  const { data, isFetching } = list;
  const current = useItem(resource, value ?? undefined, !!target && !!value);
  const outside =
    !!filters && !!current.data && Object.entries(filters).some(([k, v]) => v !== undefined && v !== '' && current.data![k] !== v);
  useEffect(() => {
    if (outside) onChange?.(null);
  }, [outside, onChange]);
  const options = useMemo(() => {
    const list = (data?.items ?? []).map((it) => ({ value: it.id, label: optionLabel(target, it) }));
    if (current.data && !outside && !list.some((o) => o.value === current.data.id)) list.unshift({ value: current.data.id, label: optionLabel(target, current.data) });
    return list;
  }, [data, current.data, outside, target]);
  return (
    <Select
      id={id}
      showSearch
      allowClear={allowClear}
      disabled={disabled || !target}
      value={value ?? undefined}
      placeholder={placeholder}
      filterOption={false}
      onSearch={setSearch}
      onChange={(v) => onChange?.((v as string | undefined) ?? null)}
      loading={isFetching}
      options={options}
      style={style}
      popupMatchSelectWidth={false}
    />
  );
}

function optionLabel(target: ReturnType<typeof findResource>, it: Item): string {
  if (!target) return it.id;
  const title = itemTitle(target, it);
  const sub = target.subtitleField ? it[target.subtitleField] : undefined;
  return typeof sub === 'string' && sub && sub !== title ? `${title} · ${sub}` : title;
}
