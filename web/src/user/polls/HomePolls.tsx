// Home's "open polls" card: shown when GET /api/polls has open polls I have not voted in, linking to
// /club/polls. Light on purpose: it fetches the list itself (same query as the polls screen, so the screen
// opens from the cache) and imports only the polls' pure helpers, never their lazy chunk.
import { UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { HomeNudge } from '../../components/HomeNudge';
import { formatNumber } from '../../lib/format';
import { useHomeList } from '../../lib/homeList';
import { openUnvoted, pollsKey } from '../../lib/polls/logic';
import type { PollsAnswer } from '../../lib/polls/types';

/** How many open polls wait for my vote (0 while loading or when the list fails): Home's card and the Club tab's badge. */
export function useOpenPollsCount(): number {
  const { data } = useHomeList<PollsAnswer>(pollsKey, '/api/polls');
  return openUnvoted(data?.items);
}

export function HomePolls() {
  const { t } = useTranslation();
  const n = useOpenPollsCount();
  if (!n) return null;
  return (
    <HomeNudge
      to="/club/polls"
      data={{ 'data-testid': 'home-polls', 'data-count': n }}
      label={t('home.polls.label', { n: formatNumber(n) })}
      icon={<UnorderedListOutline />}
      title={t('home.polls.title')}
      body={t('home.polls.body', { count: n, n: formatNumber(n) })}
    />
  );
}
