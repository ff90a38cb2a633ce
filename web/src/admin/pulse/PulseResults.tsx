// A pulse's results (GET /api/admin/pulses/:id/results): per question a trend line across periods (ECharts:
// the average, NPS or first option's share, and the answers per period), the latest period's figures, and
// which periods are withheld (anonymous pulses: under 5 answers).
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Skeleton, Space, Statistic, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { Chart } from '../resources/charts/Chart';
import { pulseResultsUrl, trendOption, type PulseQuestionTrend, type PulseResults as Results } from './logic';

function QuestionTrend({ q }: { q: PulseQuestionTrend }) {
  const { t } = useTranslation();
  const name = t(`pulseAdmin.results.line.${q.kind}`, { option: q.options?.[0] ?? '' });
  const option = useMemo(() => trendOption(q, name, t('pulseAdmin.results.answered')), [q, name, t]);
  const shown = q.trend.filter((p) => !p.withheld && p.answered);
  const latest = shown[shown.length - 1];
  const withheld = q.trend.filter((p) => p.withheld).length;
  return (
    <div className="sf-survey-result" data-testid="pulse-question-trend" data-kind={q.kind}>
      <h4>{q.text}</h4>
      <Space size="large" wrap>
        {latest ? <span className="sf-res__muted">{t('pulseAdmin.results.latest', { period: latest.period, count: latest.answered })}</span> : null}
        {latest?.average != null ? <Statistic title={t('pulseAdmin.results.average')} value={latest.average} /> : null}
        {latest?.csat != null ? <Statistic title="CSAT" value={latest.csat} suffix="%" /> : null}
        {latest?.nps != null ? <span data-testid="pulse-nps"><Statistic title="NPS" value={latest.nps} /></span> : null}
        {withheld ? <Tag color="purple">{t('pulseAdmin.results.withheld', { count: withheld })}</Tag> : null}
      </Space>
      {option ? <Chart option={option} height={260} label={t('pulseAdmin.results.chartLabel', { question: q.text })} testId="pulse-trend-chart" /> : null}
      {!option ? (
        <ul className="sf-survey-result__texts" data-testid="pulse-texts">
          {q.trend.flatMap((p) => (p.texts ?? []).map((x, i) => <li key={`${p.period}-${i}`}><Tag>{p.period}</Tag>{x}</li>))}
        </ul>
      ) : null}
    </div>
  );
}

export function PulseResults({ pulseId }: { pulseId: string }) {
  const { t } = useTranslation();
  const results = useQuery({
    queryKey: ['admin', 'pulses', 'results', pulseId],
    queryFn: ({ signal }) => api<Results>(pulseResultsUrl(pulseId), { signal }),
    staleTime: 0,
  });
  const r = results.data;
  return (
    <Card
      className="sf-admin-card sf-club-detail__section"
      title={t('pulseAdmin.results.title')}
      extra={<Button icon={<ReloadOutlined />} onClick={() => void results.refetch()} aria-label={t('pulseAdmin.results.refresh')} />}
      data-testid="pulse-results"
    >
      {results.isError ? <Alert type="error" showIcon message={t('pulseAdmin.results.loadError')} /> : null}
      {results.isLoading ? <Skeleton active /> : null}
      {r ? (
        <>
          {r.pulse.anonymous ? <Alert type="info" showIcon message={t('pulseAdmin.results.anonymousRule')} style={{ marginBottom: 16 }} /> : null}
          {r.waiting ? <Alert type="info" showIcon data-testid="pulse-waiting" message={t('pulseAdmin.results.waiting', { count: r.waiting })} style={{ marginBottom: 16 }} /> : null}
          {r.questions.length ? r.questions.map((q) => <QuestionTrend key={q.id} q={q} />) : <Empty description={t('pulseAdmin.results.empty')} />}
        </>
      ) : null}
    </Card>
  );
}
