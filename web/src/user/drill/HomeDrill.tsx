// Home's "Today's drill · 3 min" card: shown while the day's drill waits (or, once done, with the streak),
// linking to /drill. Light on purpose: the summary query (which starts no question's clock) and the pure
// helpers only, never the drill's lazy chunk. Once Home has drawn, the day's questions are fetched ahead for a
// drill done offline (offline.ts, a small chunk of its own).
import { StarFill } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { HomeNudge } from '../../components/HomeNudge';
import { useHomeList } from '../../lib/homeList';
import { useSession } from '../../lib/session';
import { cardState, drillSummaryKey, minutesFor } from './logic';
import type { DrillProgress } from './types';

export function HomeDrill() {
  const { t } = useTranslation();
  const { data } = useHomeList<DrillProgress>(drillSummaryKey, '/api/drill/summary');
  const state = cardState(data);
  const user = useSession().data?.user.id;
  useEffect(() => {
    if (!user || !data || state !== 'todo') return;
    const timer = window.setTimeout(() => {
      if (navigator.onLine !== false) void import('./offline').then((kept) => kept.keepAhead(user, data));
    }, 1000);
    return () => window.clearTimeout(timer);
  }, [user, data, state]);
  if (!data || !state) return null;
  const left = data.total - data.answered;
  const n = minutesFor(left);
  return state === 'todo' ? (
    <HomeNudge
      to="/drill"
      className="sf-home-drill"
      data={{ 'data-testid': 'home-drill', 'data-state': state }}
      label={t('home.drill.label', { count: left, n })}
      icon={<StarFill />}
      title={t('home.drill.minutes', { n })}
      body={t('home.drill.body', { count: left })}
    />
  ) : (
    <HomeNudge
      to="/drill"
      className="sf-home-drill is-done"
      data={{ 'data-testid': 'home-drill', 'data-state': state }}
      label={t('home.drill.doneLabel', { count: data.streak })}
      icon={<StarFill />}
      title={t('home.drill.done')}
      body={t('home.drill.streak', { count: data.streak })}
    />
  );
}
