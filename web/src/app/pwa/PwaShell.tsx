// The installed app's shell parts (issue 30; docs/PWA.md), loaded after the first screen (App.tsx): registers
// the service worker, shows the offline banner (with when the data shown was saved, and the lessons waiting to
// be sent), the "new version" prompt that reloads only when tapped, and the install hint after a completed
// lesson. Sends the writes queued offline (lib/offline/queue.ts) when the app starts and when the connection
// returns. Nothing of it shows in the back office.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { api, ApiError } from '../../lib/api';
import { formatListDate } from '../../lib/format';
import { onQueueChange, pending, replay } from '../../lib/offline/queue';
import { useOnline } from '../../lib/online';
import { useSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import { LESSON_COMPLETED_EVENT, QUEUE_REPLAY_EVENT } from '../../lib/offline/events';
import { registerServiceWorker, type Registration } from './register';
import './i18n';
import './pwa.css';

const LAST_ONLINE_KEY = 'shopfloor.lastOnline';
const INSTALL_DISMISSED_KEY = 'shopfloor.installHintDismissed';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const stored = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const store = (key: string, value: string) => {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* private mode */
  }
};

let registration: Registration | null | undefined;
const updateListeners = new Set<() => void>();
let updateReady = false;

/** Registers once per page, whatever remounts. */
function useServiceWorker(): { ready: boolean; apply: () => void } {
  const [ready, setReady] = useState(updateReady);
  useEffect(() => {
    const listener = () => setReady(true);
    updateListeners.add(listener);
    if (registration === undefined)
      registration = registerServiceWorker(() => {
        updateReady = true;
        for (const l of updateListeners) l();
      });
    return () => void updateListeners.delete(listener);
  }, []);
  return { ready, apply: () => registration?.applyUpdate() };
}

function useOnlineSince(): { online: boolean; savedAt: string | null } {
  const online = useOnline();
  const [savedAt, setSavedAt] = useState(() => stored(LAST_ONLINE_KEY));
  useEffect(() => {
    if (!online) return;
    const mark = () => {
      if (navigator.onLine === false) return;
      const now = new Date().toISOString();
      store(LAST_ONLINE_KEY, now);
      setSavedAt(now);
    };
    mark();
    // While online the data shown is fresh: the moment the connection goes is when it was last saved.
    const timer = setInterval(mark, 30_000);
    return () => clearInterval(timer);
  }, [online]);
  return { online, savedAt };
}

/** Sends the person's queued writes now and whenever the connection returns; counts those still waiting. */
function useQueuedWrites(user: string | undefined, online: boolean): number {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [waiting, setWaiting] = useState(() => (user ? pending(user).length : 0));
  useEffect(() => {
    if (!user) return;
    const count = () => setWaiting(pending(user).length);
    count();
    return onQueueChange(count);
  }, [user]);
  // A screen's "Try again" (the browser may never have said the connection went): send now.
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    const ask = () => setAsked((n) => n + 1);
    window.addEventListener(QUEUE_REPLAY_EVENT, ask);
    return () => window.removeEventListener(QUEUE_REPLAY_EVENT, ask);
  }, []);
  useEffect(() => {
    if (!user || !online) return;
    let completed = false;
    void replay(user, async (w) => {
      try {
        const answer = await api<{ progress?: { completed?: boolean } }>(w.url, { method: w.method ?? 'POST', body: w.body, toastOnNetworkError: false });
        if (answer?.progress?.completed) completed = true;
      } catch (e) {
        // An exam's answers that reached the server after its time limit: the server closed the attempt with
        // what it had, and says so (the write is dropped as refused).
        if (e instanceof ApiError && e.code === 'ATTEMPT_CLOSED') notify.error(t('offlineActions.examLate'), 'exam-late');
        // A drill done offline whose answers arrived after its day ended (Bangkok midnight).
        if (e instanceof ApiError && e.code === 'DRILL_DAY_OVER') notify.error(t('offlineActions.drillDayOver'), 'drill-day-over');
        throw e;
      }
    }).then((outcomes) => {
      if (!outcomes.includes('sent')) return;
      // The lists, Home and the balance show what the server now counts.
      void client.invalidateQueries();
      if (completed) window.dispatchEvent(new Event(LESSON_COMPLETED_EVENT));
    });
  }, [user, online, asked, client, t]);
  return waiting;
}

