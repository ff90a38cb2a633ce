// "See all ›" beside a section's title: one link, 44 px tall (the `sf-see-all` style), for every section that
// shows the first few of a list.
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function SeeAllLink({ to, label, testId }: { to: string; label?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="sf-see-all" data-testid={testId}>
      {label ?? t('common.seeAll')}
      <RightOutline aria-hidden="true" />
    </Link>
  );
}
