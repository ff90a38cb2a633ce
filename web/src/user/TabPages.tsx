import { GiftOutline, PictureOutline, ShopbagOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/EmptyState';
import { PageHeader } from '../components/PageHeader';
import { useProductName } from '../lib/config';
import { ClubEntry, PointsClubEntry } from './points/PointsClubEntry';

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
      <ClubEntry to="/club/galleries" entry="galleries" icon={<PictureOutline />} title={t('galleries.title')} body={t('galleries.entry')} />
      <PointsClubEntry />
      <EmptyState icon={<GiftOutline />} title={t('club.emptyTitle')} body={t('club.emptyBody')} />
    </div>
  );
}