const isIos = () => /iphone|ipad|ipod/i.test(navigator.userAgent) && !/crios|fxios/i.test(navigator.userAgent);
const isStandalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;

/** The install hint: the browser's own prompt where it offers one, else (iOS Safari) how to add it by hand. */
function useInstallHint(): { show: boolean; ios: boolean; install: () => void; dismiss: () => void } {
  const deferred = useRef<InstallPromptEvent | null>(null);
  const [canPrompt, setCanPrompt] = useState(false);
  const [moment, setMoment] = useState(false);
  const [dismissed, setDismissed] = useState(() => !!stored(INSTALL_DISMISSED_KEY));
  useEffect(() => {
    const offered = (e: Event) => {
      e.preventDefault(); // shown at a good moment instead of the browser's own mini-bar
      deferred.current = e as InstallPromptEvent;
      setCanPrompt(true);
    };
    const installed = () => setCanPrompt(false);
    const lesson = () => setMoment(true);
    window.addEventListener('beforeinstallprompt', offered);
    window.addEventListener('appinstalled', installed);
    window.addEventListener(LESSON_COMPLETED_EVENT, lesson);
    return () => {
      window.removeEventListener('beforeinstallprompt', offered);
      window.removeEventListener('appinstalled', installed);
      window.removeEventListener(LESSON_COMPLETED_EVENT, lesson);
    };
  }, []);
  const dismiss = useCallback(() => {
    store(INSTALL_DISMISSED_KEY, new Date().toISOString());
    setDismissed(true);
  }, []);
  const install = useCallback(() => {
    const e = deferred.current;
    deferred.current = null;
    setCanPrompt(false);
    if (e) void e.prompt().then(() => e.userChoice).finally(dismiss);
  }, [dismiss]);
  const ios = isIos() && !isStandalone();
  return { show: moment && !dismissed && (canPrompt || ios), ios: ios && !canPrompt, install, dismiss };
}

export default function PwaShell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: session } = useSession();
  const sw = useServiceWorker();
  const { online, savedAt } = useOnlineSince();
  const waiting = useQueuedWrites(session?.user.id, online);
  const install = useInstallHint();
  const [later, setLater] = useState(false);

  if (pathname === '/admin' || pathname.startsWith('/admin/')) return null;
  return (
    <div className="sf-pwa" aria-live="polite">
      {!online && (
        <div className="sf-pwa__offline" role="status" data-testid="offline-banner">
          <span>{savedAt ? t('pwa.offlineSince', { time: formatListDate(savedAt) }) : t('pwa.offline')}</span>
          {waiting > 0 && <span className="sf-pwa__queued" data-testid="offline-queued">{t('pwa.queued', { count: waiting })}</span>}
        </div>
      )}
      {sw.ready && !later && (
        <div className="sf-pwa__card" role="alertdialog" aria-label={t('pwa.updateReady')} data-testid="update-prompt">
          <span className="sf-pwa__text">{t('pwa.updateReady')}</span>
          <button type="button" className="sf-pwa__ghost" onClick={() => setLater(true)}>
            {t('pwa.later')}
          </button>
          <button type="button" className="sf-pwa__primary" onClick={sw.apply} data-testid="update-reload">
            {t('pwa.reload')}
          </button>
        </div>
      )}
      {install.show && (
        <div className="sf-pwa__card" role="dialog" aria-label={t('pwa.installTitle')} data-testid="install-hint">
          <span className="sf-pwa__text">
            <strong>{t('pwa.installTitle')}</strong>
            <br />
            {install.ios ? t('pwa.iosInstall') : t('pwa.installBody')}
          </span>
          <button type="button" className="sf-pwa__ghost" onClick={install.dismiss}>
            {t('pwa.close')}
          </button>
          {!install.ios && (
            <button type="button" className="sf-pwa__primary" onClick={install.install}>
              {t('pwa.install')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
