// /admin/reports/:name (issue 17): ONE page that draws any report from the server's one shape (docs/API.md
// "Reports and the dashboard"): the filters (in the URL's query, so a report is shareable and the back button
// works), the figure cards, the charts (admin/resources/charts, ECharts on first use) and the tables with their exports.
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Collapse, Empty, Skeleton, Tabs } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { api, ApiError } from '../../lib/api';
import { useCurrentLocation } from '../../lib/currentLocation';
import { addedAreaOf, staffPageOf } from '../../lib/staffPages';
import { Forbidden, NotFound } from '../resources/AreaPage';
import { AdminPageHeader } from '../resources/AreaPage';
import { Chart } from '../resources/charts/Chart';
import { FigureCard } from '../resources/FigureCard';
import { useLocale } from '../resources/format';
import type { ScreenProps } from '../resources/pages';
import './i18n';
import {
  chartOption,
  filtersFrom,
  filtersQuery,
  formatValue,
  isEmptyReport,
  isReport,
  REPORTS,
  reportUrl,
  TECHNICAL_TABLES,
  texts,
  valueText,
  withPageNames,
  xLabel,
  type Filters,
  type ReportAnswer,
  type ReportChart,
  type ReportOptions,
} from './logic';
import { ReportFilters } from './ReportFilters';
import { ReportTableCard } from './ReportTable';
import './reports.css';

export function ReportsView({ page }: ScreenProps) {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const here = useCurrentLocation();
  const filters = useMemo(() => filtersFrom(search), [search]);
  const query = filtersQuery(filters);
  const name = id ?? 'actives';

  const options = useQuery({
    queryKey: ['admin', 'reports', 'options'],
    queryFn: ({ signal }) => api<ReportOptions>('/api/admin/reports/options', { signal }),
    staleTime: 5 * 60_000,
    enabled: isReport(name),
  });
  const report = useQuery({
    queryKey: ['admin', 'reports', name, query],
    queryFn: ({ signal }) => api<ReportAnswer>(reportUrl(name, filters), { signal }),
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[2] === name ? prev : undefined),
    enabled: isReport(name),
    retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2,
  });

  if (!isReport(name)) return <NotFound />;
  if (report.error instanceof ApiError && report.error.status === 403) return <Forbidden page={page} />;

  // A new filter is a new history entry (the back button returns to the previous one). Both navigations start
  // from the current address: a tab clicked just before may not be drawn yet.
  const setFilters = (next: Filters) => navigate({ pathname: here().pathname, search: `?${filtersQuery(next)}` });
  const setTab = (key: string) => navigate(`/admin/reports/${key}${here().search}`);

  return (
    <div className="sf-admin-page sf-reports">
      <AdminPageHeader page={page} title={t(page.labelKey)} subtitle={t('reports.subtitle')} />
      <Card className="sf-admin-card sf-reports__head">
        <Tabs
          className="sf-reports__tabs"
          activeKey={name}
          onChange={setTab}
          items={REPORTS.map((r) => ({ key: r, label: <span data-testid={`report-tab-${r}`}>{t(`reports.tabs.${r}`)}</span> }))}
        />
        <ReportFilters filters={filters} answer={report.data} options={options.data} onChange={setFilters} />
      </Card>
      {report.isError ? (
        <Alert
          type="error"
          showIcon
          message={report.error instanceof ApiError && report.error.status === 422 ? report.error.message : t('reports.loadError')}
          action={<Button size="small" onClick={() => void report.refetch()}>{t('common.retry')}</Button>}
          className="sf-reports__error"
        />
      ) : null}
      {!report.data ? (
        report.isError ? null : <Skeleton active paragraph={{ rows: 10 }} className="sf-reports__loading" />
      ) : (
        <ReportBody answer={report.data} name={name} filters={filters} busy={report.isFetching} />
      )}
    </div>
  );
}

