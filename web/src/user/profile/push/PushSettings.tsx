// "Notifications on this phone" on the profile (issue 30; docs/API.md "Web Push"): turn push on or off for this
// browser (permission, PushManager.subscribe with the server's VAPID key, the subscription handed to the
// server), choose which kinds are pushed and the quiet hours (for every device of the person), and send a test.
// Its own lazy chunk with its own strings: the profile's first screen does not carry it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, List, Switch } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/errorText';
import { notify } from '../../../lib/toast';
import './i18n';
import './push.css';
import { applicationServerKey, DEFAULT_QUIET_HOURS, PUSH_KINDS, pushSupport, validQuietHours, type PushSettings as Settings, type QuietHours, type Support } from './logic';

const settingsKey = ['push', 'settings'] as const;

export default function PushSettings() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => api<Settings>('/api/push/settings', { signal }) });
  const [support, setSupport] = useState<Support | 'checking'>('checking');
  const [subscription, setSubscription] = useState<PushSubscription | null>(null);
  const [busy, setBusy] = useState(false);
  const [quiet, setQuiet] = useState<QuietHours | null>(null);
  const failed = (e: unknown, generic: string) => notify.error(errorText(t, e, { generic, fieldFirst: true }), 'push-settings');

  useEffect(() => {
    let live = true;
    pushSupport()
      .then(async ({ support: s, registration }) => {
        const current = registration ? await registration.pushManager.getSubscription() : null;
        if (!live) return;
        setSupport(s);
        setSubscription(current);
      })
      .catch(() => live && setSupport('unsupported'));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => setQuiet(settings.data?.quietHours ?? null), [settings.data?.quietHours]);

  const save = useMutation({
    mutationFn: (body: { kinds?: Partial<Settings['kinds']>; quietHours?: QuietHours | null }) => api<Settings>('/api/push/settings', { method: 'PATCH', body }),
    onSuccess: (next) => qc.setQueryData(settingsKey, next),
    onError: (e) => failed(e, 'push.saveFailed'),
  });
  const test = useMutation({
    mutationFn: () => api<{ queued: number }>('/api/push/test', { method: 'POST' }),
    onSuccess: (r) => notify.success(t('push.testSent', { count: r.queued }), 'push-test'),
    onError: (e) => failed(e, 'push.testFailed'),
  });

  const turnOn = async () => {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        if (permission === 'denied') setSupport('denied');
        return;
      }
      const { registration } = await pushSupport();
      if (!registration) return setSupport('no-worker');
      const { publicKey } = await api<{ publicKey: string }>('/api/push/key');
      const sub = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) });
      await api('/api/push/subscriptions', { method: 'POST', body: sub.toJSON() });
      setSubscription(sub);
      void qc.invalidateQueries({ queryKey: settingsKey });
      notify.success(t('push.turnedOn'), 'push-settings');
    } catch (e) {
      // The browser's push service refused (no network to it, a blocked origin): say so, not a server error.
      if (e instanceof ApiError) failed(e, 'push.subscribeFailed');
      else notify.error(t('push.subscribeFailed'), 'push-settings');
    } finally {
      setBusy(false);
    }
  };
  const turnOff = async () => {
    if (!subscription) return;
    setBusy(true);
    try {
      const { endpoint } = subscription;
      await subscription.unsubscribe();
      // 404: the server had already dropped it (a push service said it was gone): off either way.
      await api('/api/push/subscriptions', { method: 'DELETE', body: { endpoint } }).catch((e: unknown) => {
        if (!(e instanceof ApiError && e.status === 404)) throw e;
      });
      setSubscription(null);
      void qc.invalidateQueries({ queryKey: settingsKey });
    } catch (e) {
      failed(e, 'push.saveFailed');
    } finally {
      setBusy(false);
    }
  };
  const saveQuiet = (next: QuietHours | null) => {
    setQuiet(next);
    if (!next || validQuietHours(next)) save.mutate({ quietHours: next });
  };

  const data = settings.data;
  const note = support === 'checking' ? '' : subscription ? t('push.onHere') : t(`push.support.${support}`);
  return (
    <section className="sf-card sf-push" aria-labelledby="push-settings-title" data-testid="push-settings">
      <h2 id="push-settings-title" className="sf-card__title">{t('push.title')}</h2>
      <p className="sf-card__hint">{t('push.hint')}</p>
      <List>
        <List.Item
          description={<span data-testid="push-this-phone-note">{note}</span>}
          extra={<Switch checked={!!subscription} loading={busy} disabled={support !== 'ready' && !subscription} onChange={(on) => void (on ? turnOn() : turnOff())} aria-label={t('push.thisPhone')} data-testid="push-this-phone" />}
        >
          {t('push.thisPhone')}
        </List.Item>
      </List>
      {data ? (
        <>
          <List header={t('push.kindsTitle')}>
            {PUSH_KINDS.map((k) => (
              <List.Item key={k} extra={<Switch checked={data.kinds[k]} onChange={(on) => save.mutate({ kinds: { [k]: on } })} aria-label={t(`push.kinds.${k}`)} data-testid={`push-kind-${k}`} />}>
                {t(`push.kinds.${k}`)}
              </List.Item>
            ))}
          </List>
          <List header={t('push.quietTitle')}>
            <List.Item
              description={t('push.quietHint')}
              extra={<Switch checked={!!quiet} onChange={(on) => saveQuiet(on ? DEFAULT_QUIET_HOURS : null)} aria-label={t('push.quietTitle')} data-testid="push-quiet" />}
            >
              {t('push.quietOn')}
            </List.Item>
            {quiet ? (
              <List.Item>
                <div className="sf-push__quiet">
                  <label>
                    <span>{t('push.quietFrom')}</span>
                    <input type="time" value={quiet.from} onChange={(e) => saveQuiet({ ...quiet, from: e.target.value })} data-testid="push-quiet-from" />
                  </label>
                  <label>
                    <span>{t('push.quietTo')}</span>
                    <input type="time" value={quiet.to} onChange={(e) => saveQuiet({ ...quiet, to: e.target.value })} data-testid="push-quiet-to" />
                  </label>
                </div>
                {!validQuietHours(quiet) ? <p className="sf-push__error" role="alert">{t('push.quietInvalid')}</p> : null}
              </List.Item>
            ) : null}
          </List>
          {data.devices > 0 ? (
            <Button block fill="outline" loading={test.isPending} onClick={() => test.mutate()} data-testid="push-test">
              {t('push.test', { count: data.devices })}
            </Button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
