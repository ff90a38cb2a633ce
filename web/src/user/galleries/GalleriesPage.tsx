// Staff galleries (SPEC §5 Galleries): published albums with covers, a photo grid, a full-screen viewer.
import { ImageViewer, NavBar, Skeleton } from 'antd-mobile';
import { PictureOutline, RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { ApiError } from '../../lib/api';
import { useProductName } from '../../lib/config';
import { Image, imageUrl, isOptimisable, ColumnImage } from '../../lib/image';
import { viewerWidth } from '../../lib/viewer';
import { useGalleries, useGallery } from './api';
import { LoadError } from '../../components/LoadError';

export function GalleriesPage() {
  const { t } = useTranslation();
  const product = useProductName();
  const navigate = useNavigate();
  const { data, isLoading, isError, refetch } = useGalleries();
  return (
    <div className="sf-page sf-galleries">
      <NavBar className="sf-navbar" onBack={() => navigate('/club')} back={t('nav.club', { product })} />
      <PageHeader title={t('galleries.title')} subtitle={t('galleries.subtitle')} />
      {isError ? (
        <LoadError text={t('galleries.loadError')} onRetry={() => void refetch()} />
      ) : null}
      {isLoading ? (
        <div className="sf-galleries__list">
          {[0, 1].map((i) => <Skeleton key={i} animated className="sf-galleries__skeleton" />)}
        </div>
      ) : data?.items.length ? (
        <ul className="sf-galleries__list" aria-label={t('galleries.title')}>
          {data.items.map((g, i) => (
            <li key={g.id}>
              <Link to={`/club/galleries/${g.id}`} className="sf-album" data-gallery={g.title}>
                <div className="sf-album__cover">
                  {g.cover && isOptimisable(g.cover.url) ? (
                    <ColumnImage media={g.cover} priority={i === 0} />
                  ) : (
                    <span className="sf-album__placeholder" aria-hidden="true"><PictureOutline /></span>
                  )}
                  <span className="sf-album__count">{t('galleries.photoCount', { count: g.itemCount })}</span>
                </div>
                <div className="sf-album__text">
                  <h2 className="sf-album__title">{g.title}</h2>
                  {g.description ? <p className="sf-album__description">{g.description}</p> : null}
                </div>
                <RightOutline className="sf-album__chevron" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon={<PictureOutline />} title={t('galleries.emptyTitle')} body={t('galleries.emptyBody')} />
      )}
    </div>
  );
}

export function GalleryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [viewing, setViewing] = useState<number | null>(null);
  const { data, isLoading, error } = useGallery(id);
  const g = data?.gallery;
  const photos = (g?.items ?? []).filter((it) => it.media.kind === 'image');
  const w = viewerWidth();

  return (
    <div className="sf-page sf-gallery">
      <NavBar className="sf-navbar" onBack={() => navigate('/club/galleries')} back={t('galleries.title')} />
      {error instanceof ApiError && error.status === 404 ? (
        <EmptyState icon={<PictureOutline />} title={t('galleries.notFoundTitle')} body={t('galleries.notFoundBody')} />
      ) : isLoading ? (
        <Skeleton.Paragraph lineCount={6} animated />
      ) : g ? (
        <>
          <header className="sf-gallery__header">
            <h1 className="sf-page-header__title">{g.title}</h1>
            {g.description ? <p className="sf-page-header__subtitle">{g.description}</p> : null}
            <p className="sf-gallery__count">{t('galleries.photoCount', { count: photos.length })}</p>
          </header>
          {photos.length ? (
            <ul className="sf-gallery__grid" aria-label={t('galleries.photos')}>
              {photos.map((it, i) => (
                <li key={it.id}>
                  <button
                    type="button"
                    className="sf-gallery__tile"
                    aria-label={it.caption ? t('galleries.openPhotoCaption', { n: i + 1, caption: it.caption }) : t('galleries.openPhoto', { n: i + 1 })}
                    onClick={() => setViewing(i)}
                  >
                    <Image src={it.media.url} alt={it.caption ?? ''} width={it.media.width ?? 400} height={it.media.height ?? 400} sizes="(max-width: 640px) 33vw, 213px" fit="cover" />
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState icon={<PictureOutline />} title={t('galleries.noPhotosTitle')} />
          )}
          <ImageViewer.Multi
            key={viewing ?? -1}
            images={photos.map((p) => imageUrl(p.media.url, w, 80))}
            visible={viewing !== null}
            defaultIndex={viewing ?? 0}
            onClose={() => setViewing(null)}
            classNames={{ mask: 'sf-viewer__mask' }}
            renderFooter={(_, index) => {
              const caption = photos[index]?.caption;
              return (
                <div className="sf-viewer__footer">
                  {caption ? <p className="sf-viewer__caption">{caption}</p> : null}
                </div>
              );
            }}
          />
        </>
      ) : null}
    </div>
  );
}
