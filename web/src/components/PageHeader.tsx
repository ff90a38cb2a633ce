import type { ReactNode } from 'react';

/** A screen's heading with an optional line under it and something at its end. `block` is the CSS block its
 *  classes are named after, so a screen with its own look (the club's ClubHeader) keeps the same markup. */
export function PageHeader({ title, subtitle, extra, block = 'sf-page-header' }: { title: ReactNode; subtitle?: ReactNode; extra?: ReactNode; block?: string }) {
  return (
    <header className={block}>
      <div className={`${block}__text`}>
        <h1 className={`${block}__title`}>{title}</h1>
        {subtitle ? <p className={`${block}__subtitle`}>{subtitle}</p> : null}
      </div>
      {extra ? <div className={`${block}__extra`}>{extra}</div> : null}
    </header>
  );
}
