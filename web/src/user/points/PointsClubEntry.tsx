// The Club tab's entry to the points history (kept out of the history's lazy chunk).
import { RightOutline, StarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function PointsClubEntry() {
  const { t } = useTranslation();
  return (
    <Link to="/club/points" className="sf-club-entry" data-entry="points">
      <span className="sf-club-entry__icon" style={{ color: '#8a5a00', background: 'var(--sf-color-accent-soft)' }} aria-hidden="true"><StarOutline /></span>
      <span className="sf-club-entry__text">
        <span className="sf-club-entry__title">{t('points.title')}</span>
        <span className="sf-club-entry__body">{t('points.entry')}</span>
      </span>
      <RightOutline className="sf-club-entry__chevron" aria-hidden="true" />
    </Link>
  );
}
