// A Home card that says something waits for me in an area (open polls, contests, a survey) and links there:
// an icon, a title, one line, a chevron; the whole card is one link with its own words for screen readers.
// Light on purpose (Home's first paint): antd-mobile icons and the router only.
import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function HomeNudge({
  to,
  className,
  label,
  icon,
  title,
  body,
  data,
}: {
  to: string;
  /** Added to `sf-home-polls` (the look every nudge shares). */
  className?: string;
  label: string;
  icon: ReactNode;
  title: string;
  body: ReactNode;
  /** data-* attributes (the tests' `data-testid`, counts, ids). */
  data: Record<`data-${string}`, string | number>;
}) {
  return (
    <Link to={to} className={className ? `sf-home-polls ${className}` : 'sf-home-polls'} aria-label={label} {...data}>
      <span className="sf-home-polls__icon" aria-hidden="true">{icon}</span>
      <span className="sf-home-polls__text" aria-hidden="true">
        <span className="sf-home-polls__title">{title}</span>
        <span className="sf-home-polls__body">{body}</span>
      </span>
      <RightOutline className="sf-home-polls__chevron" aria-hidden="true" />
    </Link>
  );
}
