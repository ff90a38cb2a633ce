// A colleague's profile (/p/:id): photo, name, nickname, store, region, position, whether they are online,
// their badges and stickers (the `achievements` slot) and their published stories. The server answers only
// what a colleague may see (GET /api/users/:id/profile): no contact details, employee code or points.
import { Button, Image, List, Skeleton } from 'antd-mobile';
import { UserOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { UserPicture } from '../../components/Initials';
import { ApiError } from '../../lib/api';
import { allowedWidth, imageUrl, isOptimisable } from '../../lib/image';
import { positionLabel, useProfile, useProfileStories, type ProfileStory } from '../../lib/profiles';

function StoryTile({ story }: { story: ProfileStory }) {
  const photo = story.photos[0];
  return (
    <Link to={`/stores/${encodeURIComponent(story.id)}`} className="sf-profile-story" data-testid="profile-story">
      {photo ? (
        <Image src={isOptimisable(photo.url) ? imageUrl(photo.url, allowedWidth(256)) : photo.url} alt="" fit="cover" width="100%" height={104} lazy />
      ) : null}
      <span className="sf-profile-story__text">{story.text}</span>
    </Link>
  );
}

export function ColleagueProfile({ userId, presence, achievements }: { userId: string; presence: ReactNode; achievements: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { data: p, isLoading, isError, error, refetch } = useProfile(userId);
  const stories = useProfileStories(userId);

  if (isLoading) return <div className="sf-card" aria-busy="true"><Skeleton.Paragraph lineCount={4} animated /></div>;
  if (isError || !p) {
    if (error instanceof ApiError && error.status === 404)
      return <EmptyState icon={<UserOutline />} title={t('profile.otherTitle')} body={t('profile.otherBody')} />;
    return (
      <div className="sf-card sf-card--error" role="alert">
        <p>{t('profile.loadErrorOther')}</p>
        <Button size="small" onClick={() => void refetch()}>{t('common.retry')}</Button>
      </div>
    );
  }
  return (
    <>
      <section className="sf-profile-card" aria-label={p.name} data-testid="colleague-profile">
        <UserPicture name={p.name} image={p.image} size={88} />
        <div className="sf-profile-card__text">
          <h2 className="sf-profile-card__name" data-testid="colleague-name">{p.name}</h2>
          {p.nickname ? <p className="sf-profile-card__nickname">“{p.nickname}”</p> : null}
          {p.position ? <span className="sf-chip">{positionLabel(p, i18n.language)}</span> : null}
          {presence}
        </div>
      </section>
      <List className="sf-list" mode="card">
        <List.Item extra={p.store?.name ?? t('profile.noStore')}>{t('profile.store')}</List.Item>
        {p.region ? <List.Item extra={p.region.name}>{t('profile.region')}</List.Item> : null}
        {p.position ? <List.Item extra={positionLabel(p, i18n.language)}>{t('profile.position')}</List.Item> : null}
      </List>
      {achievements}
      <section className="sf-card" aria-labelledby="profile-stories">
        <h2 id="profile-stories" className="sf-card__title">{t('profile.stories')}</h2>
        {stories.data && stories.data.length ? (
          <div className="sf-profile-stories">
            {stories.data.map((s) => <StoryTile key={s.id} story={s} />)}
          </div>
        ) : stories.isLoading ? (
          <Skeleton.Paragraph lineCount={2} animated />
        ) : (
          <p className="sf-card__hint">{t('profile.noStories')}</p>
        )}
      </section>
    </>
  );
}
