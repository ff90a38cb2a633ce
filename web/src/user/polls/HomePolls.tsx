// Home's "open polls" card: shown when GET /api/polls has open polls I have not voted in, linking to
// /club/polls. Light on purpose: it fetches the list itself (same query as the polls screen, so the screen
// opens from the cache) and imports only the polls' pure helpers, never their lazy chunk.
import { RightOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { openUnvoted, pollsKey } from '../../lib/polls/logic';
import type { PollsAnswer } from '../../lib/polls/types';
import { formatNumber } from '../../lib/format';

/** How many open polls wait for my vote (0 while loading or when the list fails): Home's card and the Club tab's badge. */
export function useOpenPollsCount(): number {
  const { data } = useQuery({
    queryKey: pollsKey,
    queryFn: ({ signal }) => api<PollsAnswer>('/api/polls', { signal, toastOnNetworkError: false }),
    staleTime: 30_000,
    retry: false,
  });
  return openUnvoted(data?.items);
}

export function HomePolls() {
  const { t } = useTranslation();
  const n = useOpenPollsCount();
  if (!n) return null;
  return (
    <Link to="/club/polls" className="sf-home-polls" data-testid="home-polls" data-count={n} aria-label={t('home.polls.label', { n: formatNumber(n) })}>
      <span className="sf-home-polls__icon" aria-hidden="true"><UnorderedListOutline /></span>
      <span className="sf-home-polls__text" aria-hidden="true">
        <span className="sf-home-polls__title">{t('home.polls.title')}</span>
        <span className="sf-home-polls__body">{t('home.polls.body', { count: n, n: formatNumber(n) })}</span>
      </span>
      <RightOutline className="sf-home-polls__chevron" aria-hidden="true" />
    </Link>
  );
}
