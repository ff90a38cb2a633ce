import { Button, Input } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import logo from '../../assets/logo.svg';
import { LanguageToggle } from '../../components/LanguageToggle';
import { AUTH_BASE, getProviders, signIn, useSession, type ProviderInfo } from '../../lib/session';
import { safeCallbackUrl } from '../../lib/callbackUrl';
import { useProductName } from '../../lib/config';

export const LOGIN_ERRORS = [
  'CredentialsSignin',
  'AccountPending',
  'AccountDisabled',
  'TooManyAttempts',
  'SessionRequired',
  'MissingCSRF',
  'OAuthSignin',
  'OAuthCallbackError',
  'OAuthCallback',
  'AccessDenied',
] as const;

/** The single sign-on providers of GET /api/auth/providers (everything but credentials), in its order. */
export function ssoProviders(providers: Record<string, ProviderInfo> | null): ProviderInfo[] {
  return providers ? Object.values(providers).filter((p) => p.type === 'oidc' || p.type === 'oauth') : [];
}

export function loginErrorKey(code: string | null | undefined): string | null {
  if (!code) return null;
  return (LOGIN_ERRORS as readonly string[]).includes(code) ? `login.errors.${code}` : 'login.errors.Default';
}

export function LoginPage() {
  const { t } = useTranslation();
  const product = useProductName();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { status } = useSession();
  const target = safeCallbackUrl(params.get('callbackUrl'));

  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(params.get('error'));
  const [fieldErrors, setFieldErrors] = useState<{ identifier?: string; password?: string }>({});
  const [sso, setSso] = useState<ProviderInfo[]>([]);
  const [leavingFor, setLeavingFor] = useState<string | null>(null);

  // The providers list must be reachable, as with Auth.js; otherwise show the server's error page.
  useEffect(() => {
    let live = true;
    void getProviders().then((providers) => {
      if (live && !providers) window.location.href = `${AUTH_BASE}/error?error=CLIENT_FETCH_ERROR`;
      if (live) setSso(ssoProviders(providers));
    });
    return () => {
      live = false;
    };
  }, []);

  // Already signed in (or just signed in): go where we were asked to, never off-site.
  useEffect(() => {
    if (status === 'authenticated') navigate(target, { replace: true });
  }, [status, target, navigate]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: typeof fieldErrors = {};
    if (!identifier.trim()) errs.identifier = t('login.identifierRequired');
    if (!password) errs.password = t('login.passwordRequired');
    setFieldErrors(errs);
    if (errs.identifier || errs.password) return;
    setSubmitting(true);
    setError(null);
    try {
      const res = await signIn('credentials', {
        identifier: identifier.trim(),
        password,
        callbackUrl: target,
        redirect: false,
      });
      if (res && !res.ok) {
        setError(res.error ?? 'Default');
        setPassword('');
      }
    } catch {
      setError('Default');
    } finally {
      setSubmitting(false);
    }
  };

  // Off to the provider's sign-in page; it sends the browser back to /api/auth/callback/<id>, then to target.
  const onSso = async (id: string) => {
    setLeavingFor(id);
    setError(null);
    try {
      await signIn(id, { callbackUrl: target });
    } catch {
      setError('OAuthSignin');
      setLeavingFor(null);
    }
  };

  const errorKey = loginErrorKey(error);

  return (
    <div className="sf-login">
      <div className="sf-login__top">
        <LanguageToggle className="sf-login__lang" />
      </div>
      <div className="sf-login__brand">
        <img src={logo} alt="" width={72} height={72} className="sf-login__logo" />
        <p className="sf-login__product">{product}</p>
        <p className="sf-login__tagline">{t('login.subtitle')}</p>
      </div>

      <main className="sf-login__card">
        <h1 className="sf-login__title">{t('login.welcome')}</h1>
        {errorKey ? (
          <div className="sf-alert" role="alert" data-error={error ?? undefined}>
            {t(errorKey)}
          </div>
        ) : null}
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <div className="sf-field">
            <label htmlFor="identifier" className="sf-field__label">{t('login.identifier')}</label>
            <div className={`sf-field__control${fieldErrors.identifier ? ' is-invalid' : ''}`}>
              <Input
                id="identifier"
                name="identifier"
                value={identifier}
                onChange={setIdentifier}
                placeholder={t('login.identifierPlaceholder')}
                autoComplete="username"
                autoCapitalize="characters"
                enterKeyHint="next"
                aria-invalid={fieldErrors.identifier ? true : undefined}
                aria-describedby={fieldErrors.identifier ? 'identifier-error' : undefined}
              />
            </div>
            {fieldErrors.identifier ? <p id="identifier-error" className="sf-field__error">{fieldErrors.identifier}</p> : null}
          </div>
          <div className="sf-field">
            <label htmlFor="password" className="sf-field__label">{t('login.password')}</label>
            <div className={`sf-field__control sf-field__control--with-action${fieldErrors.password ? ' is-invalid' : ''}`}>
              <Input
                id="password"
                name="password"
                type={showPassword ? 'text' : 'password'}
                value={password}
                onChange={setPassword}
                placeholder={t('login.passwordPlaceholder')}
                autoComplete="current-password"
                enterKeyHint="go"
                aria-invalid={fieldErrors.password ? true : undefined}
                aria-describedby={fieldErrors.password ? 'password-error' : undefined}
              />
              <button
                type="button"
                className="sf-icon-button"
                aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
                aria-pressed={showPassword}
                onClick={() => setShowPassword((v) => !v)}
              >
                {showPassword ? <EyeInvisibleOutline /> : <EyeOutline />}
              </button>
            </div>
            {fieldErrors.password ? <p id="password-error" className="sf-field__error">{fieldErrors.password}</p> : null}
          </div>
          <p className="sf-login__forgot">
            <Link to="/reset">{t('login.forgot')}</Link>
          </p>
          <Button type="submit" color="primary" size="large" block loading={submitting} loadingText={t('login.submitting')} className="sf-login__submit">
            {t('login.submit')}
          </Button>
        </form>
        {sso.length ? (
          <div className="sf-login__sso" data-testid="sso-providers">
            <p className="sf-login__or">
              <span>{t('login.or')}</span>
            </p>
            {sso.map((p) => (
              <Button
                key={p.id}
                block
                size="large"
                fill="outline"
                color="primary"
                className="sf-login__sso-button"
                data-provider={p.id}
                loading={leavingFor === p.id}
                disabled={leavingFor !== null && leavingFor !== p.id}
                onClick={() => void onSso(p.id)}
              >
                {t('login.withProvider', { name: p.name })}
              </Button>
            ))}
          </div>
        ) : null}
        <p className="sf-login__footer">
          {t('login.noAccount')} <Link to="/register">{t('login.register')}</Link>
        </p>
      </main>
    </div>
  );
}
