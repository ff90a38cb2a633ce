// "Privacy" on one's own profile: download everything the product keeps about oneself (PDPA's rights of
// access and portability) as a ZIP (docs/API.md "PDPA"). A refusal (too many in a row) is a toast. Below it,
// the answer to the privacy notice (consent to usage analytics), which the person can change here.
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGetDownload, ApiError } from '../../lib/api';
import { useAnswerConsent, useConsent, type ConsentChoice } from '../../lib/consent';
import { notify } from '../../lib/toast';
import './consent.css';

export function PrivacyCard() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const { data: consent } = useConsent();
  const answer = useAnswerConsent();
  const choose = (choice: ConsentChoice) =>
    answer.mutate(choice, {
      onSuccess: () => notify.success(t('profile.privacy.consentSaved')),
      onError: () => notify.error(t('profile.privacy.consentFailed')),
    });
  const state = !consent
    ? null
    : !consent.required
      ? 'consentNotRequired'
      : consent.choice === 'accepted'
        ? 'consentAccepted'
        : consent.choice === 'declined'
          ? 'consentDeclined'
          : 'consentNotAsked';

  const download = async () => {
    setBusy(true);
    try {
      await apiGetDownload('/api/me/privacy/export');
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 0)) // a network failure has had its toast already
        notify.error(t(e instanceof ApiError && e.status === 429 ? 'profile.privacy.tooMany' : 'profile.privacy.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="sf-card" aria-labelledby="profile-privacy">
      <h2 id="profile-privacy" className="sf-card__title">{t('profile.privacy.title')}</h2>
      <p className="sf-card__hint">{t('profile.privacy.hint')}</p>
      <Button block size="large" fill="outline" color="primary" loading={busy} onClick={() => void download()}>
        {t('profile.privacy.download')}
      </Button>
      {state && (
        <div className="sf-privacy-consent" data-testid="privacy-consent">
          <h3 className="sf-privacy-consent__title">{t('profile.privacy.consentTitle')}</h3>
          <p className="sf-card__hint">{t(`profile.privacy.${state}`)}</p>
          {consent?.required && (
            <Button
              block
              size="large"
              fill="outline"
              color={consent.choice === 'accepted' ? 'default' : 'primary'}
              loading={answer.isPending}
              onClick={() => choose(consent.choice === 'accepted' ? 'declined' : 'accepted')}
            >
              {t(consent.choice === 'accepted' ? 'profile.privacy.consentStop' : 'profile.privacy.consentAllow')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
