import { ShopbagOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/EmptyState';
import { PageHeader } from '../components/PageHeader';

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

// The Club tab lives in ./ClubTab (balance and entries); its screens are a lazy chunk (./club).
export { ClubPage } from './ClubTab';
