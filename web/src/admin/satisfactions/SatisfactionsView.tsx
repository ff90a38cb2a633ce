// /admin/satisfactions (issue 16): the figures of the 1-5 star ratings (overall and per item: average, count,
// distribution), a weekly trend, the lowest rated items, and the comments with hide / show. Charts: the admin's
// shared ECharts wrapper (admin/resources/charts). Picking an item narrows the trend and the comments to it.
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Rate, Segmented, Skeleton, Space, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { Chart } from '../resources/charts/Chart';
import { useLocale } from '../resources/format';
import { distributionOption, trendOption } from './charts';
import {
  commentsUrl,
  moderateUrl,
  ratedTypes,
  summaryUrl,
  trendUrl,
  type Filter,
  type ItemStats,
  type RatedType,
  type RatingComment,
  type Stats,
  type Summary,
  type TrendWeek,
} from './logic';
import './satisfactions.css';
import { dateTimeFormat } from '../../lib/intl';

const PAGE = 20;

function Distribution({ stats }: { stats: Stats }) {
  const { t } = useTranslation();
  const option = useMemo(() => distributionOption(stats, (n) => t('satisfactionAdmin.stars', { count: n })), [stats, t]);
  return (
    <div data-testid="sat-dist" data-count={stats.count}>
      <Chart option={option} height={170} label={t('satisfactionAdmin.distribution')} />
    </div>
  );
}

function Average({ stats }: { stats: Stats }) {
  const { t } = useTranslation();
  return (
    <div className="sf-sat-avg" data-testid="sat-overall" data-average={stats.average} data-count={stats.count}>
      <strong>{stats.count ? stats.average.toFixed(2) : '–'}</strong>
      <Rate disabled allowHalf value={Math.round(stats.average * 2) / 2} />
      <span className="sf-res__muted">{t('satisfactionAdmin.ratings', { count: stats.count })}</span>
    </div>
  );
}

function Trend({ weeks, locale }: { weeks: TrendWeek[]; locale: string }) {
  const { t } = useTranslation();
  const option = useMemo(() => {
    const day = dateTimeFormat(locale, { day: 'numeric', month: 'short' });
    return trendOption(weeks, (w) => day.format(new Date(w.weekStart)), { average: t('satisfactionAdmin.average'), count: t('satisfactionAdmin.count') });
  }, [weeks, locale, t]);
  return (
    <div data-testid="sat-trend" data-weeks={weeks.length}>
      <Chart option={option} height={220} label={t('satisfactionAdmin.trend')} />
    </div>
  );
}

