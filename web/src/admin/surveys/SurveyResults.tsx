// A survey's results (GET /api/admin/surveys/:id/results?by=…): per question a bar chart of the counts
// (ECharts, lazy), an NPS gauge with promoters / passives / detractors, CSAT and the average, the text
// answers; a breakdown by store, region or position as grouped bars (shares) and a table (anonymous surveys:
// groups under 5 already merged by the server); CSV / XLSX of the same.
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Segmented, Skeleton, Space, Statistic, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { Chart } from '../resources/charts/Chart';
import { ExportButtons } from '../resources/ExportButtons';
import { countsHeight, countsOption, groupedHeight, groupedOption, npsColours, npsGaugeOption, type GroupRow } from './charts';
import { surveyExportUrl, surveyResultsUrl, type Breakdown, type QuestionResult, type SurveyResults as Results } from './logic';

function Figures({ q }: { q: QuestionResult }) {
  const { t } = useTranslation();
  return (
    <Space size="large" wrap className="sf-survey-result__figures">
      {q.nps !== undefined ? <span data-testid="survey-nps"><Statistic title="NPS" value={q.nps ?? '–'} /></span> : null}
      {q.csat !== undefined ? <span data-testid="survey-csat"><Statistic title="CSAT" value={q.csat ?? '–'} suffix={q.csat == null ? undefined : '%'} /></span> : null}
      {q.average !== undefined ? <Statistic title={t('surveysAdmin.results.average')} value={q.average ?? '–'} /> : null}
      {q.promoters !== undefined ? (
        <ul className="sf-survey-result__nps-parts">
          <li style={{ color: npsColours.promoter }}>{t('surveysAdmin.results.promoters', { count: q.promoters })}</li>
          <li style={{ color: npsColours.passive }}>{t('surveysAdmin.results.passives', { count: q.passives })}</li>
          <li style={{ color: npsColours.detractor }}>{t('surveysAdmin.results.detractors', { count: q.detractors })}</li>
        </ul>
      ) : null}
    </Space>
  );
}

function QuestionResultView({ q }: { q: QuestionResult }) {
  const { t } = useTranslation();
  const option = useMemo(() => countsOption(q), [q]);
  const gauge = useMemo(() => (q.nps != null ? npsGaugeOption(q.nps) : null), [q.nps]);
  return (
    <div className="sf-survey-result" data-testid="survey-question-result" data-kind={q.kind}>
      <h4>{q.text}</h4>
      <p className="sf-res__muted">{t('surveysAdmin.results.answered', { count: q.answered })}</p>
      <Figures q={q} />
      {option && q.answered > 0 ? (
        <div className={gauge ? 'sf-survey-result__charts has-gauge' : 'sf-survey-result__charts'}>
          {gauge ? <Chart option={gauge} height={220} label={`NPS ${q.nps}`} testId="survey-nps-gauge" /> : null}
          <Chart option={option} height={countsHeight(q)} label={t('surveysAdmin.results.chartLabel', { text: q.text })} testId="survey-chart" />
        </div>
      ) : null}
      {q.texts?.length ? (
        <ul className="sf-survey-result__texts" data-testid="survey-texts">
          {q.texts.map((x, i) => <li key={i}>{x}</li>)}
        </ul>
      ) : null}
    </div>
  );
}

function groupLabel(t: (k: string) => string, g: { key: string | null; label: string }) {
  return g.key === null && g.label === 'other' ? t('surveysAdmin.results.other') : g.label || t('surveysAdmin.results.none');
}

