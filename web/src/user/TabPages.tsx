import { GiftOutline, PictureOutline, RightOutline, ShopbagOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/EmptyState';
import { PageHeader } from '../components/PageHeader';
import { useProductName } from '../lib/config';
import { PointsClubEntry } from './points/PointsClubEntry';

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

// Home lives in ./home (points, rows, articles).
export { HomePage } from './home/HomePage';

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
      <PointsClubEntry />
      <EmptyState icon={<GiftOutline />} title={t('club.emptyTitle')} body={t('club.emptyBody')} />
    </div>
  );
}
