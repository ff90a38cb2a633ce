// A named survey's responses person by person (GET /api/admin/surveys/:id/responses): a page of rows with
// each answer as read (option texts, score, text), and CSV / XLSX of all of them. Anonymous surveys have none.
import { useQuery } from '@tanstack/react-query';
import { Card, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { ExportButtons } from '../resources/ExportButtons';
import { readableAnswer, surveyResponsesExportUrl, surveyResponsesUrl, type ResponsesPage, type SurveyResponse } from './logic';

const PAGE = 20;

export function SurveyResponses({ surveyId }: { surveyId: string }) {
  const { t, i18n } = useTranslation();
  const [offset, setOffset] = useState(0);
  const page = useQuery({
    queryKey: ['admin', 'surveys', 'responses', surveyId, offset],
    queryFn: ({ signal }) => api<ResponsesPage>(surveyResponsesUrl(surveyId, offset, PAGE), { signal }),
  });
  const questions = page.data?.questions ?? [];
  const columns = [
    { title: t('surveysAdmin.responses.person'), key: 'person', width: 200, fixed: 'left' as const, render: (_: unknown, r: SurveyResponse) => (r.user ? `${r.user.name} · ${r.user.employeeCode}` : '–') },
    { title: t('surveysAdmin.responses.store'), dataIndex: 'store', key: 'store', width: 160 },
    { title: t('surveysAdmin.responses.when'), dataIndex: 'submittedAt', key: 'when', width: 160, render: (v: string | null) => (v ? new Date(v).toLocaleString(i18n.language === 'th' ? 'th-TH' : 'en-GB') : '–') },
    ...questions.map((q) => ({ title: q.text, key: q.id, width: 200, render: (_: unknown, r: SurveyResponse) => readableAnswer(q, r.answers[q.id]) })),
  ];
  return (
    <Card
      className="sf-admin-card sf-club-detail__section"
      data-testid="survey-responses"
      title={t('surveysAdmin.responses.title', { count: page.data?.total ?? 0 })}
      extra={<ExportButtons url={(format) => surveyResponsesExportUrl(surveyId, format)} />}
    >
      <Table<SurveyResponse>
        size="small"
        rowKey="id"
        loading={page.isLoading}
        dataSource={page.data?.items ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{ current: offset / PAGE + 1, pageSize: PAGE, total: page.data?.total ?? 0, onChange: (p) => setOffset((p - 1) * PAGE), hideOnSinglePage: true, showSizeChanger: false }}
      />
    </Card>
  );
}
