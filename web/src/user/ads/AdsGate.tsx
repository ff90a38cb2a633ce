// On opening the app (the first tab page of a page load, for the signed-in person) ask once whether a
// full-screen ad is due; if so go to /ads/:id, keeping the path the person was opening. Light on purpose
// (main chunk): the /ads page itself is a lazy chunk. The answer also fills Home's banner query.
import { useQueryClient } from '@tanstack/react-query';
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
let check: { uid: string; done: boolean; settled: boolean; promise: Promise<AdsNow | null> } | null = null;

export function AdsGate() {
  const { data: session } = useSession();
  const uid = session?.user.id ?? '';
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [waiting, setWaiting] = useState(() => !check || check.uid !== uid || !check.done);

  useEffect(() => {
    if (!uid) return;
    if (!check || check.uid !== uid) {
      const promise = client
        .fetchQuery({ queryKey: adsKey, queryFn: () => api<AdsNow>('/api/ads', { toastOnNetworkError: false }), staleTime: 15_000 })
        .catch(() => null); // ads never stop the app
      check = { uid, done: false, settled: false, promise };
    }
    const mine = check;
    let live = true;
    const timer = setTimeout(() => {
      mine.settled = true;
      if (live) setWaiting(false);
    }, WAIT_MS);
    void mine.promise.then((now) => {
      mine.done = true;
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
