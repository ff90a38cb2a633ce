// Hooks telemetry and presence into the router and the session, once, for the whole app.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../lib/session';
import { recordUserActivity, reportWebVitals, tracker } from '../lib/tracking';

/** Page views, page time, clicks, scroll time and Web Vitals; the seed's user-activity call while signed in. */
export function RouteTracking() {
  const { pathname, search } = useLocation();
  const { status, data } = useSession();
  const userId = status === 'authenticated' ? (data?.user.id ?? null) : null;
  const url = `${pathname}${search}`;
  const seen = useRef<{ url: string | null; user: string | null | undefined }>({ url: null, user: undefined });

  useEffect(() => {
    tracker.start();
    reportWebVitals();
  }, []);

  useEffect(() => {
    if (status === 'loading') return; // wait until the session says who this is
    tracker.setUser(userId);
    // A route is "completed" when it is still the address a tick later: redirects such as / → /main
    // and the sign-in guard's bounce are not pages anyone saw.
    const timer = setTimeout(() => {
      if (`${location.pathname}${location.search}` !== url) return;
      const before = seen.current;
      const routeChanged = before.url !== url;
      seen.current = { url, user: userId };
      if (routeChanged) tracker.route(url);
      // First load and every completed route change while signed in (not the moment of signing in).
      if (userId && (routeChanged || before.user === undefined)) tracker.whenAllowed(() => void recordUserActivity(userId, url));
    }, 0);
    return () => clearTimeout(timer);
  }, [url, userId, status]);

  return null;
}

/** One realtime connection while a user id exists; closed on sign-out. */
export function PresenceConnection() {
  const { status, data } = useSession();
  const userId = status === 'authenticated' ? (data?.user.id ?? null) : null;
  useEffect(() => {
    if (status === 'loading') return;
    // Its own small chunk, fetched once someone is signed in: not on the first paint's critical path.
    let live = true;
    import('../lib/presence')
      .then(({ presence }) => {
        if (live) presence.setUser(userId);
      })
      .catch(() => {
        if (userId) console.error('Error initializing user in Firebase', 'could not load the realtime client');
      });
    return () => {
      live = false;
    };
  }, [status, userId]);
  return null;
}
