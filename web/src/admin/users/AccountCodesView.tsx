// Users › Account codes: every activation and reset code issued and every reset link mailed (never the code
// itself: only its state), filtered by purpose and state, with revoke for the live ones, and "Issue codes".
import { QrcodeOutlined, StopOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Select, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { formatDateTime, useLocale } from '../resources/format';
import { listCodes, revokeCodes, type AccountCode, type CodeFilters, type CodeState } from './codesApi';
import { IssueCodesDialog, type IssueStart } from './IssueCodesDialog';

const stateColor: Record<CodeState, string> = { live: 'green', used: 'blue', revoked: 'default', expired: 'orange' };
const PAGE_SIZE = 20;

export function AccountCodesView() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<CodeFilters>({ state: 'live' });
  const [page, setPage] = useState(1);
  const [issuing, setIssuing] = useState<IssueStart | null>(null);
  const list = useQuery({
    queryKey: ['admin', 'account-codes', filters, page],
    queryFn: ({ signal }) => listCodes(filters, page, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  const filter = (key: keyof CodeFilters) => (v: string | undefined) => {
    setFilters((f) => ({ ...f, [key]: v }));
    setPage(1);
  };

  const revoke = (code: AccountCode) =>
    modal.confirm({
      title: t('users.codes.revokeTitle', { name: code.user.name }),
      content: t('users.codes.revokeBody'),
      okText: t('users.codes.revoke'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await revokeCodes({ ids: [code.id] });
          notify.success(t('users.codes.revoked', { name: code.user.name }));
          void queryClient.invalidateQueries({ queryKey: ['admin', 'account-codes'] });
        } catch (e) {
          notify.error(e instanceof ApiError ? e.message : t('resource.saveFailed'));
        }
      },
    });

  return (
    <div className="sf-codes">
      <Space wrap className="sf-codes__toolbar">
        <Select aria-label={t('users.codes.purpose')} allowClear placeholder={t('users.codes.allPurposes')} value={filters.purpose} onChange={filter('purpose')} style={{ minWidth: 200 }}
          options={['activation', 'reset', 'reset_link'].map((p) => ({ value: p, label: t(`users.codes.purposes.${p}`) }))} />
        <Select aria-label={t('users.codes.state')} allowClear placeholder={t('users.codes.allStates')} value={filters.state} onChange={filter('state')} style={{ minWidth: 160 }}
          options={(['live', 'used', 'revoked', 'expired'] as const).map((s) => ({ value: s, label: t(`users.codes.states.${s}`) }))} />
        <Button type="primary" icon={<QrcodeOutlined />} onClick={() => setIssuing({})}>{t('users.codes.open')}</Button>
      </Space>
      <Table<AccountCode>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: t('users.codes.empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
        columns={[
          { key: 'person', title: t('users.codes.person'), render: (_, r) => <><div>{r.user.name}</div><div className="sf-res__muted">{r.user.employeeCode}</div></> },
          { key: 'store', title: t('users.codes.store'), render: (_, r) => (r.user.store ? `${r.user.store.code} ${r.user.store.name}` : '—') },
          { key: 'purpose', title: t('users.codes.purpose'), render: (_, r) => t(`users.codes.purposes.${r.purpose}`) },
          { key: 'state', title: t('users.codes.state'), render: (_, r) => <Tag color={stateColor[r.state]}>{t(`users.codes.states.${r.state}`)}</Tag> },
          { key: 'created', title: t('users.codes.issued'), render: (_, r) => <><div>{formatDateTime(r.createdAt, locale)}</div><div className="sf-res__muted">{r.issuedBy?.name ?? t('users.codes.byMail')}</div></> },
          { key: 'expires', title: t('users.codes.expires'), render: (_, r) => formatDateTime(r.usedAt ?? r.revokedAt ?? r.expiresAt, locale) },
          {
            key: 'actions', title: '', width: 60, render: (_, r) => r.state === 'live' ? (
              <Tooltip title={t('users.codes.revoke')}>
                <Button type="text" size="small" danger icon={<StopOutlined />} aria-label={t('users.codes.revokeFor', { name: r.user.name })} onClick={() => revoke(r)} />
              </Tooltip>
            ) : null,
          },
        ]}
      />
      <IssueCodesDialog open={!!issuing} start={issuing ?? {}} onClose={() => {
        setIssuing(null);
        void queryClient.invalidateQueries({ queryKey: ['admin', 'account-codes'] });
      }} />
    </div>
  );
}
