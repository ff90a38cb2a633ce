// A poll's results (GET /api/admin/polls/:id/results): one bar per option with its votes and percent of
// ballots, the leaders marked, and the CSV / XLSX downloads (GET …/results/export?format=csv|xlsx).
import { ReloadOutlined, TrophyFilled } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Progress, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../lib/polls/logic';
import { ExportButtons } from '../resources/ExportButtons';
import { ThumbImage } from '../resources/ClubThumb';
import { useLocale } from '../resources/format';
import { tokens } from '../../theme/tokens';
import { leadingOptions, pollExportUrl, type AdminPollResults } from './logic';
import { numberFormat } from '../../lib/intl';

export function PollResults({ pollId, results, loading, error, onRetry }: { pollId: string; results: AdminPollResults | undefined; loading: boolean; error: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale() === 'th' ? 'th-TH' : 'en-GB';
  const leaders = leadingOptions(results);
  const number = (n: number) => numberFormat(locale).format(n);
  const withImages = !!results?.options.some((o) => o.image?.url);

  return (
    <Card
      className="sf-admin-card sf-club-detail__section"
      data-testid="poll-results"
      data-total={results?.total ?? 0}
      title={results ? t('pollsAdmin.results.titleCount', { count: results.total, n: number(results.total) }) : t('pollsAdmin.results.title')}
      extra={
        <Space wrap>
          <Button icon={<ReloadOutlined />} onClick={onRetry} aria-label={t('pollsAdmin.results.refresh')}>{t('pollsAdmin.results.refresh')}</Button>
          <ExportButtons url={(format) => pollExportUrl(pollId, format)} />
        </Space>
      }
    >
      {loading ? (
        <Skeleton active />
      ) : error ? (
        <Alert type="error" showIcon message={t('pollsAdmin.results.loadError')} action={<Button size="small" onClick={onRetry}>{t('common.retry')}</Button>} />
      ) : results?.options.length ? (
        <>
          <p className="sf-res__muted sf-club-detail__hint">{t('pollsAdmin.results.hint')}</p>
          <ul className="sf-poll-admin-results">
            {results.options.map((o) => (
              <li key={o.id} className={`sf-poll-admin-result ${leaders.has(o.id) ? 'is-leading' : ''}`} data-testid="poll-results-row" data-option-id={o.id} data-votes={o.votes}>
                {withImages ? <ThumbImage url={o.image?.url} size={40} /> : null}
                <div className="sf-poll-admin-result__body">
                  <div className="sf-poll-admin-result__line">
                    <span className="sf-poll-admin-result__text">
                      {leaders.has(o.id) ? <TrophyFilled className="sf-poll-admin-result__trophy" aria-label={t('pollsAdmin.results.leading')} /> : null}
                      {o.text}
                    </span>
                    <span className="sf-poll-admin-result__numbers">
                      <strong>{formatPercent(o.percent, locale)}</strong>
                      <span className="sf-res__muted"> · {t('pollsAdmin.results.votes', { count: o.votes, n: number(o.votes) })}</span>
                    </span>
                  </div>
                  <Progress percent={Math.min(100, Math.max(0, o.percent))} showInfo={false} strokeColor={leaders.has(o.id) ? tokens.color.brand : '#8fb8b2'} />
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <Empty description={t('pollsAdmin.results.empty')} />
      )}
    </Card>
  );
}
