// Certificates › Issued: every certificate with its person, store, course and dates, valid / expiring
// (within 30 days) / expired now (GET /api/admin/certificates), filtered by standing, store, course and
// person, paged, and exported as CSV or XLSX (one sheet per store) for the same filters.
import { Select, Space, Table, Tag, type TableProps } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { dateColumnWidth } from '../resources/columnWidths';
import { ExportButtons } from '../resources/ExportButtons';
import { formatDateTime, useLocale } from '../resources/format';
import { ReferenceSelect } from '../resources/references';
import { FilterSearch } from '../resources/FilterSearch';
import { usePaging } from '../resources/paging';
import './certificates.css';
import { CERTIFICATE_STATUSES, certificatesExportUrl, certificatesUrl, type CertificateFilters, type CertificateStatus } from './logic';

interface IssuedCertificate {
  id: string;
  person: { id: string; name: string; employeeCode: string };
  store: { id: string; code: string; name: string } | null;
  title: string;
  course: string;
  issuedAt: string;
  expiresAt: string;
  renewals: number;
  status: CertificateStatus;
}

const STATUS_COLOURS: Record<CertificateStatus, string> = { valid: 'green', expiring: 'gold', expired: 'red' };

export function CertificatesView() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [filters, setFilters] = useState<CertificateFilters>({});
  // No "1–20 of n" line: the count stands above the table.
  const { page, pageSize, setPage, pagination } = usePaging(undefined, undefined, false);
  const set = (patch: Partial<CertificateFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const list = useQuery({
    queryKey: ['certificates', 'issued', filters, page, pageSize],
    queryFn: ({ signal }) => api<{ items: IssuedCertificate[]; total: number }>(certificatesUrl(filters, page, pageSize), { signal }),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<TableProps<IssuedCertificate>['columns']>(
    () => [
      { key: 'store', title: t('certificatesAdmin.store'), width: 180, render: (_, r) => (r.store ? `${r.store.code} ${r.store.name}` : '—') },
      { key: 'person', title: t('certificatesAdmin.person'), render: (_, r) => <span>{r.person.name} <span className="sf-res__muted">{r.person.employeeCode}</span></span> },
      { key: 'title', title: t('certificatesAdmin.certificate'), render: (_, r) => <span>{r.title}<br /><span className="sf-res__muted">{r.course}</span></span> },
      { key: 'issuedAt', title: t('certificatesAdmin.issuedAt'), width: dateColumnWidth(t('certificatesAdmin.issuedAt'), false, locale, t), render: (_, r) => formatDateTime(r.issuedAt, locale) },
      { key: 'expiresAt', title: t('certificatesAdmin.expiresAt'), width: dateColumnWidth(t('certificatesAdmin.expiresAt'), false, locale, t), render: (_, r) => formatDateTime(r.expiresAt, locale) },
      { key: 'status', title: t('certificatesAdmin.status'), width: 130, render: (_, r) => <Tag color={STATUS_COLOURS[r.status]} data-testid="certificate-status">{t(`certificatesAdmin.statuses.${r.status}`)}</Tag> },
    ],
    [t, locale],
  );

  return (
    <div data-testid="certificates-admin">
      <div className="sf-res__toolbar" role="search">
        <FilterSearch value={filters.q} placeholder={t('certificatesAdmin.search')} onSearch={(q) => set({ q })} />
        <Select
          aria-label={t('certificatesAdmin.status')}
          value={filters.status ?? ''}
          onChange={(s) => set({ status: (s || undefined) as CertificateStatus | undefined })}
          style={{ minWidth: 160 }}
          options={[{ value: '', label: t('certificatesAdmin.allStatuses') }, ...CERTIFICATE_STATUSES.map((s) => ({ value: s, label: t(`certificatesAdmin.statuses.${s}`) }))]}
          data-testid="certificates-status-filter"
        />
        <ReferenceSelect resource="stores" value={filters.store ?? null} placeholder={t('certificatesAdmin.allStores')} onChange={(v) => set({ store: v ?? undefined })} style={{ minWidth: 180 }} />
        <ReferenceSelect resource="courses" value={filters.course ?? null} placeholder={t('certificatesAdmin.allCourses')} onChange={(v) => set({ course: v ?? undefined })} style={{ minWidth: 200 }} />
      </div>
      <div className="sf-certificates-admin__tools">
        <span className="sf-res__muted">{list.data ? t('certificatesAdmin.count', { count: list.data.total }) : null}</span>
        <Space>
          <ExportButtons url={(format) => certificatesExportUrl(filters, format)} />
        </Space>
      </div>
      <Table<IssuedCertificate>
        rowKey="id"
        className="sf-res__table"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isLoading}
        tableLayout="fixed"
        pagination={pagination(list.data?.total)}
      />
    </div>
  );
}
