// The privacy notice (PDPA, issue 34): shown once after sign-in when GET /api/me/privacy/consent says to ask
// (the company requires consent and this person has not answered this notice). Accept or Decline, both one
// tap; the tracker holds the person's events until then (lib/tracking.ts). Changing one's mind later is on
// the profile's Privacy card.
import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useAnswerConsent, useConsent, type ConsentChoice } from '../../lib/consent';
import { notify } from '../../lib/toast';
import './consent.css';

export function ConsentNotice() {
  const { t } = useTranslation();
  const { data } = useConsent();
  const answer = useAnswerConsent();

  const choose = (choice: ConsentChoice) =>
    answer.mutate(choice, { onError: () => notify.error(t('profile.privacy.consentFailed')) });

  return (
    <Popup visible={!!data?.ask} bodyClassName="sf-consent" destroyOnClose>
      <section aria-labelledby="consent-title">
      <h2 id="consent-title" className="sf-consent__title">{t('profile.privacy.notice.title')}</h2>
      <p>{t('profile.privacy.notice.lead')}</p>
      <p>{t('profile.privacy.notice.analytics')}</p>
      <p className="sf-consent__rights">{t('profile.privacy.notice.rights')}</p>
      <div className="sf-consent__actions">
        <Button block size="large" fill="outline" disabled={answer.isPending} onClick={() => choose('declined')}>
          {t('profile.privacy.notice.decline')}
        </Button>
        <Button block size="large" color="primary" loading={answer.isPending && answer.variables === 'accepted'} disabled={answer.isPending} onClick={() => choose('accepted')}>
          {t('profile.privacy.notice.accept')}
        </Button>
      </div>
      </section>
    </Popup>
  );
}
