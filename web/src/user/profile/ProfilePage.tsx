import { Button, List, Selector, Skeleton } from 'antd-mobile';
import { UserOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { Loaded, useReveal } from '../../components/Reveal';
import { currentLocale, LOCALES, type Locale } from '../../i18n';
import { useMe, useSetLanguage } from '../../lib/me';
import { positionLabel } from '../../lib/profiles';
import { signOut, useSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import { PresenceStatus } from './PresenceStatus';
import { useVolunteerHours } from '../../lib/volunteering';
import { ColleagueProfile } from './ColleagueProfile';
import { NicknameEditor } from './NicknameEditor';
import { PhotoEditor } from './PhotoEditor';
import { PrivacyCard } from './PrivacyCard';

// Push settings: a chunk of their own, fetched with the profile, not in its first screen's JS.
const PushSettings = lazy(() => import('./push/PushSettings'));

/** The badges and sticker book (recognition's), handed in by the app: a lazy component, drawn in a Suspense here. */
export type AchievementsSlot = ComponentType<{ userId: string; mine: boolean }>;

function AchievementsSection({ Achievements, userId, mine, onLoaded }: { Achievements: AchievementsSlot; userId: string; mine: boolean; onLoaded?: (part: string) => void }) {
  return (
    <Suspense fallback={<div className="sf-card" aria-busy="true"><Skeleton.Paragraph lineCount={4} animated /></div>}>
      <Achievements userId={userId} mine={mine} />
      {onLoaded ? <Loaded part="achievements" onLoad={onLoaded} /> : null}
    </Suspense>
  );
}

export function ProfilePage({ Achievements }: { Achievements: AchievementsSlot }) {
  const { t, i18n } = useTranslation();
  const { userId } = useParams();
  const { data: session } = useSession();
  const { data: me, isLoading, isError, refetch } = useMe();
  const setLanguage = useSetLanguage();
  const [signingOut, setSigningOut] = useState(false);
  const myId = session?.user.id ?? '';
  const volunteer = useVolunteerHours(userId === myId && !!myId);
  // Everything under the profile card shows at once when the account, the achievements' chunk and their lists
  // are in (components/Reveal.tsx): nothing on the first screen moves (issue 29).
  const { shown, onLoaded } = useReveal(!isLoading, myId ? ['achievements', 'push'] : []);

  if (userId !== myId) {
    return (
      <div className="sf-page">
        <PageHeader title={t('profile.title')} />
        {userId ? (
          <ColleagueProfile userId={userId} presence={<PresenceStatus userId={userId} />} achievements={<AchievementsSection Achievements={Achievements} userId={userId} mine={false} />} />
        ) : (
          <EmptyState icon={<UserOutline />} title={t('profile.otherTitle')} body={t('profile.otherBody')} />
        )}
        <p className="sf-profile-mine">
          <Link className="sf-link-button" to={`/p/${encodeURIComponent(myId)}`}>{t('profile.myProfile')}</Link>
        </p>
      </div>
    );
  }

  const name = me?.name ?? session?.user.name ?? '';
  const role = me?.role ?? session?.user.role ?? 'staff';

  const onSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut({ callbackUrl: '/login' });
    } catch {
      setSigningOut(false);
      notify.error(t('toast.signOutFailed'));
    }
  };

  return (
    <div className="sf-page">
      <PageHeader title={t('profile.title')} />
      <section className="sf-profile-card" aria-label={name}>
        <PhotoEditor name={name} image={me ? me.image : session?.user.image} />
        <div className="sf-profile-card__text">
          <h2 className="sf-profile-card__name">{name}</h2>
          {me?.nickname ? <p className="sf-profile-card__nickname">“{me.nickname}”</p> : null}
          <span className="sf-chip">{t(`profile.roles.${role}`)}</span>
          <PresenceStatus userId={myId} />
        </div>
      </section>

      {shown ? null : <div className="sf-card" aria-busy="true" data-testid="profile-skeleton"><Skeleton.Paragraph lineCount={6} animated /></div>}
      <div className={shown ? 'sf-reveal' : 'sf-reveal sf-reveal--pending'}>
      {isLoading ? null : isError ? (
        <div className="sf-card sf-card--error" role="alert">
          <p>{t('profile.loadError')}</p>
          <Button size="small" onClick={() => void refetch()}>{t('common.retry')}</Button>
        </div>
      ) : (
        <List className="sf-list" mode="card">
          <NicknameEditor nickname={me?.nickname} />
          <List.Item extra={<span className="sf-mono">{me?.employeeCode}</span>}>{t('profile.employeeCode')}</List.Item>
          <List.Item extra={me?.store ? `${me.store.name} (${me.store.code})` : t('profile.noStore')}>{t('profile.store')}</List.Item>
          {me?.position ? <List.Item extra={positionLabel(me, i18n.language)}>{t('profile.position')}</List.Item> : null}
          <List.Item extra={t(`profile.roles.${role}`)}>{t('profile.role')}</List.Item>
          <List.Item extra={<span data-testid="profile-volunteer-hours">{t('profile.volunteerHoursValue', { n: volunteer ?? 0 })}</span>}>{t('profile.volunteerHours')}</List.Item>
        </List>
      )}

      {myId ? <AchievementsSection Achievements={Achievements} userId={myId} mine onLoaded={onLoaded} /> : null}

      <section className="sf-card" aria-labelledby="profile-language">
        <h2 id="profile-language" className="sf-card__title">{t('profile.language')}</h2>
        <p className="sf-card__hint">{t('profile.languageHint')}</p>
        <Selector<Locale>
          columns={2}
          value={[currentLocale()]}
          onChange={(v) => {
            const next = v[0];
            if (next && next !== i18n.language) void setLanguage(next);
          }}
          options={LOCALES.map((l) => ({ label: t(`common.languageName.${l}`), value: l }))}
          showCheckMark={false}
        />
      </section>

      <Suspense fallback={<div className="sf-card sf-push--loading" aria-busy="true"><Skeleton.Paragraph lineCount={3} animated /></div>}>
        <PushSettings />
        <Loaded part="push" onLoad={onLoaded} />
      </Suspense>

      <PrivacyCard />

      <div className="sf-profile-actions">
        <Button block size="large" color="danger" fill="outline" loading={signingOut} onClick={() => void onSignOut()}>
          {t('profile.signOut')}
        </Button>
      </div>
      </div>
    </div>
  );
}
