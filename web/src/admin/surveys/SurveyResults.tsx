// A survey's results (GET /api/admin/surveys/:id/results?by=…): per question a bar per option or value, NPS
// with promoters / passives / detractors, CSAT and the average, the text answers; an optional breakdown by
// store, region or position (anonymous surveys: groups under 5 merged by the server); CSV / XLSX of the same.
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Progress, Segmented, Skeleton, Space, Statistic } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { ExportButtons } from '../club/ExportButtons';
import { share, surveyExportUrl, surveyResultsUrl, valueLabels, type Breakdown, type QuestionResult, type SurveyResults as Results } from './logic';

function QuestionFigures({ q }: { q: QuestionResult }) {
  const { t } = useTranslation();
  const labels = valueLabels(q.kind, q.counts, q.options);
  return (
    <div className="sf-survey-result" data-testid="survey-question-result" data-kind={q.kind}>
      <h4>{q.text}</h4>
      <p className="sf-res__muted">{t('surveysAdmin.results.answered', { count: q.answered })}</p>
      <Space size="large" wrap>
        {q.nps !== undefined ? <span data-testid="survey-nps"><Statistic title="NPS" value={q.nps ?? '–'} /></span> : null}
        {q.csat !== undefined ? <span data-testid="survey-csat"><Statistic title="CSAT" value={q.csat ?? '–'} suffix={q.csat == null ? undefined : '%'} /></span> : null}
        {q.average !== undefined ? <Statistic title={t('surveysAdmin.results.average')} value={q.average ?? '–'} /> : null}
        {q.promoters !== undefined ? (
          <span className="sf-res__muted">
            {t('surveysAdmin.results.npsParts', { promoters: q.promoters, passives: q.passives, detractors: q.detractors })}
          </span>
        ) : null}
      </Space>
      {q.counts.length ? (
        <ul className="sf-survey-result__bars">
          {q.counts.map((n, i) => (
            <li key={i}>
              <span className="sf-survey-result__label">{labels[i]}</span>
              <Progress percent={share(n, q.answered)} format={() => `${n}`} size="small" />
            </li>
          ))}
        </ul>
      ) : null}
      {q.texts?.length ? (
        <ul className="sf-survey-result__texts" data-testid="survey-texts">
          {q.texts.map((x, i) => <li key={i}>{x}</li>)}
        </ul>
      ) : null}
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
      {results.isLoading ? (
        <Skeleton active />
      ) : results.isError ? (
        <Alert type="error" showIcon message={t('surveysAdmin.results.loadError')} />
      ) : !r || r.withheld ? (
        <Empty description={r?.withheld ? t('surveysAdmin.results.withheld') : t('surveysAdmin.results.empty')} />
      ) : (
        <>
          {r.anonymous ? <p className="sf-res__muted">{t('surveysAdmin.results.anonymousHint')}</p> : null}
          {(r.groups ?? [{ key: null, label: '', responses: r.responses, questions: r.questions }]).map((g, gi) => (
            <section key={gi} className="sf-survey-result__group" data-testid="survey-group">
              {r.groups ? <h3>{g.key === null && g.label === 'other' ? t('surveysAdmin.results.other') : g.label || t('surveysAdmin.results.none')} · {t('surveysAdmin.results.answered', { count: g.responses })}</h3> : null}
              {g.questions.map((q) => <QuestionFigures key={q.id} q={q} />)}
            </section>
          ))}
          {r.groups ? (
            <section className="sf-survey-result__group">
              {r.questions.filter((q) => q.texts?.length).map((q) => <QuestionFigures key={q.id} q={{ ...q, counts: [] }} />)}
            </section>
          ) : null}
        </>
      )}
    </Card>
  );
}
