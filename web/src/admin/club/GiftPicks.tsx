// Who picked what in a gift period (GET …/picks): per-option counts (picked of stock), every pick with the
// person and their store, and the pick list as CSV / XLSX (grouped by store by the server).
import { Card, Progress, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, useLocale } from '../resources/format';
import { LoadErrorAlert } from '../resources/LoadErrorAlert';
import type { GiftPick, PicksReport } from './api';
import { ExportButtons } from '../resources/ExportButtons';
import { picksExportUrl } from './logic';
import { PersonCell } from './RedemptionCells';

export function GiftPicks({ periodId, picks, loading, error, onRetry }: { periodId: string; picks: PicksReport | undefined; loading: boolean; error: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const options = picks?.options ?? [];
  return (
    <Card className="sf-admin-card sf-club-detail__section" title={t('clubAdmin.picks.title')} extra={<ExportButtons url={(f) => picksExportUrl(periodId, f)} />}>
      {error ? <LoadErrorAlert onRetry={onRetry} /> : null}
      {options.length ? (
        <ul className="sf-club-picks__options" aria-label={t('clubAdmin.picks.perOption')}>
          {options.map((o) => (
            <li key={o.id} className="sf-club-picks__option" data-testid="gift-option-count">
              <span className="sf-club-picks__option-title">{o.title}</span>
              <Progress percent={o.stock ? Math.min(100, Math.round((o.picked / o.stock) * 100)) : 0} showInfo={false} size="small" />
              <span className="sf-res__muted">{t('clubAdmin.picks.pickedOf', { picked: o.picked, stock: o.stock })}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <Table<GiftPick>
        rowKey={(p) => `${p.user?.id}:${p.option?.id}`}
        size="small"
        className="sf-res__table"
        loading={loading}
        dataSource={picks?.items ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('clubAdmin.picks.empty') }}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true, showTotal: (total, range) => t('resource.total', { from: range[0], to: range[1], total }) }}
        columns={[
          { key: 'user', title: t('clubAdmin.redemptions.person'), render: (_: unknown, p) => <PersonCell person={p.user} /> },
          { key: 'store', title: t('clubAdmin.picks.store'), render: (_: unknown, p) => p.store?.name ?? <span className="sf-res__muted">—</span> },
          {
            key: 'option',
            title: t('clubAdmin.picks.option'),
            render: (_: unknown, p) => p.option?.title ?? '',
            filters: options.map((o) => ({ text: o.title, value: o.id })),
            onFilter: (v, p) => p.option?.id === v,
          },
          { key: 'pickedAt', dataIndex: 'pickedAt', title: t('clubAdmin.picks.pickedAt'), render: (v: string) => <span className="sf-res__nowrap sf-res__muted">{formatDateTime(v, locale)}</span> },
        ]}
      />
    </Card>
  );
}
