// Who holds a badge (GET /api/admin/badges/:id/holders): search, pages, how each got it (a rule, or a person
// with a reason), and revoke with a reason.
import { StopOutlined } from '@ant-design/icons';
import { Button, Card, Input, Table, Tag, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, useLocale } from '../resources/format';
import { LoadErrorAlert } from '../resources/LoadErrorAlert';
import { tableLoading, usePaging } from '../resources/paging';
import { useHolders, type Holder } from './api';
import { awardedByName } from './logic';

export function BadgeHolders({ badgeId, canWrite, onRevoke, extra }: { badgeId: string; canWrite: boolean; onRevoke: (h: Holder) => void; extra?: ReactNode }) {
  const { t } = useTranslation();
  const locale = useLocale();
  // antd's default sizes, which this list has always offered.
  const { page, pageSize, setPage, pagination } = usePaging(20, [10, 20, 50, 100]);
  const [q, setQ] = useState('');
  const holders = useHolders(badgeId, { page, pageSize, q });

  return (
    <Card className="sf-admin-card sf-rec-detail__section" title={t('recognitionAdmin.holders.title')} extra={extra}>
      <div data-testid="badge-holders">
        <Input.Search
          className="sf-rec-holders__search"
          placeholder={t('recognitionAdmin.holders.search')}
          aria-label={t('recognitionAdmin.holders.search')}
          allowClear
          onSearch={(v) => {
            setQ(v);
            setPage(1);
          }}
        />
        {holders.isError ? <LoadErrorAlert onRetry={() => void holders.refetch()} /> : null}
        <Table<Holder>
          rowKey={(h) => h.user.id}
          size="middle"
          loading={tableLoading(holders)}
          dataSource={holders.data?.items ?? []}
          locale={{ emptyText: q ? t('resource.noMatches') : t('recognitionAdmin.holders.empty') }}
          scroll={{ x: 'max-content' }}
          onRow={(h) => ({ 'data-user-id': h.user.id }) as object}
          pagination={pagination(holders.data?.total)}
          columns={[
            {
              key: 'person',
              title: t('recognitionAdmin.holders.person'),
              render: (_, h) => (
                <span className="sf-rec-person">
                  <span className="sf-rec-person__name">{h.user.name}</span>
                  <Typography.Text type="secondary" className="sf-rec-person__id">{h.user.employeeId}</Typography.Text>
                </span>
              ),
            },
            { key: 'awardedAt', title: t('recognitionAdmin.holders.awardedAt'), render: (_, h) => <span className="sf-res__nowrap">{formatDateTime(h.awardedAt, locale)}</span> },
            {
              key: 'awardedBy',
              title: t('recognitionAdmin.holders.awardedBy'),
              render: (_, h) => {
                const by = awardedByName(h.awardedBy);
                return by ? <span>{by}</span> : <Tag color="blue">{t('recognitionAdmin.holders.byRule')}</Tag>;
              },
            },
            { key: 'reason', title: t('recognitionAdmin.reason'), render: (_, h) => (h.reason ? <span className="sf-rec-reason">{h.reason}</span> : <span className="sf-res__empty">—</span>) },
            ...(canWrite
              ? [
                  {
                    key: 'actions',
                    title: <span className="sf-visually-hidden">{t('resource.actions')}</span>,
                    render: (_: unknown, h: Holder) => (
                      <Tooltip title={t('recognitionAdmin.revoke.action')}>
                        <Button danger type="text" size="small" icon={<StopOutlined />} aria-label={t('recognitionAdmin.revoke.actionItem', { name: h.user.name })} onClick={() => onRevoke(h)} data-testid="badge-revoke">
                          {t('recognitionAdmin.revoke.action')}
                        </Button>
                      </Tooltip>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </div>
    </Card>
  );
}