function ReportBody({ answer: raw, name, filters, busy }: { answer: ReportAnswer; name: string; filters: Filters; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const text = useMemo(() => texts(t, name), [t, name]);
  // Pages by the names staff know them by (an added area's from its own catalog); addresses the staff app does
  // not have are left out.
  const { answer, left } = useMemo(
    () =>
      withPageNames(raw, (key) => {
        const page = staffPageOf(key);
        if (page) return t(`staffPages.${page.name}`);
        const area = addedAreaOf(key);
        return area && i18n.exists(`staffPages.areas.${area}`) ? t(`staffPages.areas.${area}`) : undefined;
      }),
    [raw, t, i18n],
  );
  if (isEmptyReport(answer))
    return (
      <Card className="sf-admin-card sf-reports__empty" data-testid="report-empty">
        <Empty description={<><strong>{t('reports.empty.title')}</strong><br />{t('reports.empty.body')}</>} />
      </Card>
    );
  const table = (tb: ReportAnswer['tables'][number]) => (
    <ReportTableCard
      key={tb.key}
      report={name}
      table={tb}
      title={text.table(tb.key)}
      column={text.column}
      filters={filters}
      note={left[tb.key] ? t('reports.otherAddresses', { count: left[tb.key] }) : undefined}
    />
  );
  const technical = answer.tables.filter((tb) => TECHNICAL_TABLES.has(tb.key));
  return (
    <div className="sf-reports__body" data-testid="report-body" data-report={answer.report} data-from={answer.filters.from} data-to={answer.filters.to} aria-busy={busy}>
      {answer.figures.length ? (
        <section className="sf-reports__figures" aria-label={t('reports.figuresTitle')} style={{ gridTemplateColumns: `repeat(${figureColumns(answer.figures.length)}, minmax(0, 1fr))` }}>
          {answer.figures.map((f) => (
            <FigureCard
              key={f.key}
              figureKey={f.key}
              label={text.figure(f.key)}
              value={f.value}
              previous={f.previous}
              unit={f.unit}
              link={f.link || undefined}
            />
          ))}
        </section>
      ) : null}
      {answer.charts.length ? (
        <section className="sf-reports__charts">
          {answer.charts.map((c) => (
            <ReportChartCard key={c.key} chart={c} title={text.chart(c.key)} series={text.series} wide={c.type === 'line'} />
          ))}
        </section>
      ) : null}
      {answer.tables.filter((tb) => !TECHNICAL_TABLES.has(tb.key)).map(table)}
      {technical.length ? (
        // Page speed and clicked markup are for whoever looks after the app, not for HR: closed, in plain words.
        <Collapse
          className="sf-reports__technical"
          data-testid="report-technical"
          items={[
            {
              key: 'technical',
              label: (
                <span className="sf-reports__technical-head">
                  <strong>{t('reports.technical.title')}</strong>
                  <span>{t('reports.technical.body')}</span>
                </span>
              ),
              children: <div className="sf-reports__technical-body">{technical.map(table)}</div>,
            },
          ]}
        />
      ) : null}
    </div>
  );
}

/** One row of up to 7 figures, else two balanced rows (10 → 5 + 5). */
const figureColumns = (n: number) => (n <= 7 ? n : Math.ceil(n / 2));

function ReportChartCard({ chart, title, series, wide }: { chart: ReportChart; title: string; series: (k: string) => string; wide: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const option = useMemo(
    () => chartOption(chart, { series, x: xLabel(locale, valueText(t)), value: (v) => formatValue(v, '', locale) }),
    [chart, series, locale, t],
  );
  const empty = !chart.x.length || chart.series.every((s) => s.values.every((v) => !v));
  return (
    <Card className={`sf-admin-card sf-reports__chart${wide ? ' is-wide' : ''}`} title={title} data-testid={`report-chart-${chart.key}`} data-points={chart.x.length}>
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.emptyChart')} className="sf-reports__chart-empty" />
      ) : (
        <Chart option={option} height={wide ? 300 : 260} label={title} />
      )}
    </Card>
  );
}
