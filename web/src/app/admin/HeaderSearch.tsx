// The top bar's search (Ant Design Pro's HeaderSearch): GET /api/admin/search?q= after a short pause,
// results grouped by resource, Enter or a click opens the item. Each hit says what it is (content, course,
// article, ebook, event, user…) and its subtitle reads as a person would: a content's kind or an item's status
// by its label ("ประเภท: ลิงก์"), never the stored code ("link"). The matched words of the title are marked as the
// staff search marks them (components/Highlighted: the text escaped, only the marks are markup).
import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Highlighted } from '../../components/Highlighted';
import { api } from '../../lib/api';
import { useSchema } from '../../admin/resources/data';
import { findResource, labelOf, type ResourceSchema } from '../../admin/resources/schema';
import { itemPathFor } from './routes';

export interface SearchHit {
  resource: string;
  id: string;
  title: string | null;
  /** The matched words of `title`: [begin, end) in UTF-16 units. */
  titleMarks?: [number, number][];
  subtitle: string | null;
}

export const SEARCH_DEBOUNCE_MS = 250;

/** A hit's subtitle as words: an enum field's value by its option's label, after the field's label. */
export function subtitleText(resource: ResourceSchema | undefined, subtitle: string | null, language: string): string | null {
  if (!subtitle || !resource?.subtitleField) return subtitle;
  const field = resource.fields.find((f) => f.name === resource.subtitleField);
  const option = field?.type === 'enum' ? field.options?.find((o) => o.value === subtitle) : undefined;
  return option && field ? `${labelOf(field.label, language)}: ${labelOf(option.label, language)}` : subtitle;
}

/** Hits grouped by resource, in the order the server answered. */
export function groupHits(hits: SearchHit[]): { resource: string; hits: SearchHit[] }[] {
  const groups = new Map<string, SearchHit[]>();
  for (const h of hits) groups.set(h.resource, [...(groups.get(h.resource) ?? []), h]);
  return [...groups].map(([resource, list]) => ({ resource, hits: list }));
}

/** One hit in the list: its title with the matched words marked (the id when it has no title), what it is, and
 *  its subtitle. */
export function HitLabel({ hit, kind, subtitle }: { hit: SearchHit; kind: string; subtitle: string | null }) {
  return (
    <div className="sf-search__hit" data-testid="search-hit" data-kind={hit.resource}>
      <span className="sf-search__line">
        <span className="sf-search__title">
          {hit.title ? <Highlighted text={hit.title} marks={hit.titleMarks ?? []} /> : hit.id}
        </span>
        <span className="sf-search__kind">{kind}</span>
      </span>
      {subtitle ? <span className="sf-search__subtitle">{subtitle}</span> : null}
    </div>
  );
}

export function HeaderSearch() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { data: schema } = useSchema();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const h = setTimeout(() => setQ(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(h);
  }, [text]);
  const { data, isFetching } = useQuery({
    queryKey: ['admin', 'search', q],
    queryFn: ({ signal }) => api<{ results: SearchHit[] }>(`/api/admin/search?q=${encodeURIComponent(q)}`, { signal }),
    enabled: q.length > 0,
    staleTime: 10_000,
  });

  const options = useMemo((): { value?: string; disabled?: boolean; label: React.ReactNode; options?: { value: string; label: React.ReactNode }[] }[] => {
    if (!q) return [];
    const groups = groupHits(data?.results ?? []);
    if (!groups.length)
      return isFetching ? [] : [{ value: '', disabled: true, label: <span className="sf-search__none">{t('admin.searchNoResults', { query: q })}</span> }];
    return groups.map((g) => {
      const resource = findResource(schema, g.resource);
      const group = labelOf(resource?.label, i18n.language) || g.resource;
      // One item of the kind, in the UI's language (the group's label is the plural).
      const kind = t(`admin.searchKind.${g.resource}`, { defaultValue: group });
      return {
        label: <span className="sf-search__group">{group}</span>,
        options: g.hits.map((h) => ({
          value: `${h.resource}:${h.id}`,
          label: <HitLabel hit={h} kind={kind} subtitle={subtitleText(resource, h.subtitle, i18n.language)} />,
        })),
      };
    });
  }, [data, q, isFetching, schema, i18n.language, t]);

  return (
    <AutoComplete
      className="sf-admin__search"
      popupClassName="sf-search__popup"
      options={options}
      value={text}
      onChange={(v: string) => {
        // Choosing a hit also reports its value as a change: keep the typed text instead.
        if (!(data?.results ?? []).some((h) => `${h.resource}:${h.id}` === v)) setText(v);
      }}
      onSelect={(value: string) => {
        const [resource, id] = [value.slice(0, value.indexOf(':')), value.slice(value.indexOf(':') + 1)];
        const path = itemPathFor(resource, id);
        setText('');
        setQ('');
        if (path) navigate(path);
      }}
      popupMatchSelectWidth={360}
    >
      <Input
        placeholder={t('admin.search')}
        aria-label={t('admin.searchLabel')}
        prefix={<SearchOutlined aria-hidden="true" />}
        allowClear
      />
    </AutoComplete>
  );
}
