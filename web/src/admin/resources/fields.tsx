// One field of a resource, by type: how it reads (cells, details) and how it is edited (form inputs).
import { DatePicker, Input, InputNumber, Select, Space, Switch, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { Image } from '../../lib/image';
import { useItem, useSchema } from './data';
import { findResource, itemTitle, labelOf, listQuery, type FieldSchema, type Item, type ListPage } from './schema';
import { AudienceInput, AudienceSummary } from './AudiencePicker';
import { MediaInput, MediaListInput, mediaIds, mediaKindOf } from './MediaField';
import { RichTextInput, htmlExcerpt } from './RichText';
import type { MediaKind } from '../medias/MediaPicker';

/** A json field holding an ordered list of media ids (e.g. the images of an image set). */
export const isMediaList = (f: FieldSchema) =>
  f.type === 'json' && (f.format === 'media-list' || f.format === 'medias' || f.format === 'images' || f.reference === 'medias' || (f.name === 'images' && !f.format));
const isAudience = (f: FieldSchema) => f.format === 'audience' || (f.type === 'json' && f.name === 'audience');

export function useLocale(): 'th' | 'en' {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'th';
}

export function formatDateTime(value: unknown, locale: 'th' | 'en'): string {
  if (typeof value !== 'string' || !value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'th-TH', { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

export function formatBytes(bytes: number, locale: 'th' | 'en'): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'th-TH', { maximumFractionDigits: i ? 1 : 0 }).format(v)} ${units[i]}`;
}

const enumColors: Record<string, string> = {
  active: 'green',
  published: 'green',
  pending: 'gold',
  draft: 'default',
  archived: 'orange',
  hidden: 'orange',
  visible: 'green',
  disabled: 'red',
  admin: 'purple',
  editor: 'blue',
};

/** A value as text or tags, for table cells and the detail view. */
export function FieldValue({ field, value }: { field: FieldSchema; value: unknown }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
    return isAudience(field) ? <AudienceSummary value={value} /> : <span className="sf-res__empty">—</span>;
  if (isAudience(field)) return <AudienceSummary value={value} />;
  if (field.format === 'html') return <span className="sf-res__excerpt">{htmlExcerpt(value) || '—'}</span>;
  if (isMediaList(field)) {
    const ids = mediaIds(value);
    return (
      <Space size={4} wrap>
        {ids.slice(0, 4).map((id) => <ReferenceName key={id} resource="medias" id={id} />)}
        {ids.length > 4 ? <Tag className="sf-res__tag">+{ids.length - 4}</Tag> : null}
      </Space>
    );
  }
  switch (field.type) {
    case 'enum': {
      const o = field.options?.find((x) => x.value === value);
      return <Tag color={enumColors[String(value)] ?? 'default'} className="sf-res__tag">{o ? labelOf(o.label, locale) : String(value)}</Tag>;
    }
    case 'boolean':
      return <Tag color={value ? 'green' : 'default'} className="sf-res__tag">{value ? t('common.yes') : t('common.no')}</Tag>;
    case 'datetime':
      return <span className="sf-res__nowrap">{formatDateTime(value, locale)}</span>;
    case 'integer':
      return <span className="sf-res__num">{new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'th-TH').format(Number(value))}</span>;
    case 'reference':
      return <ReferenceName resource={field.reference ?? ''} id={String(value)} />;
    case 'string_list':
      return (
        <Space size={[4, 4]} wrap>
          {(value as string[]).map((v) => <Tag key={v} className="sf-res__tag">{v}</Tag>)}
        </Space>
      );
    case 'json':
      return <Typography.Text code>{JSON.stringify(value)}</Typography.Text>;
    default:
      return <span>{String(value)}</span>;
  }
}

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

/** antd DatePicker keeps Dayjs; the API wants ISO strings. */
export const toDayjs = (v: unknown): Dayjs | undefined => (typeof v === 'string' && v ? dayjs(v) : undefined);
export const fromDayjs = (v: unknown): string | null => (dayjs.isDayjs(v) ? (v as Dayjs).toISOString() : v === undefined ? null : (v as string | null));

/** The form input for a field. Controlled by antd Form.Item (value/onChange are injected). */
export function FieldInput({ field, disabled, mediaKind, ...rest }: { field: FieldSchema; disabled?: boolean; mediaKind?: MediaKind } & Record<string, unknown>) {
  const { t } = useTranslation();
  const locale = useLocale();
  const p = { ...rest, disabled } as Record<string, unknown>;
  if (field.format === 'html') return <RichTextInput {...(p as object)} placeholder={labelOf(field.label, locale)} />;
  if (isAudience(field)) return <AudienceInput {...(p as object)} />;
  if (isMediaList(field)) return <MediaListInput {...(p as object)} kind={mediaKind ?? mediaKindOf(field.name, field.format) ?? 'image'} />;
  if (field.type === 'reference' && field.reference === 'medias') return <MediaInput {...(p as object)} kind={mediaKind ?? mediaKindOf(field.name, field.format)} />;
  switch (field.type) {
    case 'text':
      return <Input.TextArea {...p} autoSize={{ minRows: 3, maxRows: 10 }} maxLength={field.maxLength} showCount={!!field.maxLength} />;
    case 'integer':
      return <InputNumber {...p} min={field.min} max={field.max} precision={0} style={{ width: '100%' }} />;
    case 'boolean':
      return <Switch {...(p as object)} />;
    case 'enum':
      return (
        <Select
          {...p}
          allowClear={!field.required}
          options={field.options?.map((o) => ({ value: o.value, label: labelOf(o.label, locale) }))}
        />
      );
    case 'datetime':
      return <DatePicker {...p} showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />;
    case 'reference':
      return <ReferenceSelect {...(p as object)} resource={field.reference ?? ''} allowClear={!field.required} placeholder={t('resource.choose')} />;
    case 'string_list':
      return <Select {...p} mode="tags" tokenSeparators={[',']} open={false} suffixIcon={null} placeholder={t('resource.tagsHint')} />;
    case 'json':
      return <Input.TextArea {...p} autoSize={{ minRows: 3, maxRows: 10 }} />;
    default:
      if (field.writeOnly) return <Input.Password {...p} maxLength={field.maxLength} autoComplete="new-password" />;
      return <Input {...p} maxLength={field.maxLength} type={field.format === 'email' ? 'email' : 'text'} />;
  }
}
