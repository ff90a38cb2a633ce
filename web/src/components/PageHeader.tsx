import type { ReactNode } from 'react';

export function PageHeader({ title, subtitle, extra }: { title: ReactNode; subtitle?: ReactNode; extra?: ReactNode }) {
  return (
    <header className="sf-page-header">
      <div className="sf-page-header__text">
        <h1 className="sf-page-header__title">{title}</h1>
        {subtitle ? <p className="sf-page-header__subtitle">{subtitle}</p> : null}
      </div>
      {extra ? <div className="sf-page-header__extra">{extra}</div> : null}
    </header>
  );
}
