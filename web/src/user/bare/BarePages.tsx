import { FileOutline } from 'antd-mobile-icons';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import logo from '../../assets/logo.svg';
import { useProductName } from '../../lib/config';

function BareCard({ icon, title, body, children }: { icon: ReactNode; title: ReactNode; body: ReactNode; children?: ReactNode }) {
  const product = useProductName();
  return (
    <div className="sf-bare-page">
      <div className="sf-bare-page__brand">
        <img src={logo} alt="" width={36} height={36} />
        <span>{product}</span>
      </div>
      <main className="sf-bare-page__card">
        <div className="sf-empty__icon" aria-hidden="true">{icon}</div>
        <h1 className="sf-bare-page__title">{title}</h1>
        <p className="sf-bare-page__body">{body}</p>
        {children ? <div className="sf-bare-page__actions">{children}</div> : null}
      </main>
    </div>
  );
}

/**
 * /share/{type}/{id} is the server's page (Open Graph tags, docs/API.md "Share pages"); an in-app link that
 * lands here loads it from the server. Any other /share path is not a page.
 */
export function SharePage() {
  const { pathname } = useLocation();
  const served = /^\/share\/[^/]+\/[^/]+$/.test(pathname);
  useEffect(() => {
    if (served) window.location.replace(pathname);
  }, [served, pathname]);
  return served ? null : <NotFoundPage />;
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <BareCard icon={<FileOutline />} title={t('bare.notFoundTitle')} body={t('bare.notFoundBody')}>
      <Link className="sf-link-button" to="/main">{t('common.backHome')}</Link>
    </BareCard>
  );
}
