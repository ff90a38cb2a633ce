// A form's submissions (GET /api/admin/forms/:id/submissions): filters (days, store, region, a search over
// the person), a paged table, a drawer with one submission's answers, CSV / XLSX of the filtered list. File
// answers link to their download for admins only (the server refuses editors the same way).
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Drawer, Skeleton, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { api } from '../../lib/api';
import { ExportButtons } from '../resources/ExportButtons';
import { formatDateTime, useLocale } from '../resources/format';
import { DayRangeFilter } from '../resources/DayRangeFilter';
import { ReferenceSelect } from '../resources/references';
import { FilterSearch } from '../resources/FilterSearch';
import {
  answerText,
  fileSize,
  fileUrl,
  isFile,
  submissionsExportUrl,
  submissionsUrl,
  submissionUrl,
  type SubmissionDetail,
  type SubmissionFilters,
  type SubmissionPage,
  type SubmissionSummary,
} from './logic';

function SubmissionDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const isAdmin = useSession().data?.user.role === 'admin';
  const detail = useQuery({
    queryKey: ['admin', 'forms', 'submission', id],
    queryFn: ({ signal }) => api<{ submission: SubmissionDetail }>(submissionUrl(id ?? ''), { signal }),
    enabled: !!id,
  });
  const s = detail.data?.submission;
  return (
    <Drawer open={!!id} onClose={onClose} width={560} title={t('formsAdmin.submissions.detail')} destroyOnHidden>
      {!s ? (
        <Skeleton active />
      ) : (
        <div data-testid="form-submission-detail">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('formsAdmin.submissions.person')}>{`${s.user.name} (${s.user.employeeCode})`}</Descriptions.Item>
            <Descriptions.Item label={t('formsAdmin.submissions.store')}>{s.store?.name ?? '–'}</Descriptions.Item>
            <Descriptions.Item label={t('formsAdmin.submissions.at')}>{formatDateTime(s.createdAt, locale)}</Descriptions.Item>
          </Descriptions>
          <dl className="sf-form-admin__answers">
            {s.answers.map((a) => (
              <div key={a.questionId} data-kind={a.kind}>
                <dt>{a.text}</dt>
                <dd>
                  {isFile(a.value) ? (
                    isAdmin ? (
                      <Button icon={<DownloadOutlined />} href={fileUrl(a.value.id)} download data-testid="form-file-download">
                        {`${a.value.name} · ${fileSize(a.value.bytes)}`}
                      </Button>
                    ) : (
                      <span>{`${a.value.name} · ${fileSize(a.value.bytes)}`} <Typography.Text type="secondary">({t('formsAdmin.submissions.adminsOnly')})</Typography.Text></span>
                    )
                  ) : answerText(a.value) || <Typography.Text type="secondary">–</Typography.Text>}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </Drawer>
  );
}

export function FormSubmissions({ formId }: { formId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [filters, setFilters] = useState<SubmissionFilters>({});
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const set = (patch: Partial<SubmissionFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const list = useQuery({
    queryKey: ['admin', 'forms', 'submissions', formId, filters, page],
    queryFn: ({ signal }) => api<SubmissionPage>(submissionsUrl(formId, filters, page), { signal }),
    staleTime: 0,
  });
  const data = list.data;
  return (
    <Card
      className="sf-admin-card sf-club-detail__section"
      data-testid="form-submissions"
      title={data ? t('formsAdmin.submissions.titleCount', { count: data.total }) : t('formsAdmin.submissions.title')}
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} aria-label={t('formsAdmin.submissions.refresh')} />
          <ExportButtons url={(format) => submissionsExportUrl(formId, format, filters)} />
        </Space>
      }
    >
      <div className="sf-res__toolbar sf-club-filters" role="search">
        <FilterSearch value={filters.q} placeholder={t('formsAdmin.submissions.search')} onSearch={(q) => set({ q })} testId="form-submissions-search" />
        <ReferenceSelect resource="stores" value={filters.store ?? null} placeholder={t('formsAdmin.submissions.store')} onChange={(v) => set({ store: v ?? undefined })} style={{ minWidth: 180 }} />
        <ReferenceSelect resource="regions" value={filters.region ?? null} placeholder={t('formsAdmin.submissions.region')} onChange={(v) => set({ region: v ?? undefined })} style={{ minWidth: 160 }} />
        <DayRangeFilter label={t('formsAdmin.submissions.days')} fromText={t('formsAdmin.submissions.from')} toText={t('formsAdmin.submissions.to')} from={filters.from} to={filters.to} onChange={set} />
      </div>
      <Table<SubmissionSummary>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={data?.items ?? []}
        locale={{ emptyText: t('formsAdmin.submissions.empty') }}
        onRow={(r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' }, 'data-testid': 'form-submission-row' }) as React.HTMLAttributes<HTMLElement>}
        pagination={{ current: page, pageSize: data?.pageSize ?? 20, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('formsAdmin.submissions.at'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v, locale), width: 200 },
          { title: t('formsAdmin.submissions.person'), render: (_, r) => `${r.user.name} (${r.user.employeeCode})` },
          { title: t('formsAdmin.submissions.store'), render: (_, r) => r.store?.name ?? '–' },
          { title: t('formsAdmin.submissions.region'), render: (_, r) => r.region?.name ?? '–' },
        ]}
      />
      <SubmissionDrawer id={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
