// Home's "open campaigns" card: shown when GET /api/contests has campaigns or naming contests waiting for me
// (entries open with room for mine, or voting with votes left), linking to /club/campaigns. Light on
// purpose: only the contests' pure helpers, never their lazy chunk; it borrows the polls card's look.
import { RightOutline, StarOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { contestsKey, openForMe } from './logic';
import type { ContestsAnswer } from './types';
import { formatNumber } from '../../lib/format';

/** How many contests wait for me (0 while loading or when the list fails): Home's card and the Club tab's badge. */
export function useOpenContestsCount(): number {
  const { data } = useQuery({
    queryKey: contestsKey,
    queryFn: ({ signal }) => api<ContestsAnswer>('/api/contests', { signal, toastOnNetworkError: false }),
    staleTime: 30_000,
    retry: false,
  });
  return openForMe(data?.items);
}

export function HomeCampaigns() {
  const { t } = useTranslation();
  const n = useOpenContestsCount();
  if (!n) return null;
  return (
    <Link to="/club/campaigns" className="sf-home-polls sf-home-campaigns" data-testid="home-campaigns" data-count={n} aria-label={t('home.campaigns.label', { n: formatNumber(n) })}>
      <span className="sf-home-polls__icon" aria-hidden="true"><StarOutline /></span>
      <span className="sf-home-polls__text" aria-hidden="true">
        <span className="sf-home-polls__title">{t('home.campaigns.title')}</span>
        <span className="sf-home-polls__body">{t('home.campaigns.body', { count: n, n: formatNumber(n) })}</span>
      </span>
      <RightOutline className="sf-home-polls__chevron" aria-hidden="true" />
    </Link>
  );
}
