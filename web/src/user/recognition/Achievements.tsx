// The profile's achievements (my certificates, badges and the sticker book): a lazy chunk with its own strings, so the profile
// and the first JS a phone loads stay light (app/App.tsx hands it to user/profile/ProfilePage.tsx).
import { useTranslation } from 'react-i18next';
import { Badges } from './Badges';
import { Certificates } from './Certificates';
import { StickerBook } from './StickerBook';
import './i18n';
import './recognition.css';

export function Achievements({ userId, mine }: { userId: string; mine: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="sf-achievements" aria-labelledby="achievements-title" data-testid="achievements">
      <h2 id="achievements-title" className="sf-achievements__title">{t('recognition.achievements')}</h2>
      {mine ? <Certificates /> : null}
      <Badges userId={userId} mine={mine} />
      <StickerBook userId={userId} mine={mine} />
    </section>
  );
}
