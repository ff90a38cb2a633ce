// /register (shell-less, its own lazy chunk): employee code, name, email or phone, store, password with a
// strength meter. A roster code is signed in at once and goes to /main; any other waits for approval.
import './i18n';
import './register.css';
import { Button, Input } from 'antd-mobile';
import { CheckCircleOutline, ClockCircleOutline, EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import logo from '../../assets/logo.svg';
import { LanguageToggle } from '../../components/LanguageToggle';
import { ApiError } from '../../lib/api';
import { useProductName } from '../../lib/config';
import { useSession } from '../../lib/session';
import { groupStores, registerAccount, useRegisterStores, type RegisterInput } from './api';
import { contactKind, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, MIN_SCORE, passwordScore, personalWords } from './strength';

type Field = keyof RegisterInput;
type Errors = Partial<Record<Field, string>>;

const EMPTY: RegisterInput = { employeeCode: '', name: '', contact: '', storeId: '', password: '' };

export function checkForm(v: RegisterInput, t: (k: string, o?: Record<string, unknown>) => string): Errors {
  const e: Errors = {};
  const code = v.employeeCode.trim();
  if (!code) e.employeeCode = t('register.errors.required');
  else if (/\s/.test(code) || code.length > 40) e.employeeCode = t('register.errors.codeFormat');
  if (!v.name.trim()) e.name = t('register.errors.required');
  if (!v.contact.trim()) e.contact = t('register.errors.required');
  else if (!contactKind(v.contact)) e.contact = t('register.errors.contactFormat');
  if (!v.storeId) e.storeId = t('register.errors.store');
  if (v.password.length < MIN_PASSWORD_LENGTH) e.password = t('register.errors.passwordShort', { count: MIN_PASSWORD_LENGTH });
  else if (v.password.length > MAX_PASSWORD_LENGTH) e.password = t('register.errors.passwordLong', { count: MAX_PASSWORD_LENGTH });
  else if (passwordScore(v.password, personalWords(v.employeeCode, v.name)) < MIN_SCORE) e.password = t('register.errors.passwordWeak');
  return e;
}

function StrengthMeter({ password, personal }: { password: string; personal: string[] }) {
  const { t } = useTranslation();
  if (!password) return <p className="sf-register__hint">{t('register.passwordHint', { count: MIN_PASSWORD_LENGTH })}</p>;
  const score = password.length < MIN_PASSWORD_LENGTH ? Math.min(passwordScore(password, personal), 1) : passwordScore(password, personal);
  return (
    <div className="sf-register__meter" data-score={score}>
      <div className="sf-register__bars" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => <span key={i} className={i < Math.max(score, 1) ? 'is-on' : ''} />)}
      </div>
      <span role="status" aria-live="polite" data-testid="password-strength">{t(`register.strength.${score}`)}</span>
    </div>
  );
}

function TextField({ id, label, value, error, onChange, children, ...rest }: {
  id: Field; label: string; value: string; error?: string; onChange: (v: string) => void; children?: ReactNode;
} & Omit<React.ComponentProps<typeof Input>, 'id' | 'value' | 'onChange'>) {
  return (
    <div className="sf-field">
      <label htmlFor={id} className="sf-field__label">{label}</label>
      <div className={`sf-field__control${children ? ' sf-field__control--with-action' : ''}${error ? ' is-invalid' : ''}`}>
        <Input id={id} name={id} value={value} onChange={onChange} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...rest} />
        {children}
      </div>
      {error ? <p id={`${id}-error`} className="sf-field__error">{error}</p> : null}
    </div>
  );
}

function Done({ icon, title, body, children }: { icon: ReactNode; title: string; body: string; children?: ReactNode }) {
  return (
    <div className="sf-register__done" role="status">
      <div className="sf-register__done-icon" aria-hidden="true">{icon}</div>
      <h1 className="sf-login__title">{title}</h1>
      <p className="sf-register__done-body">{body}</p>
      {children}
    </div>
  );
}

