// One story in the feed or on its page: author and store, the text (Thai wraps by the browser's dictionary;
// line breaks as typed), a photo carousel that opens the tap-to-zoom viewer, like, comments and share.
import { ImageViewer, Tag } from 'antd-mobile';
import { HeartFill, HeartOutline, LinkOutline, MessageOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Carousel } from '../../components/Carousel';
import { UserPicture } from '../../components/Initials';
import { Image, imageUrl } from '../../lib/image';
import { notify } from '../../lib/toast';
import { formatDate, formatNumber } from '../../lib/format';
import { storyErrorText, useLike } from './api';
import { canInteract } from './logic';
import type { Story } from './types';

// `priority`: the first photo is likely the page's largest paint: fetched at once, not when laid out (lazy). The
// server preloads the feed's first photo with the page, declared with these `sizes` in web/first-screen.json
// (e2e/first-screen.spec.ts fails when the two differ: the photo would be fetched twice).
function Photos({ story, priority = false }: { story: Story; priority?: boolean }) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<number | null>(null);
  // The full-screen viewer is mounted once first opened (then kept, for its closing animation): a feed of
  // stories drew ten hidden viewers on its first screen (issue 29).
  const [opened, setOpened] = useState(false);
  if (viewing !== null && !opened) setOpened(true);
  const photos = story.photos;
  if (!photos.length) return null;
  const w = typeof window === 'undefined' ? 1080 : Math.min(2048, Math.round(window.innerWidth * (window.devicePixelRatio || 1)));
  return (
    <div className="sf-story__photos">
      <Carousel>
        {photos.map((p, i) => (
          <button key={p.id} type="button" className="sf-story__photo" onClick={() => setViewing(i)} aria-label={t('stories.card.photo', { n: i + 1, total: photos.length })} data-testid="story-photo">
            <Image src={p.url} alt="" width={p.width ?? 800} height={p.height ?? 600} sizes="(max-width: 600px) 100vw, 560px" fit="cover" priority={priority && i === 0} />
          </button>
        ))}
      </Carousel>
      {opened ? (
        <ImageViewer.Multi
          key={viewing ?? -1}
          images={photos.map((p) => imageUrl(p.url, w, 80))}
          visible={viewing !== null}
          defaultIndex={viewing ?? 0}
          onClose={() => setViewing(null)}
        />
      ) : null}
    </div>
  );
}

export function StoryCard({ story, linked = true, priority = false }: { story: Story; linked?: boolean; priority?: boolean }) {
  const { t } = useTranslation();
  const like = useLike();
  const live = canInteract(story);
  const toggle = () => {
    if (like.isPending) return;
    like.mutate({ id: story.id, liked: !story.liked }, { onError: (e) => notify.error(storyErrorText(t, e), `story-like-${story.id}`) });
  };
  const share = async () => {
    const url = new URL(story.shareUrl, window.location.origin).toString();
    try {
      if (navigator.share) await navigator.share({ url, title: t('stories.title') });
      else {
        await navigator.clipboard.writeText(url);
        notify.success(t('stories.card.shared'), `story-share-${story.id}`);
      }
    } catch {
      // the person closed the share sheet
    }
  };
  return (
    <article className="sf-card sf-story" data-testid="story-card" data-story-id={story.id}>
      <header className="sf-story__head">
        <Link to={`/p/${story.author.id}`} aria-label={story.author.name} className="sf-person-link" data-testid="story-author-picture">
          <UserPicture name={story.author.name} image={story.author.image} size={40} />
        </Link>
        <div className="sf-story__who">
          <Link to={`/p/${story.author.id}`} className="sf-story__author" data-testid="story-author">{story.author.name}</Link>
          <span className="sf-story__where">
            {[story.store?.name, formatDate(story.publishedAt ?? story.createdAt)].filter(Boolean).join(' · ')}
          </span>
        </div>
        {story.featured ? <Tag color="warning" fill="solid" className="sf-story__featured">{t('stories.card.featured')}</Tag> : null}
        {story.status !== 'published' ? <Tag color={story.status === 'rejected' ? 'danger' : 'primary'} fill="outline" data-testid="story-status">{t(`stories.status.${story.status}`)}</Tag> : null}
      </header>
      <Photos story={story} priority={priority} />
      {linked ? (
        <Link to={`/stores/${story.id}`} className="sf-story__text sf-story__text--clamp" data-testid="story-text">{story.text}</Link>
      ) : (
        <p className="sf-story__text" data-testid="story-text">{story.text}</p>
      )}
      {live ? (
        <footer className="sf-story__actions">
          <button type="button" className={`sf-story__action${story.liked ? ' is-on' : ''}`} aria-pressed={story.liked} aria-label={t(story.liked ? 'stories.card.unlike' : 'stories.card.like')} onClick={toggle} data-testid="story-like">
            {story.liked ? <HeartFill /> : <HeartOutline />} <span data-testid="story-likes">{formatNumber(story.likes)}</span>
          </button>
          <Link to={`/stores/${story.id}`} className="sf-story__action" aria-label={t('stories.card.comments', { n: formatNumber(story.comments) })} data-testid="story-comments">
            <MessageOutline /> <span>{formatNumber(story.comments)}</span>
          </Link>
          <a href={story.shareUrl} className="sf-story__action sf-story__share" onClick={(e) => { e.preventDefault(); void share(); }} data-testid="story-share">
            <LinkOutline /> {t('stories.card.share')}
          </a>
        </footer>
      ) : null}
    </article>
  );
}
