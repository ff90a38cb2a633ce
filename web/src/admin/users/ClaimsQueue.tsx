// The approval queue's claims (docs/API.md "The approval queue"): registrations without an activation code
// whose employee code or email already has an account. What the person typed stands beside what the company
// knows (the account the roster made, the roster row), so an admin can tell the real person from someone who
// read a name badge. Only "on the roster, unverified" can be approved; any can be dismissed.
import { CheckOutlined, DeleteOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { formatDateTime, useLocale } from '../resources/format';
import { approveClaim, dismissClaim, listClaims, type Claim } from './codesApi';

const kindColor: Record<Claim['kind'], string> = { roster_unverified: 'gold', registered: 'blue', email_taken: 'red' };
const PAGE_SIZE = 10;

function Lines({ lines }: { lines: (string | null | undefined)[] }) {
  return <>{lines.filter(Boolean).map((l, i) => <div key={i} className={i ? 'sf-res__muted' : undefined}>{l}</div>)}</>;
}

export function ClaimsQueue() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const claims = useQuery({
    queryKey: ['admin', 'claims', page],
    queryFn: ({ signal }) => listClaims(page, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['admin', 'claims'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'res', 'users'] });
  };
  const act = (claim: Claim, action: 'approve' | 'dismiss') =>
    modal.confirm({
      title: t(`users.claims.${action}Title`, { name: claim.account.name }),
      content: t(`users.claims.${action}Body`),
      okText: t(`users.claims.${action}`),
      okButtonProps: action === 'dismiss' ? { danger: true } : undefined,
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await (action === 'approve' ? approveClaim(claim.id) : dismissClaim(claim.id));
          notify.success(t(`users.claims.${action}Done`, { name: claim.account.name }));
          refresh();
        } catch (e) {
          notify.error(e instanceof ApiError ? e.message : t('resource.saveFailed'));
        }
      },
    });

  if (!claims.data?.total) return null;
  return (
    <section className="sf-claims" aria-labelledby="claims-title" data-testid="claims-queue">
      <Typography.Title level={5} id="claims-title">{t('users.claims.title', { count: claims.data.total })}</Typography.Title>
      <p className="sf-res__muted sf-claims__help">{t('users.claims.help')}</p>
      <Table<Claim>
        size="small"
        rowKey="id"
        dataSource={claims.data.items}
        pagination={claims.data.total > PAGE_SIZE ? { current: page, pageSize: PAGE_SIZE, total: claims.data.total, showSizeChanger: false, onChange: setPage } : false}
        columns={[
          {
            key: 'kind', title: t('users.claims.kind'), width: 190,
            render: (_, c) => <><Tag color={kindColor[c.kind]}>{t(`users.claims.kinds.${c.kind}`)}</Tag><div className="sf-res__muted">{formatDateTime(c.createdAt, locale)}</div></>,
          },
          {
            key: 'typed', title: t('users.claims.typed'),
            render: (_, c) => <Lines lines={[c.typed.name, c.typed.employeeCode, c.typed.email ?? c.typed.phone, c.typed.store ? `${c.typed.store.code} ${c.typed.store.name}` : null]} />,
          },
          {
            key: 'known', title: t('users.claims.known'),
            render: (_, c) => <Lines lines={[c.account.name, c.account.employeeCode, c.account.email ?? c.account.phone ?? t('users.claims.noContact'),
              [c.account.store ? `${c.account.store.code} ${c.account.store.name}` : null, c.account.position].filter(Boolean).join(' · ') || null]} />,
          },
          {
            key: 'actions', title: '', width: 100,
            render: (_, c) => (
              <Space size={0}>
                {c.canApprove ? (
                  <Tooltip title={t('users.claims.approve')}>
                    <Button type="text" size="small" icon={<CheckOutlined />} aria-label={t('users.claims.approveFor', { name: c.account.name })} onClick={() => act(c, 'approve')} />
                  </Tooltip>
                ) : null}
                <Tooltip title={t('users.claims.dismiss')}>
                  <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('users.claims.dismissFor', { name: c.account.name })} onClick={() => act(c, 'dismiss')} />
                </Tooltip>
              </Space>
            ),
          },
        ]}
      />
    </section>
  );
}
