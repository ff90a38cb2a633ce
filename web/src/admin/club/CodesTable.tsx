// A batch's codes (GET …/codes): counts free / claimed / used (each a filter), who claimed a code, when,
// and when the partner reported it used.
import { Segmented, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, useLocale } from '../resources/format';
import { LoadErrorAlert } from '../resources/LoadErrorAlert';
import { tableLoading, usePaging } from '../resources/paging';
import { useCodes, type CodeStatus, type CouponCode } from './api';
import { PersonCell } from './RedemptionCells';

const STATUSES: CodeStatus[] = ['free', 'claimed', 'used'];

export function CodesTable({ batchId }: { batchId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [status, setStatus] = useState<CodeStatus | ''>('');
  const { page, pageSize, setPage, pagination } = usePaging(50);
  const codes = useCodes(batchId, status, page, pageSize);
  const counts = codes.data?.counts;
  const all = counts ? counts.free + counts.claimed + counts.used : undefined;
  const label = (s: CodeStatus | '', n: number | undefined) => `${s ? t(`clubAdmin.codes.status.${s}`) : t('clubAdmin.codes.status.all')}${n === undefined ? '' : ` (${n})`}`;
  return (
    <div className="sf-club-codes">
      <Segmented
        className="sf-club-codes__filter"
        value={status}
        onChange={(v) => {
          setStatus(v as CodeStatus | '');
          setPage(1);
        }}
        options={[{ value: '', label: label('', all) }, ...STATUSES.map((s) => ({ value: s, label: label(s, counts?.[s]) }))]}
        data-testid="codes-counts"
      />
      {codes.isError ? <LoadErrorAlert onRetry={() => void codes.refetch()} /> : null}
      <Table<CouponCode>
        rowKey="id"
        size="small"
        className="sf-res__table"
        dataSource={codes.data?.items ?? []}
        loading={tableLoading(codes)}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('clubAdmin.codes.empty') }}
        columns={[
          { key: 'code', dataIndex: 'code', title: t('clubAdmin.codes.code'), render: (c: string) => <code className="sf-club-code">{c}</code> },
          {
            key: 'state',
            title: t('clubAdmin.codes.state'),
            render: (_: unknown, c) => t(`clubAdmin.codes.status.${c.usedAt ? 'used' : c.claimedBy || c.claimedAt ? 'claimed' : 'free'}`),
          },
          { key: 'claimedBy', title: t('clubAdmin.codes.claimedBy'), render: (_: unknown, c) => <PersonCell person={c.claimedBy} /> },
          { key: 'claimedAt', dataIndex: 'claimedAt', title: t('clubAdmin.codes.claimedAt'), render: (v: string | null) => <span className="sf-res__nowrap">{formatDateTime(v, locale) || '—'}</span> },
          { key: 'usedAt', dataIndex: 'usedAt', title: t('clubAdmin.codes.usedAt'), render: (v: string | null) => <span className="sf-res__nowrap">{formatDateTime(v, locale) || '—'}</span> },
        ]}
        pagination={pagination(codes.data?.total)}
      />
    </div>
  );
}
