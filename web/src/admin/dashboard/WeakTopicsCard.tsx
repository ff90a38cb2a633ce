import { Alert, Button, Card, Skeleton } from 'antd';
import { ReadOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { refresherLink, type WeakTopics } from './weakTopics';

/** The three topics staff remember least (the drill's memory states), each with a refresher to assign. */
export function WeakTopicsCard() {
  const { t, i18n } = useTranslation();
  const { data, isLoading, isError, refetch } = useQuery({
    queryKey: ['admin', 'knowledge', 'weakest'],
    queryFn: ({ signal }) => api<WeakTopics>('/api/admin/knowledge/weakest', { signal }),
  });
  const percent = new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'th-TH', { maximumFractionDigits: 1 });

  return (
    <Card
      className="sf-admin-card sf-dash__weak"
      data-testid="weak-topics"
      title={t('admin.dashboard.weakTopics.title')}
      extra={<Link to="/admin/reports/knowledge">{t('admin.dashboard.weakTopics.report')} <RightOutlined /></Link>}
    >
      {isError ? (
        <Alert type="error" showIcon message={t('admin.dashboard.weakTopics.loadError')} action={<Button size="small" onClick={() => void refetch()}>{t('common.retry')}</Button>} />
      ) : isLoading ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : !data || data.topics.length === 0 ? (
        <p className="sf-dash__weak-empty">{t('admin.dashboard.weakTopics.empty')}</p>
      ) : (
        <ol className="sf-dash__weak-list">
          {data.topics.map((topic) => (
            <li key={topic.id ?? '-'} data-topic={topic.id ?? ''}>
              <span className="sf-dash__weak-retention" data-low={topic.retention < data.desiredRetention}>
                {percent.format(topic.retention)}%
              </span>
              <span className="sf-dash__weak-text">
                <span className="sf-dash__weak-name">{topic.name ?? t('admin.dashboard.weakTopics.uncategorised')}</span>
                <span className="sf-dash__weak-meta">
                  {topic.stores.length > 0
                    ? t('admin.dashboard.weakTopics.stores', { count: topic.stores.length, target: data.desiredRetention })
                    : t('admin.dashboard.weakTopics.people', { count: topic.people })}
                </span>
              </span>
              <Link to={refresherLink(topic)} className="sf-dash__weak-action" data-testid={`assign-refresher-${topic.id ?? 'none'}`}>
                <ReadOutlined /> {topic.course ? t('admin.dashboard.weakTopics.assign') : t('admin.dashboard.weakTopics.makeCourse')}
              </Link>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
