// My stories (/stores/mine): everything I posted with its status; a rejection shows its reason; a pending one
// can still be edited.
import { Skeleton } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ClubHeader } from '../../components/ClubParts';
import { StoryCard } from './StoryCard';
import { useMine } from './api';
import { LoadError } from '../../components/LoadError';

export function MyStoriesPage() {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useMine();
  return (
    <div className="sf-page sf-stories" data-testid="my-stories-page">
      <ClubHeader title={t('stories.myList.title')} to="/stores" backLabel={t('stories.title')} extra={<Link to="/stores/new" className="sf-story-link">{t('stories.post')}</Link>} />
      {isError ? (
        <LoadError text={t('clubScreens.loadError')} onRetry={() => void refetch()} />
      ) : isLoading || !data ? (
        <div className="sf-card" aria-busy="true"><Skeleton.Paragraph lineCount={6} animated /></div>
      ) : data.items.length === 0 ? (
        <EmptyState icon={<FileOutline />} title={t('stories.myList.emptyTitle')} body={t('stories.myList.emptyBody')} />
      ) : (
        data.items.map((s) => (
          <div key={s.id} className="sf-my-story" data-testid="my-story" data-status={s.status}>
            {s.status === 'rejected' ? <p className="sf-story-note sf-story-note--bad">{t('stories.detail.rejectedNote', { reason: s.rejectReason ?? '' })}</p> : null}
            <StoryCard story={s} />
          </div>
        ))
      )}
    </div>
  );
}
