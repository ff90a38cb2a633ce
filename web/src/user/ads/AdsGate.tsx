// On opening the app (the first tab page of a page load, for the signed-in person) ask once whether a
// full-screen ad is due; if so go to /ads/:id, keeping the path the person was opening. Light on purpose
// (main chunk): the /ads page itself is a lazy chunk. The answer also fills Home's banner query.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LoadingScreen } from '../../components/LoadingScreen';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { adsKey, interstitialPath, type AdsNow } from './logic';

/** Never hold the app back longer than this for an ad. */
const WAIT_MS = 2500;

// One check per page load and person; module state so remounts (and StrictMode's double effects) reuse it.
// `settled`: the app was shown (answered, or waited long enough) — a late answer then never interrupts it.
// `answer`: what it said, once `done`.
let check: { uid: string; done: boolean; settled: boolean; answer: AdsNow | null; promise: Promise<AdsNow | null> } | null = null;

/** Starts the person's check (once per page load) and resolves when it answered or WAIT_MS passed, whichever is
 * first. main.tsx awaits it before the app's first render (app/App.tsx prepareFirstScreen), so a page load
 * without a due ad draws its screen at once instead of the loading screen first. */
export const startAdsCheck = (client: QueryClient, uid: string): Promise<unknown> =>
  Promise.race([checkFor(client, uid).promise, new Promise((resolve) => setTimeout(resolve, WAIT_MS))]);

function checkFor(client: QueryClient, uid: string) {
  if (!check || check.uid !== uid) {
    const mine = { uid, done: false, settled: false, answer: null as AdsNow | null, promise: Promise.resolve<AdsNow | null>(null) };
    mine.promise = client
      .fetchQuery({ queryKey: adsKey, queryFn: () => api<AdsNow>('/api/ads', { toastOnNetworkError: false }), staleTime: 15_000 })
      .catch(() => null) // ads never stop the app
      .then((now) => {
        mine.done = true;
        mine.answer = now;
        return now;
      });
    check = mine;
  }
  return check;
}

export function AdsGate() {
  const { data: session } = useSession();
  const uid = session?.user.id ?? '';
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  // An answer already in (startAdsCheck before the first render) shows the screen at once, unless an ad is due.
  const [waiting, setWaiting] = useState(() => !check || check.uid !== uid || !check.done || !!check.answer?.interstitial);

  useEffect(() => {
    if (!uid) return;
    const mine = checkFor(client, uid);
    let live = true;
    const timer = setTimeout(() => {
      mine.settled = true;
      if (live) setWaiting(false);
    }, WAIT_MS);
    void mine.promise.then((now) => {
      clearTimeout(timer);
      if (!live) return;
      if (now?.interstitial && !mine.settled) {
        mine.settled = true;
        void navigate(interstitialPath(now.interstitial.id, `${location.pathname}${location.search}${location.hash}`), { replace: true });
      }
      mine.settled = true;
      setWaiting(false);
    });
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // Once per person: later route changes do not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uid]);

  return waiting ? <LoadingScreen /> : <Outlet />;
}