export function SatisfactionsView() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const locale = useLocale() === 'th' ? 'th-TH' : 'en-GB';
  const [type, setType] = useState<RatedType | ''>('');
  const [item, setItem] = useState<ItemStats | null>(null);
  const [hidden, setHidden] = useState<'' | 'true' | 'false'>('');
  const [offset, setOffset] = useState(0);
  const filter: Filter = { type: type || undefined, itemId: item?.id };

  const summary = useQuery({ queryKey: ['admin', 'satisfactions', 'summary', type], queryFn: ({ signal }) => api<Summary>(summaryUrl(filter), { signal }) });
  const trend = useQuery({ queryKey: ['admin', 'satisfactions', 'trend', type, item?.id], queryFn: ({ signal }) => api<{ weeks: TrendWeek[] }>(trendUrl(filter), { signal }) });
  const comments = useQuery({
    queryKey: ['admin', 'satisfactions', 'comments', type, item?.id, hidden, offset],
    queryFn: ({ signal }) => api<{ items: RatingComment[]; total: number }>(commentsUrl(filter, hidden, offset, PAGE), { signal }),
  });
  const [busy, setBusy] = useState<string | null>(null);

  const moderate = async (c: RatingComment) => {
    setBusy(c.id);
    try {
      await api(moderateUrl(c.id, !c.hidden), { method: 'POST', body: {} });
      notify.success(t(c.hidden ? 'satisfactionAdmin.shown' : 'satisfactionAdmin.hidden'));
      await qc.invalidateQueries({ queryKey: ['admin', 'satisfactions', 'comments'] });
    } catch (e) {
      notify.error(e instanceof ApiError ? e.message : t('satisfactionAdmin.loadError'));
    } finally {
      setBusy(null);
    }
  };

  const typeLabel = (ty: RatedType) => t(`satisfactionAdmin.types.${ty}`);
  const pick = (i: ItemStats | null) => {
    setItem(i);
    setOffset(0);
  };
  const itemColumns = [
    { title: t('satisfactionAdmin.item'), dataIndex: 'title', key: 'title', render: (v: string, r: ItemStats) => <Space><Tag>{typeLabel(r.type)}</Tag>{v}</Space> },
    { title: t('satisfactionAdmin.average'), dataIndex: 'average', key: 'average', width: 200, render: (v: number) => <Space><Rate disabled allowHalf value={Math.round(v * 2) / 2} className="sf-sat-rate-small" />{v.toFixed(2)}</Space> },
    { title: t('satisfactionAdmin.count'), dataIndex: 'count', key: 'count', width: 110 },
    {
      title: t('satisfactionAdmin.distribution'),
      key: 'dist',
      width: 220,
      render: (_: unknown, r: ItemStats) => (
        <div className="sf-sat-mini" aria-hidden>
          {r.distribution.map((n, i) => (
            <span key={i} style={{ flexGrow: n }} className={`sf-sat-mini__s${i + 1}`} title={`${i + 1}★ ${n}`} />
          ))}
        </div>
      ),
    },
    { title: t('satisfactionAdmin.comments'), dataIndex: 'comments', key: 'comments', width: 110 },
  ];

  if (summary.isError)
    return <Alert type="error" showIcon message={t('satisfactionAdmin.loadError')} action={<Button size="small" onClick={() => void summary.refetch()}>{t('common.retry')}</Button>} />;

  return (
    <div className="sf-sat" data-testid="satisfactions">
      <Space wrap className="sf-sat__filters">
        <Segmented
          value={type}
          onChange={(v) => {
            setType(v as RatedType | '');
            pick(null);
          }}
          options={[{ value: '', label: t('satisfactionAdmin.types.all') }, ...ratedTypes.map((ty) => ({ value: ty, label: typeLabel(ty) }))]}
        />
        {item ? (
          <Tag closable onClose={() => pick(null)} color="blue" data-testid="sat-item-filter">
            {item.title}
          </Tag>
        ) : null}
      </Space>
      <div className="sf-sat__grid">
        <Card className="sf-admin-card" title={item ? item.title : t('satisfactionAdmin.overall')}>
          {summary.isLoading ? <Skeleton active /> : <><Average stats={item ?? summary.data!.overall} /><Distribution stats={item ?? summary.data!.overall} /></>}
        </Card>
        <Card className="sf-admin-card" title={t('satisfactionAdmin.trend')}>
          {trend.isLoading ? <Skeleton active /> : trend.data ? <Trend weeks={trend.data.weeks} locale={locale} /> : null}
        </Card>
        <Card className="sf-admin-card" title={t('satisfactionAdmin.lowest')} data-testid="sat-lowest">
          {summary.isLoading ? (
            <Skeleton active />
          ) : summary.data!.lowest.length ? (
            <ol className="sf-sat-lowest">
              {summary.data!.lowest.map((l) => (
                <li key={`${l.type}:${l.id}`}>
                  <Button type="link" onClick={() => pick(l)}>{l.title}</Button>
                  <span className="sf-sat-lowest__n">{l.average.toFixed(2)} · {t('satisfactionAdmin.ratings', { count: l.count })}</span>
                </li>
              ))}
            </ol>
          ) : (
            <Empty description={t('satisfactionAdmin.lowestEmpty')} />
          )}
        </Card>
      </div>
      <Card className="sf-admin-card" title={t('satisfactionAdmin.items')}>
        <Table<ItemStats>
          size="small"
          rowKey={(r) => `${r.type}:${r.id}`}
          loading={summary.isLoading}
          dataSource={summary.data?.items ?? []}
          columns={itemColumns}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          onRow={(r) => ({ onClick: () => pick(r), style: { cursor: 'pointer' } })}
          rowClassName={(r) => (item && r.id === item.id ? 'is-picked' : '')}
          locale={{ emptyText: <Empty description={t('satisfactionAdmin.noRatings')} /> }}
        />
      </Card>
      <Card
        className="sf-admin-card"
        title={t('satisfactionAdmin.comments')}
        extra={
          <Segmented
            value={hidden}
            onChange={(v) => {
              setHidden(v as '' | 'true' | 'false');
              setOffset(0);
            }}
            options={[
              { value: '', label: t('satisfactionAdmin.allComments') },
              { value: 'false', label: t('satisfactionAdmin.visible') },
              { value: 'true', label: t('satisfactionAdmin.hiddenOnes') },
            ]}
          />
        }
      >
        <Table<RatingComment>
          size="small"
          rowKey="id"
          loading={comments.isLoading}
          dataSource={comments.data?.items ?? []}
          pagination={{ current: offset / PAGE + 1, pageSize: PAGE, total: comments.data?.total ?? 0, onChange: (p) => setOffset((p - 1) * PAGE), hideOnSinglePage: true }}
          locale={{ emptyText: <Empty description={t('satisfactionAdmin.noComments')} /> }}
          columns={[
            { title: t('satisfactionAdmin.starsColumn'), dataIndex: 'stars', key: 'stars', width: 150, render: (v: number) => <Rate disabled value={v} className="sf-sat-rate-small" /> },
            { title: t('satisfactionAdmin.comment'), dataIndex: 'comment', key: 'comment', render: (v: string, r) => <span className={r.hidden ? 'sf-sat-comment is-hidden' : 'sf-sat-comment'}>{v}</span> },
            { title: t('satisfactionAdmin.item'), dataIndex: 'itemTitle', key: 'item', width: 240, render: (v: string, r) => <Space><Tag>{typeLabel(r.type)}</Tag>{v}</Space> },
            { title: t('satisfactionAdmin.person'), key: 'user', width: 180, render: (_: unknown, r) => r.user.name },
            { title: t('satisfactionAdmin.when'), dataIndex: 'updatedAt', key: 'when', width: 130, render: (v: string) => new Date(v).toLocaleDateString(locale) },
            {
              title: '',
              key: 'actions',
              width: 130,
              render: (_: unknown, r) => (
                <Button size="small" icon={r.hidden ? <EyeOutlined /> : <EyeInvisibleOutlined />} loading={busy === r.id} onClick={() => void moderate(r)} data-testid="sat-moderate">
                  {t(r.hidden ? 'satisfactionAdmin.show' : 'satisfactionAdmin.hide')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
