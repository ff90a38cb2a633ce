// Where a slide or an ad banner goes when tapped (lib/slides `slideTarget`): an in-app path through the router,
// an https page in a new tab, or nothing to follow (a plain block). Home's slides and ad banners both draw it.
import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { SlideTarget } from '../lib/slides';

export function TargetLink({ target, className, onTap, label, newTabLabel, plainRole, attrs, children }: {
  target: SlideTarget;
  className: string;
  /** Called on a tap that follows the link (telemetry). */
  onTap: () => void;
  /** The in-app link's accessible name, and the plain block's when it has `plainRole`. */
  label?: string;
  /** The accessible name of a link that opens a new tab. */
  newTabLabel: string;
  plainRole?: 'img';
  attrs?: Record<`data-${string}`, string>;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  if (target?.kind === 'app')
    return (
      <a
        className={className}
        href={target.path}
        aria-label={label}
        {...attrs}
        onClick={(e: MouseEvent) => {
          e.preventDefault();
          onTap();
          void navigate(target.path);
        }}
      >
        {children}
      </a>
    );
  if (target?.kind === 'web')
    return (
      <a className={className} href={target.url} target="_blank" rel="noopener noreferrer" aria-label={newTabLabel} {...attrs} onClick={onTap}>
        {children}
      </a>
    );
  return (
    <div className={className} role={plainRole} aria-label={plainRole ? label : undefined} {...attrs}>
      {children}
    </div>
  );
}