/** One question across the breakdown groups: grouped bars of the shares and a table of the figures. */
function QuestionBreakdown({ base, rows }: { base: QuestionResult; rows: GroupRow[] }) {
  const { t } = useTranslation();
  const option = useMemo(() => groupedOption(rows, base), [rows, base]);
  if (!base.counts.length) return null;
  const columns = [
    { title: t('surveysAdmin.results.group'), dataIndex: 'label', key: 'label' },
    { title: t('surveysAdmin.results.responses'), key: 'answered', width: 120, render: (_: unknown, r: GroupRow) => r.q.answered },
    ...(base.nps !== undefined ? [{ title: 'NPS', key: 'nps', width: 100, render: (_: unknown, r: GroupRow) => r.q.nps ?? '–' }] : []),
    ...(base.csat !== undefined ? [{ title: 'CSAT', key: 'csat', width: 100, render: (_: unknown, r: GroupRow) => (r.q.csat == null ? '–' : `${r.q.csat}%`) }] : []),
    ...(base.average !== undefined ? [{ title: t('surveysAdmin.results.average'), key: 'avg', width: 110, render: (_: unknown, r: GroupRow) => r.q.average ?? '–' }] : []),
  ];
  return (
    <div className="sf-survey-result" data-testid="survey-question-result" data-kind={base.kind}>
      <h4>{base.text}</h4>
      {option ? (
        <div className="sf-survey-result__charts">
          <Chart option={option} height={groupedHeight(base, rows.length)} label={t('surveysAdmin.results.chartLabel', { text: base.text })} testId="survey-group-chart" />
        </div>
      ) : null}
      <Table<GroupRow> size="small" rowKey="label" pagination={false} dataSource={rows} columns={columns} data-testid="survey-group-table" />
    </div>
  );
}

export function SurveyResults({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation();
  const [by, setBy] = useState<Breakdown>('');
  const results = useQuery({
    queryKey: ['admin', 'surveys', 'results', surveyId, by],
    queryFn: ({ signal }) => api<Results>(surveyResultsUrl(surveyId, by), { signal }),
    staleTime: 0,
  });
  const r = results.data;
  // Per question, its row in every group (same order as the server's groups).
  const perQuestion = useMemo(
    () =>
      r?.groups
        ? r.questions.map((base) => ({
            base,
            rows: r.groups!.flatMap((g) => {
              const q = g.questions.find((x) => x.id === base.id);
              return q ? [{ label: groupLabel(t, g), responses: g.responses, q }] : [];
            }),
          }))
        : [],
    [r, t],
  );
  return (
    <Card
      className="sf-admin-card sf-club-detail__section"
      data-testid="survey-results"
      title={r ? t('surveysAdmin.results.titleCount', { count: r.responses }) : t('surveysAdmin.results.title')}
      extra={
        <Space wrap>
          <Segmented<Breakdown>
            value={by}
            onChange={setBy}
            options={(['', 'store', 'region', 'position'] as Breakdown[]).map((v) => ({ value: v, label: t(`surveysAdmin.results.by.${v || 'none'}`) }))}
          />
          <Button icon={<ReloadOutlined />} onClick={() => void results.refetch()}>{t('surveysAdmin.results.refresh')}</Button>
          <ExportButtons url={(format) => surveyExportUrl(surveyId, format, by)} />
        </Space>
      }
    >
      {r?.waiting ? <Alert type="info" showIcon className="sf-res__waiting" data-testid="survey-waiting" message={t('surveysAdmin.results.waiting', { count: r.waiting })} style={{ marginBottom: 16 }} /> : null}
      {results.isLoading ? (
        <Skeleton active />
      ) : results.isError ? (
        <Alert type="error" showIcon message={t('surveysAdmin.results.loadError')} />
      ) : !r || r.withheld ? (
        <Empty description={r?.withheld ? t('surveysAdmin.results.withheld') : t('surveysAdmin.results.empty')} />
      ) : (
        <>
          {r.anonymous ? <p className="sf-res__muted">{t('surveysAdmin.results.anonymousHint')}</p> : null}
          {r.groups ? (
            <section className="sf-survey-result__group" data-testid="survey-breakdown">
              <p className="sf-res__muted">
                {r.groups.map((g) => `${groupLabel(t, g)}: ${g.responses}`).join(' · ')}
              </p>
              {perQuestion.map(({ base, rows }) => <QuestionBreakdown key={base.id} base={base} rows={rows} />)}
              {r.questions.filter((q) => q.texts?.length).map((q) => <QuestionResultView key={q.id} q={{ ...q, counts: [] }} />)}
            </section>
          ) : (
            r.questions.map((q) => <QuestionResultView key={q.id} q={q} />)
          )}
        </>
      )}
    </Card>
  );
}
