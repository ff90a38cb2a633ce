// A contest's entries (GET /api/admin/campaigns/:id/entries): the moderation queue by status tab with
// approve / reject (a reason the author sees) per row and in bulk — "shortlist" for a naming contest — the
// votes per entry, and the admins' pick of winners (winner mode "admins") before the announcement.
import { CheckOutlined, CloseOutlined, TrophyFilled, TrophyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Segmented, Space, Table, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { ThumbImage } from '../resources/ClubThumb';
import { ReasonDialog } from '../resources/ReasonDialog';
import { entriesOf, entriesUrl, moderateUrl, toggleWinner, winnersUrl, type AdminEntry, type EntryStatus } from './logic';

type Tab = EntryStatus | 'all';

export function ContestEntries({ contestId, naming, adminsPick, winnersCount, announced, onChanged }: { contestId: string; naming: boolean; adminsPick: boolean; winnersCount: number; announced: boolean; onChanged: () => void }) {
  const { t } = useTranslation();
  const key = ['admin', 'campaigns', 'entries', contestId] as const;
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => api<{ items: AdminEntry[] }>(entriesUrl(contestId), { signal }), staleTime: 0 });
  const [tab, setTab] = useState<Tab>('pending');
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<string[] | null>(null);
  const items = list.data?.items;
  const rows = useMemo(() => entriesOf(items, tab), [items, tab]);
  const winners = useMemo(() => (items ?? []).filter((e) => e.winner).map((e) => e.id), [items]);
  const count = (s: EntryStatus) => (items ?? []).filter((e) => e.status === s).length;
  const approveLabel = t(naming ? 'campaignsAdmin.shortlist' : 'campaignsAdmin.approve');

  const refresh = () => {
    void list.refetch();
    onChanged();
  };
  const failure = (e: unknown) => (e instanceof ApiError ? e.message : t('resource.saveFailed'));

  const moderate = async (ids: string[], decision: 'approve' | 'reject', reason?: string) => {
    setBusy(ids.length === 1 ? ids[0]! : 'bulk');
    try {
      const r = await api<{ updated: number }>(moderateUrl(contestId), { method: 'POST', body: { ids, decision, reason } });
      notify.success(t(`campaignsAdmin.done.${decision}`, { count: r.updated }));
      setSelected((s) => s.filter((x) => !ids.includes(x)));
    } catch (e) {
      if (reason !== undefined) throw e;  // the reason dialog shows it
      notify.error(failure(e));
    } finally {
      setBusy(null);
      refresh();
    }
  };

  const pick = async (id: string) => {
    setBusy(id);
    try {
      await api(winnersUrl(contestId), { method: 'POST', body: { entryIds: toggleWinner(winners, id, winnersCount) } });
    } catch (e) {
      notify.error(failure(e));
    } finally {
      setBusy(null);
      refresh();
    }
  };

  const columns = [
    ...(naming
      ? []
      : [{ key: 'photo', width: 72, render: (_: unknown, e: AdminEntry) => <ThumbImage url={e.photo?.url} size={56} /> }]),
    {
      key: 'text',
      title: t(naming ? 'campaignsAdmin.col.name' : 'campaignsAdmin.col.entry'),
      render: (_: unknown, e: AdminEntry) => (
        <div className="sf-contest-admin__entry">
          {e.winner ? <TrophyFilled className="sf-contest-admin__trophy" aria-label={t('campaignsAdmin.winner')} /> : null}
          <strong>{e.text ?? t('campaignsAdmin.noCaption')}</strong>
          {e.reason ? <div className="sf-res__muted">{e.reason}</div> : null}
          {e.rejectReason ? <div className="sf-contest-admin__reject">{t('campaignsAdmin.rejectedFor', { reason: e.rejectReason })}</div> : null}
        </div>
      ),
    },
    { key: 'author', title: t('campaignsAdmin.col.author'), render: (_: unknown, e: AdminEntry) => <span>{e.author.name} <span className="sf-res__muted">{e.author.code}</span></span> },
    { key: 'status', title: t('campaignsAdmin.col.status'), render: (_: unknown, e: AdminEntry) => <Tag color={e.status === 'approved' ? 'green' : e.status === 'rejected' ? 'red' : 'gold'} data-testid="entry-status-tag">{t(`campaignsAdmin.status.${naming && e.status === 'approved' ? 'shortlisted' : e.status}`)}</Tag> },
    { key: 'votes', title: t('campaignsAdmin.col.votes'), align: 'right' as const, render: (_: unknown, e: AdminEntry) => <span data-testid="entry-votes">{e.votes}</span> },
    {
      key: 'actions',
      title: t('resource.actions'),
      render: (_: unknown, e: AdminEntry) => (
        <Space size={4}>
          {e.status === 'pending' ? (
            <>
              <Button size="small" type="primary" icon={<CheckOutlined />} loading={busy === e.id} onClick={() => void moderate([e.id], 'approve')} data-testid="entry-approve">{approveLabel}</Button>
              <Button size="small" danger icon={<CloseOutlined />} disabled={busy === e.id} onClick={() => setRejecting([e.id])} data-testid="entry-reject">{t('campaignsAdmin.reject')}</Button>
            </>
          ) : null}
          {adminsPick && !announced && e.status === 'approved' ? (
            <Tooltip title={t('campaignsAdmin.pickHint', { n: winnersCount })}>
              <Button size="small" icon={e.winner ? <TrophyFilled /> : <TrophyOutlined />} type={e.winner ? 'primary' : 'default'} loading={busy === e.id} onClick={() => void pick(e.id)} data-testid="entry-pick">
                {t(e.winner ? 'campaignsAdmin.unpick' : 'campaignsAdmin.pick')}
              </Button>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
  ];

  const pendingSelected = selected.filter((id) => items?.find((e) => e.id === id)?.status === 'pending');

  return (
    <Card
      className="sf-admin-card sf-club-detail__section"
      data-testid="contest-entries"
      title={t(naming ? 'campaignsAdmin.proposals' : 'campaignsAdmin.entries')}
      extra={
        <Segmented<Tab>
          value={tab}
          onChange={(v) => {
            setTab(v);
            setSelected([]);
          }}
          options={[
            { value: 'pending', label: `${t('campaignsAdmin.status.pending')} (${count('pending')})` },
            { value: 'approved', label: `${t(naming ? 'campaignsAdmin.status.shortlisted' : 'campaignsAdmin.status.approved')} (${count('approved')})` },
            { value: 'rejected', label: `${t('campaignsAdmin.status.rejected')} (${count('rejected')})` },
            { value: 'all', label: t('campaignsAdmin.all') },
          ]}
        />
      }
    >
      {list.isError ? <Alert type="error" showIcon message={t('resource.loadError')} /> : null}
      {pendingSelected.length ? (
        <Space className="sf-contest-admin__bulk" data-testid="entries-bulk">
          <span>{t('campaignsAdmin.selected', { count: pendingSelected.length })}</span>
          <Button type="primary" icon={<CheckOutlined />} loading={busy === 'bulk'} onClick={() => void moderate(pendingSelected, 'approve')}>{approveLabel}</Button>
          <Button danger icon={<CloseOutlined />} onClick={() => setRejecting(pendingSelected)}>{t('campaignsAdmin.reject')}</Button>
        </Space>
      ) : null}
      <Table<AdminEntry>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={rows}
        columns={columns}
        pagination={rows.length > 20 ? { pageSize: 20 } : false}
        rowSelection={tab === 'pending' || tab === 'all' ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]), getCheckboxProps: (e) => ({ disabled: e.status !== 'pending' }) } : undefined}
        onRow={(e) => ({ 'data-testid': 'entry-row', 'data-entry-id': e.id, 'data-status': e.status }) as React.HTMLAttributes<HTMLElement>}
        locale={{ emptyText: <Empty description={t('campaignsAdmin.noEntries')} /> }}
      />
      <ReasonDialog
        open={!!rejecting}
        required
        title={t('campaignsAdmin.rejectTitle', { count: rejecting?.length ?? 0 })}
        okText={t('campaignsAdmin.reject')}
        onCancel={() => setRejecting(null)}
        onSubmit={async (reason) => {
          if (!rejecting) return;
          await moderate(rejecting, 'reject', reason);
          setRejecting(null);
        }}
      />
    </Card>
  );
}
