import { Button } from 'antd-mobile';
import { FileOutline, GlobalOutline, PieOutline, SoundOutline, UserAddOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import logo from '../../assets/logo.svg';
import { LanguageToggle } from '../../components/LanguageToggle';
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

export function RegisterPage() {
  const { t } = useTranslation();
  return (
    <>
      <div className="sf-login__top"><LanguageToggle className="sf-login__lang sf-login__lang--dark" /></div>
      <BareCard icon={<UserAddOutline />} title={t('register.title')} body={t('register.body')}>
        <p className="sf-bare-page__hint">{t('register.haveAccount')}</p>
        <Link className="sf-link-button" to="/login">{t('common.backToLogin')}</Link>
      </BareCard>
    </>
  );
}

export function AdsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <BareCard icon={<SoundOutline />} title={t('bare.adsTitle')} body={t('bare.adsBody')}>
      <Button color="primary" block onClick={() => navigate('/main', { replace: true })}>{t('bare.continue')}</Button>
    </BareCard>
  );
}

export function PulseSurveyPage() {
  const { t } = useTranslation();
  return (
    <BareCard icon={<PieOutline />} title={t('bare.pulseTitle')} body={t('bare.pulseBody')}>
      <Link className="sf-link-button" to="/main">{t('common.backHome')}</Link>
    </BareCard>
  );
}

export function SharePage() {
  const { t } = useTranslation();
  const product = useProductName();
  return (
    <BareCard icon={<GlobalOutline />} title={t('bare.shareTitle', { product })} body={t('bare.shareBody')}>
      <Link className="sf-link-button" to="/main">{t('bare.openApp')}</Link>
    </BareCard>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <BareCard icon={<FileOutline />} title={t('bare.notFoundTitle')} body={t('bare.notFoundBody')}>
      <Link className="sf-link-button" to="/main">{t('common.backHome')}</Link>
    </BareCard>
  );
}
