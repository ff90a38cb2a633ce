// Redeem › Redemptions: the queue (GET /api/admin/redemptions). Filters (pending by default), approve /
// reject (with a reason) / mark fulfilled per row as the status allows, the same in bulk for the selected
// rows, and the pick list as CSV or XLSX for the current filters.
import { CheckOutlined, CloseOutlined, GiftOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Space, Table, Tooltip, type TableProps } from 'antd';
import { useMemo, useState, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { dateColumnWidth } from '../resources/columnWidths';
import { formatDateTime, useLocale } from '../resources/format';
import { actOnRedemption, bulkRedemptions, useInvalidateClub, useRedemptions, type AdminRedemption } from './api';
import { BulkBar, type BulkOutcome } from './BulkBar';
import { ExportButtons } from '../resources/ExportButtons';
import { allowedActions, bulkCounts, eligibleIds, filtersFromQuery, redemptionsExportUrl, type RedemptionAction, type RedemptionFilters } from './logic';
import { ReasonDialog } from '../resources/ReasonDialog';
import { MethodCell, PersonCell, RedemptionDetails, RewardCell, StatusTag } from './RedemptionCells';
import { RedemptionFiltersBar } from './RedemptionFiltersBar';
import { numberFormat } from '../../lib/intl';
import { LoadErrorAlert } from '../resources/LoadErrorAlert';
import { tableLoading, usePaging } from '../resources/paging';

const ICONS: Record<RedemptionAction, ReactNode> = { approve: <CheckOutlined />, reject: <CloseOutlined />, fulfil: <GiftOutlined /> };

/** Who a reject is asked for: one row, or the rows of a bulk reject. */
type RejectTarget = { kind: 'one'; row: AdminRedemption } | { kind: 'bulk' };

export function RedemptionsView() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { modal } = App.useApp();
  const invalidate = useInvalidateClub();
  const [search] = useSearchParams();
  // A link may name the filters (the dashboard's `?status=pending`, a report's `?reward=<id>`).
  const [filters, setFilters] = useState<RedemptionFilters>(() => filtersFromQuery(search));
  const { page, pageSize, setPage, pagination } = usePaging();
  const [selected, setSelected] = useState<AdminRedemption[]>([]);
  const [busyRow, setBusyRow] = useState<string | null>(null);
  const [bulkBusy, setBulkBusy] = useState<RedemptionAction | null>(null);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const [rejecting, setRejecting] = useState<RejectTarget | null>(null);
  const list = useRedemptions(filters, page, pageSize);

  const refresh = () => {
    void invalidate('redemptions');
  };

  const changeFilters = (next: RedemptionFilters) => {
    setFilters(next);
    setPage(1);
    setSelected([]);
  };

  const doneText = (action: RedemptionAction, r: AdminRedemption) => t(`clubAdmin.redemptions.done.${action}`, { name: r.user?.name ?? '', reward: r.reward?.title ?? '' });

  const actOne = async (r: AdminRedemption, action: RedemptionAction, reason?: string) => {
    setBusyRow(r.id);
    try {
      await actOnRedemption(r.id, action, reason);
      notify.success(doneText(action, r));
      setSelected((s) => s.filter((x) => x.id !== r.id));
    } catch (e) {
      // A reject from the dialog shows its error there; the other actions here.
      if (reason !== undefined) throw e;
      notify.error(failureText(e));
    } finally {
      setBusyRow(null);
      refresh();
    }
  };

  const failureText = (e: unknown) =>
    e instanceof ApiError ? t(`clubAdmin.failure.${e.code}`, { defaultValue: e.message }) : t('resource.saveFailed');

  const runBulk = async (action: RedemptionAction, reason?: string) => {
    const ids = eligibleIds(selected, action);
    if (!ids.length) return;
    setBulkBusy(action);
    try {
      const result = await bulkRedemptions(ids, action, reason);
      setOutcome({ result, ...bulkCounts(result, selected.length, ids.length) });
      setSelected([]);
    } catch (e) {
      if (reason !== undefined) throw e;
      notify.error(failureText(e));
    } finally {
      setBulkBusy(null);
      refresh();
    }
  };

  const onBulk = (action: RedemptionAction) => {
    if (action === 'reject') {
      setRejecting({ kind: 'bulk' });
      return;
    }
    const count = eligibleIds(selected, action).length;
    modal.confirm({
      title: t(`clubAdmin.bulk.confirm.${action}`, { count }),
      okText: t(`clubAdmin.bulk.${action}`, { count }),
      cancelText: t('common.cancel'),
      onOk: () => runBulk(action),
    });
  };

  const columns = useMemo<TableProps<AdminRedemption>['columns']>(
    () => [
      // Fixed widths for what must show whole (cost, status, date, actions); the person, the reward and the
      // handover share the rest, cut with an ellipsis (whole on hover): the queue fits 1366 px unscrolled.
      { key: 'user', title: t('clubAdmin.redemptions.person'), render: (_: unknown, r) => <PersonCell person={r.user} /> },
      { key: 'reward', title: t('clubAdmin.redemptions.reward'), render: (_: unknown, r) => <RewardCell r={r} /> },
      {
        key: 'cost',
        width: 84,
        dataIndex: 'cost',
        title: t('clubAdmin.redemptions.cost'),
        align: 'right',
        render: (v: number) => numberFormat(locale === 'en' ? 'en-US' : 'th-TH').format(v),
      },
      { key: 'method', title: t('clubAdmin.redemptions.method'), render: (_: unknown, r) => <MethodCell r={r} /> },
      {
        key: 'status',
        dataIndex: 'status',
        width: 120,
        title: t('clubAdmin.redemptions.status'),
        render: (s: string, r) => (
          <Space direction="vertical" size={0}>
            <StatusTag status={s} />
            {r.reason ? <span className="sf-res__muted sf-club-reason">{r.reason}</span> : null}
          </Space>
        ),
      },
      {
        key: 'createdAt',
        dataIndex: 'createdAt',
        width: dateColumnWidth(t('clubAdmin.redemptions.createdAt'), false, locale, t),
        title: t('clubAdmin.redemptions.createdAt'),
        render: (v: string) => <span className="sf-res__nowrap sf-res__muted">{formatDateTime(v, locale)}</span>,
      },
      {
        key: 'actions',
        title: <span className="sf-visually-hidden">{t('resource.actions')}</span>,
        width: 196,
        render: (_: unknown, r) => (
          <Space size={4} className="sf-res__row-actions">
            {allowedActions(r.status).map((a) => (
              <Tooltip key={a} title={t(`clubAdmin.actions.${a}`)}>
                <Button
                  size="small"
                  icon={ICONS[a]}
                  danger={a === 'reject'}
                  type={a === 'approve' ? 'primary' : 'default'}
                  loading={busyRow === r.id && a !== 'reject'}
                  disabled={busyRow === r.id}
                  data-testid={`${a}-${r.id}`}
                  aria-label={t(`clubAdmin.actions.${a}For`, { name: r.user?.name ?? '', reward: r.reward?.title ?? '' })}
                  onClick={() => (a === 'reject' ? setRejecting({ kind: 'one', row: r }) : void actOne(r, a))}
                >
                  {t(`clubAdmin.actions.${a}`)}
                </Button>
              </Tooltip>
            ))}
          </Space>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, locale, busyRow],
  );

  const rejectCount = rejecting?.kind === 'bulk' ? eligibleIds(selected, 'reject').length : 1;

  return (
    <div className="sf-club-queue">
      <RedemptionFiltersBar value={filters} onChange={changeFilters} />
      <div className="sf-club-queue__tools">
        <span className="sf-res__muted">{list.data ? t('clubAdmin.redemptions.count', { count: list.data.total }) : null}</span>
        <Space>
          <Tooltip title={t('resource.refresh')}>
            <Button icon={<ReloadOutlined />} aria-label={t('resource.refresh')} onClick={() => void list.refetch()} loading={list.isFetching && !list.isLoading} />
          </Tooltip>
          <ExportButtons url={(format) => redemptionsExportUrl(filters, format)} />
        </Space>
      </div>
      <BulkBar selected={selected} busy={bulkBusy} outcome={outcome} onAction={onBulk} onClear={() => setSelected([])} onDismiss={() => setOutcome(null)} />
      {list.isError ? <LoadErrorAlert className="sf-res__readonly" onRetry={() => void list.refetch()} /> : null}
      <Table<AdminRedemption>
        rowKey="id"
        className="sf-res__table"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={tableLoading(list)}
        tableLayout="fixed"
        rowSelection={{
          selectedRowKeys: selected.map((r) => r.id),
          onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
          getCheckboxProps: (r) => ({ disabled: !allowedActions(r.status).length, 'aria-label': t('clubAdmin.bulk.select', { name: r.user?.name ?? '' }) }),
        }}
        onRow={(r) => ({ 'data-testid': 'redemption-row', 'data-status': r.status, 'data-id': r.id }) as HTMLAttributes<HTMLElement>}
        expandable={{ expandedRowRender: (r) => <RedemptionDetails r={r} /> }}
        locale={{ emptyText: t('clubAdmin.redemptions.empty') }}
        pagination={pagination(list.data?.total)}
        // Another page: the selection was of rows no longer shown.
        onChange={() => setSelected([])}
      />
      <ReasonDialog
        open={!!rejecting}
        required
        title={rejecting?.kind === 'one' ? t('clubAdmin.reject.title', { name: rejecting.row.user?.name ?? '', reward: rejecting.row.reward?.title ?? '' }) : t('clubAdmin.reject.bulkTitle', { count: rejectCount })}
        okText={t('clubAdmin.actions.reject')}
        onCancel={() => setRejecting(null)}
        onSubmit={async (reason) => {
          if (!rejecting) return;
          if (rejecting.kind === 'one') await actOne(rejecting.row, 'reject', reason);
          else await runBulk('reject', reason);
          setRejecting(null);
        }}
      />
    </div>
  );
}
