// Audience (format "audience"): stores, regions, positions (free tags), groups, subgroups. Empty = everyone.
import { TeamOutlined } from '@ant-design/icons';
import { useQueries } from '@tanstack/react-query';
import { Select, Space, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { AUDIENCE_KINDS, AUDIENCE_RESOURCE, audienceSummary, isEveryone, normaliseAudience, parseAudience, type AudienceKind } from './audience';
import { ReferenceName, useReferenceOptions } from './references';
import { itemTitle, type Item } from './schema';

function MultiReference({ resource, value, onChange, placeholder, disabled, ariaLabel }: { resource: string; value: string[]; onChange: (v: string[]) => void; placeholder: string; disabled?: boolean; ariaLabel: string }) {
  const { target, setSearch, list } = useReferenceOptions(resource);
  const chosen = useQueries({
    queries: value.map((id) => ({
      queryKey: ['admin', 'res', resource, 'item', id],
      queryFn: ({ signal }: { signal: AbortSignal }) => api<Item>(`/api/admin/${resource}/${encodeURIComponent(id)}`, { signal }),
      staleTime: 60_000,
      enabled: !!target,
    })),
  });
  const options = useMemo(() => {
    const seen = new Map<string, string>();
    for (const q of chosen) if (q.data && target) seen.set(q.data.id, itemTitle(target, q.data));
    for (const it of list.data?.items ?? []) if (target) seen.set(it.id, itemTitle(target, it));
    for (const id of value) if (!seen.has(id)) seen.set(id, `${id.slice(0, 8)}…`);
    return [...seen].map(([v, label]) => ({ value: v, label }));
  }, [chosen, list.data, target, value]);
  return (
    <Select
      mode="multiple"
      allowClear
      showSearch
      filterOption={false}
      onSearch={setSearch}
      onBlur={() => setSearch('')}
      value={value}
      onChange={onChange}
      options={options}
      placeholder={placeholder}
      disabled={disabled || !target}
      loading={list.isFetching}
      aria-label={ariaLabel}
      maxTagCount="responsive"
      style={{ width: '100%' }}
    />
  );
}

export function AudienceInput({ value, onChange, disabled, id }: { value?: unknown; onChange?: (v: unknown) => void; disabled?: boolean; id?: string }) {
  const { t } = useTranslation();
  const a = parseAudience(value);
  const set = (k: AudienceKind, v: string[]) => onChange?.(normaliseAudience({ ...a, [k]: v }));
  return (
    <div className="sf-aud" id={id}>
      <div className="sf-aud__head">
        <TeamOutlined />
        {isEveryone(value) ? <Tag color="green" className="sf-res__tag">{t('audiencePicker.everyone')}</Tag> : <span className="sf-aud__summary">{audienceSummary(value, t)}</span>}
        <span className="sf-res__muted sf-aud__hint">{t('audiencePicker.hint')}</span>
      </div>
      <div className="sf-aud__grid">
        {AUDIENCE_KINDS.map((k) => {
          const resource = AUDIENCE_RESOURCE[k];
          return (
            <label key={k} className="sf-aud__row">
              <span className="sf-aud__label">{t(`audiencePicker.kinds.${k}`)}</span>
              {resource ? (
                <MultiReference resource={resource} value={a[k]} onChange={(v) => set(k, v)} placeholder={t('audiencePicker.any')} disabled={disabled} ariaLabel={t(`audiencePicker.kinds.${k}`)} />
              ) : (
                <Select
                  mode="tags"
                  value={a[k]}
                  onChange={(v: string[]) => set(k, v)}
                  tokenSeparators={[',']}
                  open={false}
                  suffixIcon={null}
                  placeholder={t('audiencePicker.positionsHint')}
                  disabled={disabled}
                  aria-label={t(`audiencePicker.kinds.${k}`)}
                  style={{ width: '100%' }}
                />
              )}
            </label>
          );
        })}
      </div>
    </div>
  );
}

/** A list of stores (format "stores", e.g. the stores told when a live quiz opens): the audience's store picker
 * on its own. Empty = no store. */
export function StoreListInput({ value, onChange, disabled, id }: { value?: unknown; onChange?: (v: unknown) => void; disabled?: boolean; id?: string }) {
  const { t } = useTranslation();
  const stores = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  return (
    <div id={id} data-testid="store-list-input">
      <MultiReference resource="stores" value={stores} onChange={(v) => onChange?.(v.length ? v : null)} placeholder={t('audiencePicker.noStores')} disabled={disabled} ariaLabel={t('audiencePicker.kinds.stores')} />
    </div>
  );
}

/** The short form for list cells and details: "everyone" or one tag per kind. */
export function AudienceSummary({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const a = parseAudience(value);
  if (isEveryone(value)) return <Tag color="green" className="sf-res__tag">{t('audiencePicker.everyone')}</Tag>;
  return (
    <Space size={[4, 4]} wrap className="sf-aud__tags">
      {AUDIENCE_KINDS.filter((k) => a[k].length).map((k) => {
        const resource = AUDIENCE_RESOURCE[k];
        if (a[k].length > 1) return <Tag key={k} className="sf-res__tag">{t(`audiencePicker.count.${k}`, { count: a[k].length })}</Tag>;
        return (
          <Tag key={k} className="sf-res__tag">
            {t(`audiencePicker.one.${k}`)} {resource ? <ReferenceName resource={resource} id={a[k][0] ?? ""} /> : a[k][0]}
          </Tag>
        );
      })}
    </Space>
  );
}
