// New year gifts: the kit's `gift-periods` list (publish / archive on every row); a period opens its own
// screen (options, picks, close).
import { GiftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PublishableList } from '../resources/PublishableList';
import { useItemScreens } from '../resources/itemScreens';

export function GiftPeriodsView() {
  const { t } = useTranslation();
  const screens = useItemScreens('/admin/gifts', { key: 'options', label: t('clubAdmin.period.manage'), icon: <GiftOutlined /> });
  return <PublishableList resource="gift-periods" {...screens} />;
}
