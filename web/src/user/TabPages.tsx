import { AppOutline, GiftOutline, PictureOutline, RightOutline, ShopbagOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/EmptyState';
import { UserPicture } from '../components/Initials';
import { PageHeader } from '../components/PageHeader';
import { useProductName } from '../lib/config';
import { useMe } from '../lib/me';
import { useSession } from '../lib/session';

// The Learning tab lives with the rest of the learning screens.
export { LearningPage } from './learning/LearningTab';

export function StoresPage() {
  const { t } = useTranslation();
  return (
    <div className="sf-page">
      <PageHeader title={t('stores.title')} subtitle={t('stores.subtitle')} />
      <EmptyState icon={<ShopbagOutline />} title={t('stores.emptyTitle')} body={t('stores.emptyBody')} />
    </div>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const { data: me } = useMe();
  const name = me?.nickname || me?.name || session?.user.name || '';
  return (
    <div className="sf-page">
      <section className="sf-hero" aria-labelledby="home-greeting">
        <div className="sf-hero__text">
          <h1 id="home-greeting" className="sf-hero__title">
            {name ? t('home.greeting', { name }) : t('home.greetingFallback')}
          </h1>
          <p className="sf-hero__subtitle">{t('home.subtitle')}</p>
          {me?.store ? <p className="sf-hero__meta">{me.store.name}</p> : null}
        </div>
        <UserPicture name={name} image={me?.image ?? session?.user.image} size={56} />
      </section>
      <EmptyState icon={<AppOutline />} title={t('home.emptyTitle')} body={t('home.emptyBody')} />
    </div>
  );
}

export function ClubPage() {
  const { t } = useTranslation();
  const product = useProductName();
  return (
    <div className="sf-page">
      <PageHeader title={t('club.title', { product })} subtitle={t('club.subtitle')} />
      <Link to="/club/galleries" className="sf-club-entry" data-entry="galleries">
        <span className="sf-club-entry__icon" aria-hidden="true"><PictureOutline /></span>
        <span className="sf-club-entry__text">
          <span className="sf-club-entry__title">{t('galleries.title')}</span>
          <span className="sf-club-entry__body">{t('galleries.entry')}</span>
        </span>
        <RightOutline className="sf-club-entry__chevron" aria-hidden="true" />
      </Link>
      <EmptyState icon={<GiftOutline />} title={t('club.emptyTitle')} body={t('club.emptyBody')} />
    </div>
  );
}
