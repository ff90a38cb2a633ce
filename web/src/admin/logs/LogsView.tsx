// Logs (SPEC §5): the audit log and sign-in history (AuditLogs.tsx), and the user activity log of
// GET /api/admin/activity (docs/API.md "Telemetry"), newest first, filtered by type and user.
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Select, Tabs, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { AdminPageHeader } from '../resources/AreaPage';
import { LoadErrorAlert } from '../resources/LoadErrorAlert';
import { AuditLogTable, LogFilter, LogTable, SignInsTable } from './AuditLogs';
import { ReferenceName, ReferenceSelect } from '../resources/references';
import type { AdminPage } from '../resources/pages';

export const ACTIVITY_TYPES = ['activity', 'click', 'page_time', 'scroll_time', 'page_view', 'web_vital'] as const;

export interface ActivityEntry {
  id: string;
  type: (typeof ACTIVITY_TYPES)[number];
  userId: string;
  time: string;
  [k: string]: unknown;
}

/** The interesting part of an entry, as one line of text. */
export function activityDetail(e: ActivityEntry): string {
  switch (e.type) {
    case 'activity':
      return `${String(e.action ?? '')} ${String(e.page ?? '')}`.trim();
    case 'click':
      return String(e.element ?? '');
    case 'page_time':
    case 'scroll_time':
      return `${String(e.url ?? '')} · ${(Number(e.duration ?? 0) / 1000).toFixed(1)} s`;
    case 'page_view':
      return String(e.url ?? '');
    case 'web_vital':
      return `${String(e.name ?? '')} ${String(e.value ?? '')}${e.rating ? ` (${String(e.rating)})` : ''} · ${String(e.url ?? '')}`;
    default:
      return '';
  }
}

export function LogsView({ page }: { page: AdminPage }) {
  const { t } = useTranslation();
  return (
    <div className="sf-admin-page">
      <AdminPageHeader page={page} title={t(page.labelKey)} subtitle={t('logs.subtitle')} />
      <Card className="sf-admin-card">
        <Tabs
          defaultActiveKey="audit"
          items={[
            { key: 'audit', label: t('logs.tabs.audit'), children: <AuditLogTable /> },
            { key: 'signIns', label: t('logs.tabs.signIns'), children: <SignInsTable /> },
            { key: 'activity', label: t('logs.tabs.activity'), children: <ActivityLog /> },
          ]}
        />
      </Card>
    </div>
  );
}

function ActivityLog() {
  const { t } = useTranslation();
  const [type, setType] = useState<string | undefined>();
  const [userId, setUserId] = useState<string | null>(null);
  const [limit, setLimit] = useState(200);
  const q = new URLSearchParams();
  if (type) q.set('type', type);
  if (userId) q.set('userId', userId);
  q.set('limit', String(limit));
  const { data, isLoading, isFetching, isError, refetch } = useQuery({
    queryKey: ['admin', 'activity', type, userId, limit],
    queryFn: ({ signal }) => api<{ items: ActivityEntry[] }>(`/api/admin/activity?${q.toString()}`, { signal }),
  });

  return (
    <>
        <div className="sf-res__toolbar">
          <LogFilter
            label={t('logs.type')}
            placeholder={t('logs.type')}
            value={type}
            onChange={setType}
            options={ACTIVITY_TYPES.map((v) => ({ value: v, label: t(`logs.types.${v}`) }))}
          />
          <ReferenceSelect resource="users" value={userId} onChange={setUserId} placeholder={t('logs.user')} style={{ minWidth: 240 }} />
          <Select
            className="sf-res__filter"
            aria-label={t('logs.limit')}
            value={limit}
            onChange={setLimit}
            options={[100, 200, 500].map((v) => ({ value: v, label: t('logs.latest', { count: v }) }))}
          />
          <div className="sf-res__toolbar-end">
            <Button icon={<ReloadOutlined />} loading={isFetching && !isLoading} onClick={() => void refetch()}>{t('resource.refresh')}</Button>
          </div>
        </div>
        {isError ? <LoadErrorAlert /> : null}
        <LogTable<ActivityEntry>
          loading={isLoading}
          items={data?.items ?? []}
          columns={[
            { key: 'type', dataIndex: 'type', title: t('logs.type'), width: 150, render: (v: string) => <Tag className="sf-res__tag">{t(`logs.types.${v}`, { defaultValue: v })}</Tag> },
            {
              key: 'user',
              dataIndex: 'userId',
              title: t('logs.user'),
              width: 220,
              render: (v: string) => (v === 'anonymous' ? <span className="sf-res__muted">{t('logs.anonymous')}</span> : <ReferenceName resource="users" id={v} />),
            },
            {
              key: 'detail',
              title: t('logs.detail'),
              render: (_: unknown, e: ActivityEntry) => (
                <Typography.Text className="sf-logs__detail" ellipsis={{ tooltip: activityDetail(e) }}>{activityDetail(e)}</Typography.Text>
              ),
            },
          ]}
        />
    </>
  );
}