export function RegisterPage() {
  const { t } = useTranslation();
  const product = useProductName();
  const { status } = useSession();
  const stores = useRegisterStores();
  const [values, setValues] = useState<RegisterInput>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<'active' | 'pending' | null>(null);

  if (status === 'authenticated' && done === null) return <Navigate to="/main" replace />;

  const set = (field: Field) => (v: string) => {
    setValues((old) => ({ ...old, [field]: v }));
    if (errors[field]) setErrors((old) => ({ ...old, [field]: undefined }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const local = checkForm(values, t);
    setErrors(local);
    setAlert(null);
    if (Object.values(local).some(Boolean)) {
      document.getElementById(Object.keys(local).find((k) => local[k as Field]) ?? '')?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const answer = await registerAccount({ ...values, employeeCode: values.employeeCode.trim(), name: values.name.trim(), contact: values.contact.trim() });
      setDone(answer.status);
      // A full load, so the whole app starts with the new session.
      if (answer.status === 'active') window.location.assign('/main');
    } catch (err) {
      if (err instanceof ApiError && (err.status === 409 || err.status === 422) && Object.keys(err.fields).length) {
        setErrors(err.fields as Errors);
      } else if (err instanceof ApiError && err.status === 429) {
        setAlert(t('register.errors.tooMany'));
      } else if (err instanceof ApiError && !err.isNetwork) {
        setAlert(err.message);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const personal = personalWords(values.employeeCode, values.name);

  return (
    <div className="sf-login sf-register">
      <div className="sf-login__top"><LanguageToggle className="sf-login__lang" /></div>
      <div className="sf-login__brand sf-register__brand">
        <img src={logo} alt="" width={56} height={56} className="sf-login__logo sf-register__logo" />
        <p className="sf-login__product">{product}</p>
      </div>
      <main className="sf-login__card">
        {done === 'pending' ? (
          <Done icon={<ClockCircleOutline />} title={t('register.pendingTitle')} body={t('register.pendingBody')}>
            <Link className="sf-link-button" to="/login">{t('register.toLogin')}</Link>
          </Done>
        ) : done === 'active' ? (
          <Done icon={<CheckCircleOutline />} title={t('register.activeTitle')} body={t('register.activeBody')} />
        ) : (
          <>
            <h1 className="sf-login__title">{t('register.title')}</h1>
            <p className="sf-register__intro">{t('register.intro')}</p>
            {alert ? <div className="sf-alert" role="alert">{alert}</div> : null}
            <form onSubmit={(e) => void onSubmit(e)} noValidate>
              <TextField id="employeeCode" label={t('register.employeeCode')} value={values.employeeCode} error={errors.employeeCode} onChange={set('employeeCode')}
                autoComplete="username" autoCapitalize="characters" enterKeyHint="next" placeholder={t('register.employeeCodePlaceholder')} />
              <TextField id="name" label={t('register.name')} value={values.name} error={errors.name} onChange={set('name')}
                autoComplete="name" enterKeyHint="next" placeholder={t('register.namePlaceholder')} />
              <TextField id="contact" label={t('register.contact')} value={values.contact} error={errors.contact} onChange={set('contact')}
                autoComplete="email" inputMode="email" enterKeyHint="next" placeholder={t('register.contactPlaceholder')} />
              <div className="sf-field">
                <label htmlFor="storeId" className="sf-field__label">{t('register.store')}</label>
                <div className={`sf-field__control sf-register__select${errors.storeId ? ' is-invalid' : ''}`}>
                  <select id="storeId" name="storeId" value={values.storeId} onChange={(e) => set('storeId')(e.target.value)}
                    aria-invalid={errors.storeId ? true : undefined} aria-describedby={errors.storeId ? 'storeId-error' : 'storeId-hint'} disabled={!stores.data}>
                    <option value="">{stores.isError ? t('register.storesFailed') : stores.data ? t('register.storePlaceholder') : t('register.storesLoading')}</option>
                    {groupStores(stores.data?.items ?? []).map((g) => (
                      <optgroup key={g.region} label={g.region || t('register.noRegion')}>
                        {g.stores.map((s) => <option key={s.id} value={s.id}>{`${s.name} (${s.code})`}</option>)}
                      </optgroup>
                    ))}
                  </select>
                </div>
                {errors.storeId ? <p id="storeId-error" className="sf-field__error">{errors.storeId}</p> : <p id="storeId-hint" className="sf-register__hint">{t('register.storeHint')}</p>}
              </div>
              <TextField id="password" label={t('register.password')} value={values.password} error={errors.password} onChange={set('password')}
                type={showPassword ? 'text' : 'password'} autoComplete="new-password" enterKeyHint="go" maxLength={MAX_PASSWORD_LENGTH}>
                <button type="button" className="sf-icon-button" aria-label={showPassword ? t('register.hidePassword') : t('register.showPassword')}
                  aria-pressed={showPassword} onClick={() => setShowPassword((v) => !v)}>
                  {showPassword ? <EyeInvisibleOutline /> : <EyeOutline />}
                </button>
              </TextField>
              <StrengthMeter password={values.password} personal={personal} />
              <Button type="submit" color="primary" size="large" block loading={submitting} loadingText={t('register.submitting')} className="sf-login__submit">
                {t('register.submit')}
              </Button>
            </form>
            <p className="sf-login__footer">
              {t('register.haveAccount')} <Link to="/login">{t('register.toLogin')}</Link>
            </p>
          </>
        )}
      </main>
    </div>
  );
}

export default RegisterPage;
