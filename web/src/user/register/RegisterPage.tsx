// /register (shell-less, its own lazy chunk): the activation code (prefilled from a card's QR link,
// /register?code=…&employee=…), employee code, name, email or phone, store, password with a strength meter.
// With a valid activation code the roster account is the person's at once (greeted by name, no name or store
// to type) and they land signed in on /main; without one every registration waits for an administrator.
import './i18n';
import './register.css';
import { Button } from 'antd-mobile';
import { CheckCircleOutline, ClockCircleOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { useProductName } from '../../lib/config';
import { positionLabel } from '../../lib/profiles';
import { useSession } from '../../lib/session';
import { AccountFrame, Done, PasswordField, StrengthMeter, TextField } from './fields';
import { groupStores, isCompleteCode, lookupActivation, normalizeCode, registerAccount, useRegisterStores, type RegisterInput } from './api';
import { contactKind, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, MIN_SCORE, passwordScore, personalWords } from './logic';

type Field = keyof RegisterInput;
type Errors = Partial<Record<Field, string>>;

const EMPTY: RegisterInput = { employeeCode: '', name: '', contact: '', storeId: '', password: '', activationCode: '' };

/** Checks before sending. With an activation code the roster gives the name and store, so neither is asked. */
export function checkForm(v: RegisterInput, t: (k: string, o?: Record<string, unknown>) => string, rosterName = ''): Errors {
  const e: Errors = {};
  const withCode = v.activationCode.trim() !== '';
  const code = v.employeeCode.trim();
  if (!code) e.employeeCode = t('register.errors.required');
  else if (/\s/.test(code) || code.length > 40) e.employeeCode = t('register.errors.codeFormat');
  if (withCode && !isCompleteCode(v.activationCode)) e.activationCode = t('register.errors.activationFormat');
  if (!withCode && !v.name.trim()) e.name = t('register.errors.required');
  if (!v.contact.trim()) e.contact = t('register.errors.required');
  else if (!contactKind(v.contact)) e.contact = t('register.errors.contactFormat');
  if (!withCode && !v.storeId) e.storeId = t('register.errors.store');
  if (v.password.length < MIN_PASSWORD_LENGTH) e.password = t('register.errors.passwordShort', { count: MIN_PASSWORD_LENGTH });
  else if (v.password.length > MAX_PASSWORD_LENGTH) e.password = t('register.errors.passwordLong', { count: MAX_PASSWORD_LENGTH });
  else if (passwordScore(v.password, personalWords(v.employeeCode, rosterName || v.name)) < MIN_SCORE) e.password = t('register.errors.passwordWeak');
  return e;
}

/** The employee code and activation code, settled for half a second: each lookup spends an attempt. */
function useSettled(value: string, ms = 500) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const h = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(h);
  }, [value, ms]);
  return settled;
}

export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const product = useProductName();
  const { status } = useSession();
  const stores = useRegisterStores();
  const [params] = useSearchParams();
  const [values, setValues] = useState<RegisterInput>(() => ({ ...EMPTY, activationCode: params.get('code') ?? '', employeeCode: params.get('employee') ?? '' }));
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<'active' | 'pending' | null>(null);

  // Whom the activation code is for, once it and the employee code are complete.
  const lookupKey = useSettled(`${values.employeeCode.trim()}\n${normalizeCode(values.activationCode)}`);
  const [lookupCode = '', lookupActivationCode = ''] = lookupKey.split('\n');
  const activation = useQuery({
    queryKey: ['register', 'activation', lookupCode.toUpperCase(), lookupActivationCode],
    queryFn: () => lookupActivation(lookupCode, lookupActivationCode),
    enabled: lookupCode !== '' && isCompleteCode(lookupActivationCode),
    retry: false,
    staleTime: Infinity,
  });
  const lookupError = activation.error instanceof ApiError ? activation.error : null;
  const codeError = errors.activationCode ?? (lookupError?.status === 422 ? lookupError.fields.activationCode : undefined);
  const person = activation.data && isCompleteCode(values.activationCode) ? activation.data : null;
  const withCode = values.activationCode.trim() !== '';

  if (status === 'authenticated' && done === null) return <Navigate to="/main" replace />;

  const set = (field: Field) => (v: string) => {
    setValues((old) => ({ ...old, [field]: v }));
    if (errors[field]) setErrors((old) => ({ ...old, [field]: undefined }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const local = checkForm(values, t, person?.name);
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

  const personal = personalWords(values.employeeCode, person?.name || values.name);

  return (
    <AccountFrame className="sf-login sf-register" product={product}>
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
          {alert || lookupError?.status === 429 ? <div className="sf-alert" role="alert">{alert ?? t('register.errors.tooMany')}</div> : null}
          <form onSubmit={(e) => void onSubmit(e)} noValidate>
            <TextField id="activationCode" label={t('register.activationCode')} value={values.activationCode} error={codeError} onChange={set('activationCode')}
              hint={t('register.activationHint')} autoComplete="one-time-code" autoCapitalize="characters" enterKeyHint="next"
              placeholder={t('register.activationPlaceholder')} className="sf-register__code" />
            <TextField id="employeeCode" label={t('register.employeeCode')} value={values.employeeCode} error={errors.employeeCode} onChange={set('employeeCode')}
              autoComplete="username" autoCapitalize="characters" enterKeyHint="next" placeholder={t('register.employeeCodePlaceholder')} />
            {person ? (
              <div className="sf-register__person" role="status" data-testid="activation-person">
                <CheckCircleOutline aria-hidden="true" />
                <div>
                  <p className="sf-register__person-label">{t('register.activationFor')}</p>
                  <p className="sf-register__person-name">{person.name}</p>
                  <p className="sf-register__person-store">{[person.store ? `${person.store.name} (${person.store.code})` : null, positionLabel(person, i18n.language)].filter(Boolean).join(' · ')}</p>
                </div>
              </div>
            ) : null}
            {!withCode ? (
              <TextField id="name" label={t('register.name')} value={values.name} error={errors.name} onChange={set('name')}
                autoComplete="name" enterKeyHint="next" placeholder={t('register.namePlaceholder')} />
            ) : null}
            <TextField id="contact" label={t('register.contact')} value={values.contact} error={errors.contact} onChange={set('contact')}
              autoComplete="email" inputMode="email" enterKeyHint="next" placeholder={t('register.contactPlaceholder')} />
            {!withCode ? (
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
            ) : null}
            <PasswordField id="password" label={t('register.password')} value={values.password} error={errors.password} onChange={set('password')} />
            <StrengthMeter password={values.password} personal={personal} />
            <Button type="submit" color="primary" size="large" block loading={submitting} loadingText={t('register.submitting')} className="sf-login__submit">
              {withCode ? t('register.submitActivate') : t('register.submit')}
            </Button>
          </form>
          <p className="sf-login__footer">
            {t('register.haveAccount')} <Link to="/login">{t('register.toLogin')}</Link>
          </p>
        </>
      )}
    </AccountFrame>
  );
}

export default RegisterPage;
