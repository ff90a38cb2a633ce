// Home's "open campaigns" card: shown when GET /api/contests has campaigns or naming contests waiting for me
// (entries open with room for mine, or voting with votes left), linking to /club/campaigns. Light on
// purpose: only the contests' pure helpers, never their lazy chunk; it borrows the polls card's look.
import { StarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { HomeNudge } from '../../components/HomeNudge';
import { formatNumber } from '../../lib/format';
import { useHomeList } from '../../lib/homeList';
import { contestsKey, openForMe } from './logic';
import type { ContestsAnswer } from './types';

/** How many contests wait for me (0 while loading or when the list fails): Home's card and the Club tab's badge. */
export function useOpenContestsCount(): number {
  const { data } = useHomeList<ContestsAnswer>(contestsKey, '/api/contests');
  return openForMe(data?.items);
}

export function HomeCampaigns() {
  const { t } = useTranslation();
  const n = useOpenContestsCount();
  if (!n) return null;
  return (
    <HomeNudge
      to="/club/campaigns"
      className="sf-home-campaigns"
      data={{ 'data-testid': 'home-campaigns', 'data-count': n }}
      label={t('home.campaigns.label', { n: formatNumber(n) })}
      icon={<StarOutline />}
      title={t('home.campaigns.title')}
      body={t('home.campaigns.body', { count: n, n: formatNumber(n) })}
    />
  );
}
