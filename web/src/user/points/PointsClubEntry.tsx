// The Club tab's entries (kept out of the points history's lazy chunk): a link with an icon, a title and a line.
import { RightOutline, StarOutline } from 'antd-mobile-icons';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function ClubEntry({ to, entry, icon, iconStyle, title, body }: { to: string; entry: string; icon: ReactNode; iconStyle?: CSSProperties; title: string; body: string }) {
  return (
    <Link to={to} className="sf-club-entry" data-entry={entry}>
      <span className="sf-club-entry__icon" style={iconStyle} aria-hidden="true">{icon}</span>
      <span className="sf-club-entry__text">
        <span className="sf-club-entry__title">{title}</span>
        <span className="sf-club-entry__body">{body}</span>
      </span>
      <RightOutline className="sf-club-entry__chevron" aria-hidden="true" />
    </Link>
  );
}

export function PointsClubEntry() {
  const { t } = useTranslation();
  return (
    <ClubEntry
      to="/club/points"
      entry="points"
      icon={<StarOutline />}
      iconStyle={{ color: '#8a5a00', background: 'var(--sf-color-accent-soft)' }}
      title={t('points.title')}
      body={t('points.entry')}
    />
  );
}
