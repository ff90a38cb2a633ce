// /reset (shell-less, in the register chunk): a new password with a mailed link (/reset?token=…), or with a
// reset code from an administrator (typed, or from a card's QR: /reset?code=…&employee=…). Where the server
// mails links, "email me a link" comes first. Every way ends with the person signed in on /main and every
// other session of theirs ended (docs/API.md "Password recovery").
import './i18n';
import './register.css';
import { Button } from 'antd-mobile';
import { CheckCircleOutline, MailOutline } from 'antd-mobile-icons';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { useConfig } from '../../lib/config';
import { AccountFrame, Done, PasswordField, StrengthMeter, TextField } from './fields';
import { forgotPassword, isCompleteCode, resetPassword } from './api';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, MIN_SCORE, passwordScore, personalWords } from './logic';

type Errors = Partial<Record<'identifier' | 'code' | 'password' | 'token' | 'forgot', string>>;
type T = (k: string, o?: Record<string, unknown>) => string;

export function passwordProblem(password: string, personal: string[], t: T): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return t('register.errors.passwordShort', { count: MIN_PASSWORD_LENGTH });
  if (password.length > MAX_PASSWORD_LENGTH) return t('register.errors.passwordLong', { count: MAX_PASSWORD_LENGTH });
  if (passwordScore(password, personal) < MIN_SCORE) return t('register.errors.passwordWeak');
  return undefined;
}

/** Checks the reset-code form before sending. */
export function checkReset(v: { identifier: string; code: string; password: string }, t: T): Errors {
  const e: Errors = {};
  if (!v.identifier.trim()) e.identifier = t('register.errors.required');
  if (!isCompleteCode(v.code)) e.code = t('register.errors.activationFormat');
  const problem = passwordProblem(v.password, personalWords(v.identifier, ''), t);
  if (problem) e.password = problem;
  return e;
}

export function ResetPage() {
  const { t } = useTranslation();
  const { productName, passwordEmail } = useConfig();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [identifier, setIdentifier] = useState(params.get('employee') ?? '');
  const [code, setCode] = useState(params.get('code') ?? '');
  const [password, setPassword] = useState('');
  const [mailTo, setMailTo] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState<'reset' | 'forgot' | null>(null);
  const [sent, setSent] = useState(false);
  const [done, setDone] = useState(false);

  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.status === 422 && Object.keys(err.fields).length) setErrors(err.fields as Errors);
    else if (err instanceof ApiError && err.status === 429) setAlert(t('register.errors.tooMany'));
    else if (err instanceof ApiError && !err.isNetwork) setAlert(err.message);
  };

  const onReset = async (e: FormEvent) => {
    e.preventDefault();
    setAlert(null);
    const local: Errors = token ? { password: passwordProblem(password, [], t) } : checkReset({ identifier, code, password }, t);
    setErrors(local);
    if (Object.values(local).some(Boolean)) {
      document.getElementById(Object.keys(local).find((k) => local[k as keyof Errors]) ?? '')?.focus();
      return;
    }
    setBusy('reset');
    try {
      await resetPassword(token ? { token, password } : { identifier: identifier.trim(), code, password });
      setDone(true);
      // A full load, so the whole app starts with the new session.
      window.location.assign('/main');
    } catch (err) {
      failed(err);
    } finally {
      setBusy(null);
    }
  };

  const onForgot = async (e: FormEvent) => {
    e.preventDefault();
    setAlert(null);
    if (!mailTo.trim()) {
      setErrors({ forgot: t('register.errors.required') });
      return;
    }
    setBusy('forgot');
    try {
      await forgotPassword(mailTo.trim());
      setSent(true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && err.fields.identifier) setErrors({ forgot: err.fields.identifier });
      else failed(err);
    } finally {
      setBusy(null);
    }
  };

  const codeForm = (
    <form onSubmit={(e) => void onReset(e)} noValidate aria-labelledby="reset-code-title">
      {!token ? (
        <>
          <h2 id="reset-code-title" className="sf-reset__subtitle">{t('reset.codeTitle')}</h2>
          <p className="sf-register__intro sf-reset__intro">{t('reset.codeIntro')}</p>
          <TextField id="identifier" label={t('reset.identifier')} value={identifier} error={errors.identifier} onChange={setIdentifier}
            autoComplete="username" autoCapitalize="characters" enterKeyHint="next" placeholder={t('reset.identifierPlaceholder')} />
          <TextField id="code" label={t('reset.code')} value={code} error={errors.code} onChange={setCode}
            autoComplete="one-time-code" autoCapitalize="characters" enterKeyHint="next" placeholder={t('register.activationPlaceholder')} />
        </>
      ) : null}
      <PasswordField id="password" label={t('reset.newPassword')} value={password} error={errors.password} onChange={setPassword} />
      <StrengthMeter password={password} personal={personalWords(identifier, '')} />
      <Button type="submit" color="primary" size="large" block loading={busy === 'reset'} loadingText={t('reset.saving')} className="sf-login__submit">
        {t('reset.save')}
      </Button>
    </form>
  );

  return (
    <AccountFrame className="sf-login sf-register sf-reset" product={productName}>
      {done ? (
        <Done icon={<CheckCircleOutline />} title={t('reset.doneTitle')} body={t('reset.doneBody')} />
      ) : (
        <>
          <h1 className="sf-login__title">{t('reset.title')}</h1>
          {alert ? <div className="sf-alert" role="alert">{alert}</div> : null}
          {token ? (
            <>
              <p className="sf-register__intro">{t('reset.linkIntro')}</p>
              {errors.token ? (
                <div className="sf-alert" role="alert">
                  {errors.token} <Link to="/reset">{t('reset.askAgain')}</Link>
                </div>
              ) : null}
              {codeForm}
            </>
          ) : (
            <>
              {passwordEmail && !params.get('code') ? (
                <section className="sf-reset__mail" aria-labelledby="reset-mail-title">
                  <h2 id="reset-mail-title" className="sf-reset__subtitle">{t('reset.mailTitle')}</h2>
                  {sent ? (
                    <div className="sf-reset__sent" role="status" data-testid="reset-sent">
                      <MailOutline aria-hidden="true" />
                      <p>{t('reset.mailSent')}</p>
                    </div>
                  ) : (
                    <form onSubmit={(e) => void onForgot(e)} noValidate>
                      <p className="sf-register__intro sf-reset__intro">{t('reset.mailIntro')}</p>
                      <TextField id="forgot" label={t('reset.identifier')} value={mailTo} error={errors.forgot} onChange={setMailTo}
                        autoComplete="username" autoCapitalize="characters" enterKeyHint="send" placeholder={t('reset.identifierPlaceholder')} />
                      <Button type="submit" color="primary" fill="outline" size="large" block loading={busy === 'forgot'} className="sf-login__submit">
                        {t('reset.mailSend')}
                      </Button>
                    </form>
                  )}
                  <p className="sf-reset__or"><span>{t('reset.or')}</span></p>
                </section>
              ) : null}
              {codeForm}
            </>
          )}
          <p className="sf-login__footer">
            <Link to="/login">{t('reset.toLogin')}</Link>
          </p>
        </>
      )}
    </AccountFrame>
  );
}

export default ResetPage;
