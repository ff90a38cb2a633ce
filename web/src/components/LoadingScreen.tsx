import { SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import logo from '../assets/logo.svg';

/** Full-screen loading state while the session loads (SPEC §2: logo 150 px, alt "retail logo", spinner). */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div className="sf-loading" role="status" aria-live="polite">
      {/* The alt text is fixed by the specification. */}
      <img src={logo} alt="retail logo" width={150} height={150} className="sf-loading__logo" />
      <SpinLoading color="primary" style={{ '--size': '32px' }} />
      <span className="sf-visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
