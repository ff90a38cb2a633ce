// What the register and reset screens share: a labelled text field with its error, the password strength
// meter (the server's scorer, strength.ts) and the screen shown when the form is done.
import { Input } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import logo from '../../assets/logo.svg';
import { LanguageToggle } from '../../components/LanguageToggle';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordScore } from './logic';

export function StrengthMeter({ password, personal }: { password: string; personal: string[] }) {
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

export function TextField({ id, label, value, error, hint, onChange, children, ...rest }: {
  id: string; label: string; value: string; error?: string; hint?: string; onChange: (v: string) => void; children?: ReactNode;
} & Omit<React.ComponentProps<typeof Input>, 'id' | 'value' | 'onChange'>) {
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="sf-field">
      <label htmlFor={id} className="sf-field__label">{label}</label>
      <div className={`sf-field__control${children ? ' sf-field__control--with-action' : ''}${error ? ' is-invalid' : ''}`}>
        <Input id={id} name={id} value={value} onChange={onChange} aria-invalid={error ? true : undefined} aria-describedby={described} {...rest} />
        {children}
      </div>
      {error ? <p id={`${id}-error`} className="sf-field__error">{error}</p> : hint ? <p id={`${id}-hint`} className="sf-register__hint">{hint}</p> : null}
    </div>
  );
}

/** A new password with a show/hide switch. */
export function PasswordField({ id, label, value, error, onChange }: { id: string; label: string; value: string; error?: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  return (
    <TextField id={id} label={label} value={value} error={error} onChange={onChange}
      type={show ? 'text' : 'password'} autoComplete="new-password" enterKeyHint="go" maxLength={MAX_PASSWORD_LENGTH}>
      <button type="button" className="sf-icon-button" aria-label={show ? t('register.hidePassword') : t('register.showPassword')}
        aria-pressed={show} onClick={() => setShow((v) => !v)}>
        {show ? <EyeInvisibleOutline /> : <EyeOutline />}
      </button>
    </TextField>
  );
}

export function Done({ icon, title, body, children }: { icon: ReactNode; title: string; body: string; children?: ReactNode }) {
  return (
    <div className="sf-register__done" role="status">
      <div className="sf-register__done-icon" aria-hidden="true">{icon}</div>
      <h1 className="sf-login__title">{title}</h1>
      <p className="sf-register__done-body">{body}</p>
      {children}
    </div>
  );
}

/** The page around the registration and recovery forms: the language switch, the logo and product, the card. */
export function AccountFrame({ className, product, children }: { className: string; product: string; children: ReactNode }) {
  return (
    <div className={className}>
      <div className="sf-login__top"><LanguageToggle className="sf-login__lang" /></div>
      <div className="sf-login__brand sf-register__brand">
        <img src={logo} alt="" width={56} height={56} className="sf-login__logo sf-register__logo" />
        <p className="sf-login__product">{product}</p>
      </div>
      <main className="sf-login__card">{children}</main>
    </div>
  );
}
