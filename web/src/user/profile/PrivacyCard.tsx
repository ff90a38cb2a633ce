// "Privacy" on one's own profile: download everything the product keeps about oneself (PDPA's rights of
// access and portability) as a ZIP (docs/API.md "PDPA"). A refusal (too many in a row) is a toast.
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGetDownload, ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';

export function PrivacyCard() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

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
    </section>
  );
}
