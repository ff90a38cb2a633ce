// The audit log and the sign-in history of /admin/logs (GET /api/admin/audit, /api/admin/sign-ins):
// server-side filters and paging.
import { Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { formatDateTime, useLocale } from '../resources/format';
import { RangePicker } from '../resources/dates';
import { ReferenceSelect } from '../resources/references';

interface Person {
  id: string;
  name: string;
  employeeCode: string;
}
interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
export interface AuditEntry {
  id: string;
  action: string;
  resource: string;
  resourceId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  time: string;
  actor: Person | null;
}
export interface SignInEntry {
  id: string;
  identifier: string;
  ok: boolean;
  reason: string | null;
  ip: string | null;
  time: string;
  user: Person | null;
  /** "credentials" or a single sign-on provider id; null for rows written before single sign-on. */
  provider: string | null;
}

/** Field names whose values differ between before and after (what an audit row changed). */
export function changedFields(before: unknown, after: unknown): string[] {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const skip = new Set(['updatedAt', 'version', 'createdAt']);
  return [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
    (k) => !skip.has(k) && JSON.stringify(b[k]) !== JSON.stringify(a[k]),
  );
}

/** A log paged by the server: its table's props, and `setPage` (back to 1 when a filter changes). */
function usePagedLog<T>(path: string, params: Record<string, string | undefined>) {
  const [page, setPage] = useState(1);
  const { data, isLoading } = usePaged<T>(path, params, page);
  return { setPage, table: { loading: isLoading, items: data?.items ?? [], total: data?.total ?? 0, page, onPage: setPage } };
}

function usePaged<T>(path: string, params: Record<string, string | undefined>, page: number) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  q.set('page', String(page));
  q.set('pageSize', '20');
  return useQuery({
    queryKey: ['admin', path, q.toString()],
    queryFn: ({ signal }) => api<Paged<T>>(`${path}?${q.toString()}`, { signal }),
  });
}


/** One table for every log: newest-first rows with the time column first. Given `total`, pages come from
 * the server (`page`, `onPage`); without it the rows are paged in the browser. */
export function LogTable<T extends { id: string; time: string }>({
  loading,
  items,
  columns,
  total,
  page,
  onPage,
}: {
  loading: boolean;
  items: T[];
  columns: ColumnsType<T>;
  total?: number;
  page?: number;
  onPage?: (page: number) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const time: ColumnsType<T>[number] = {
    key: 'time',
    dataIndex: 'time',
    title: t('logs.time'),
    width: 190,
    render: (v: string) => <span className="sf-res__nowrap">{formatDateTime(v, locale)}</span>,
  };
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={items}
      // Fixed widths and one free column (the details) cut with an ellipsis: a log fits 1366 px unscrolled.
      tableLayout="fixed"
      pagination={
        total === undefined
          ? { pageSize: 20, showSizeChanger: false, showTotal: (n, range) => t('resource.total', { from: range[0], to: range[1], total: n }) }
          : { current: page, pageSize: 20, total, showSizeChanger: false, onChange: onPage }
      }
      columns={[time, ...columns]}
    />
  );
}

/** A log's filter: a clearable select named by its placeholder or `label`. */
export function LogFilter<V extends string>({ label, placeholder, value, onChange, options }: { label: string; placeholder: string; value: V | undefined; onChange: (v: V | undefined) => void; options: { value: V; label: string }[] }) {
  return <Select allowClear className="sf-res__filter" style={{ minWidth: 200 }} placeholder={placeholder} aria-label={label} value={value} onChange={onChange} options={options} />;
}

const who = (p: Person | null) => (p ? `${p.name} (${p.employeeCode})` : '—');
const isoDay = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

export function AuditLogTable() {
  const { t } = useTranslation();
  const [actor, setActor] = useState<string | null>(null);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const { setPage, table } = usePagedLog<AuditEntry>('/api/admin/audit', { actor: actor ?? undefined, from: isoDay(range?.[0]), to: isoDay(range?.[1]?.add(1, 'day')) });
  return (
    <>
      <Typography.Paragraph type="secondary">{t('logs.auditSubtitle')}</Typography.Paragraph>
      <div className="sf-res__toolbar">
        <ReferenceSelect resource="users" value={actor} onChange={(v) => (setActor(v), setPage(1))} placeholder={t('logs.actor')} style={{ minWidth: 240 }} />
        <RangePicker
          aria-label={t('logs.from')}
          placeholder={[t('logs.from'), t('logs.to')]}
          onChange={(v) => (setRange(v as [Dayjs | null, Dayjs | null] | null), setPage(1))}
        />
      </div>
      <LogTable<AuditEntry>
        {...table}
        columns={[
          { key: 'actor', dataIndex: 'actor', title: t('logs.actor'), width: 220, ellipsis: true, render: (p: Person | null) => who(p) },
          { key: 'action', dataIndex: 'action', title: t('logs.action'), width: 150, ellipsis: true, render: (v: string) => <Tag className="sf-res__tag" title={v}>{v}</Tag> },
          { key: 'resource', dataIndex: 'resource', title: t('logs.resource'), width: 140, ellipsis: true },
          {
            key: 'changes',
            title: t('logs.changes'),
            render: (_: unknown, e: AuditEntry) => {
              const fields = changedFields(e.before, e.after).join(', ');
              return <Typography.Text className="sf-logs__detail" ellipsis={{ tooltip: fields }}>{fields || '—'}</Typography.Text>;
            },
          },
          { key: 'ip', dataIndex: 'ip', title: t('logs.ip'), width: 130, ellipsis: true },
        ]}
      />
    </>
  );
}

export function SignInsTable() {
  const { t } = useTranslation();
  const [ok, setOk] = useState<string | undefined>();
  const { setPage, table } = usePagedLog<SignInEntry>('/api/admin/sign-ins', { ok });
  return (
    <>
      <div className="sf-res__toolbar">
        <LogFilter
          label={t('logs.result')}
          placeholder={t('logs.allResults')}
          value={ok}
          onChange={(v) => (setOk(v), setPage(1))}
          options={[
            { value: 'true', label: t('logs.ok') },
            { value: 'false', label: t('logs.failed') },
          ]}
        />
      </div>
      <LogTable<SignInEntry>
        {...table}
        columns={[
          { key: 'identifier', dataIndex: 'identifier', title: t('logs.identifier'), width: 150, ellipsis: true },
          { key: 'user', dataIndex: 'user', title: t('logs.user'), ellipsis: true, render: (p: Person | null) => who(p) },
          {
            key: 'provider',
            dataIndex: 'provider',
            title: t('logs.provider'),
            width: 130,
            ellipsis: true,
            render: (v: string | null) => (v === 'credentials' || !v ? t('logs.password') : <Tag className="sf-res__tag">{v}</Tag>),
          },
          {
            key: 'result',
            title: t('logs.result'),
            width: 190,
            ellipsis: true,
            render: (_: unknown, e: SignInEntry) =>
              e.ok ? <Tag color="green">{t('logs.ok')}</Tag> : <Tag color="red">{t(`logs.reasons.${e.reason ?? ''}`, { defaultValue: t('logs.failed') })}</Tag>,
          },
          { key: 'ip', dataIndex: 'ip', title: t('logs.ip'), width: 130, ellipsis: true },
        ]}
      />
    </>
  );
}
