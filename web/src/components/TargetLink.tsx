// A slide's or an ad's whole card as one link to its target (lib/slides): an address in the app opens with the
// router, a web address in a new tab (which its label says); without a target, a plain box. A tap is told to
// `onTap` first (the telemetry's tap).
import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { SlideTarget } from '../lib/slides';

type DataAttributes = { [name: `data-${string}`]: string };

interface Props extends DataAttributes {
  target: SlideTarget;
  className: string;
  onTap: () => void;
  /** What a screen reader hears for the card (an app link, or the box as an image); none when a parent says it. */
  label?: string;
  /** The label of a web link, which says that it opens a new tab. */
  newTabLabel: string;
  children: ReactNode;
}

export function TargetLink({ target, className, onTap, label, newTabLabel, children, ...data }: Props) {
  const navigate = useNavigate();
  if (target?.kind === 'app')
    return (
      <a
        {...data}
        className={className}
        href={target.path}
        aria-label={label}
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
      <a {...data} className={className} href={target.url} target="_blank" rel="noopener noreferrer" onClick={onTap} aria-label={newTabLabel}>
        {children}
      </a>
    );
  return (
    <div {...data} className={className} role={label ? 'img' : undefined} aria-label={label}>
      {children}
    </div>
  );
}
