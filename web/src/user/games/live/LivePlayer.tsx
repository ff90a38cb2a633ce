// The live quiz on a phone (/club/games/live, ?pin= from the host's QR code): PIN → waiting room (the nickname
// is the person's name) → each question as it arrives over the realtime socket, big answer buttons, one
// answer → the result when the question ends (right or wrong, points, own rank) → the podium. The server times
// and scores; this screen shows what it pushes.
import { Button, Input } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { formatNumber } from '../../../lib/format';
import '../games.css';
import '../../../components/live/i18n';
import { answerLive, joinLive, PIN_DIGITS, pinDigits, useLiveView, type LiveView } from '../../../lib/games/live';
import { LiveCountdown, Podium } from '../../../components/live/LiveParts';
import { AnswerGrid } from '../AnswerGrid';

const statePath = (id: string) => `/api/games/live/${encodeURIComponent(id)}`;

function errorText(t: (k: string) => string, e: unknown) {
  return e instanceof ApiError ? (e.isNetwork ? t('toast.network') : e.message) : String(e);
}

function PinEntry({ onJoined }: { onJoined: (v: LiveView) => void }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [pin, setPin] = useState(pinDigits(params.get('pin') ?? ''));
  const [busy, setBusy] = useState(false);
  const join = async () => {
    setBusy(true);
    try {
      onJoined((await joinLive(pin)).session);
    } catch (e) {
      notify.error(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="sf-live-phone__center">
      <h1 className="sf-live-phone__big">{t('live.title')}</h1>
      <p>{t('live.joinHint')}</p>
      <Input className="sf-live-phone__pin" aria-label={t('live.pinLabel')} placeholder={t('live.pinPlaceholder')} inputMode="numeric" autoComplete="off" value={pin} onChange={(v) => setPin(pinDigits(v))} onEnterPress={() => void join()} data-testid="live-pin" />
      <Button block color="primary" size="large" shape="rounded" disabled={pin.length !== PIN_DIGITS} loading={busy} onClick={() => void join()} data-testid="live-join">
        {t('live.join')}
      </Button>
    </div>
  );
}

function Question({ view, receivedAt, onAnswered }: { view: LiveView; receivedAt: number; onAnswered: (v: LiveView) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const q = view.question!;
  const send = async (ids: string[]) => {
    setBusy(true);
    try {
      onAnswered((await answerLive(view.id, q.index, ids)).session);
    } catch (e) {
      notify.error(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };
  if (view.me?.answered)
    return (
      <div className="sf-live-phone__center" data-testid="live-answered">
        <CheckCircleFill fontSize={56} color="#26a65b" />
        <p className="sf-live-phone__big">{t('live.waitOthers')}</p>
      </div>
    );
  return (
    <div className="sf-quiz" data-testid="live-question" data-index={q.index}>
      <div className="sf-quiz__top"><span>{t('live.question', { n: q.index + 1, total: view.questionCount })}</span></div>
      <LiveCountdown view={view} receivedAt={receivedAt} />
      <h1 className="sf-quiz__prompt">{q.prompt}</h1>
      <AnswerGrid kind={q.kind} choices={q.choices} busy={busy} onAnswer={(ids) => void send(ids)} testId="live-answer" hint={t('live.pickMany')} submit={t('live.submit')} />
    </div>
  );
}

function Result({ view }: { view: LiveView }) {
  const { t } = useTranslation();
  const r = view.me?.result;
  const good = !!r?.correct;
  return (
    <div className="sf-live-phone__center" data-testid="live-result" data-correct={good ? 'true' : 'false'}>
      <div className={`sf-live-verdict ${good ? 'is-good' : 'is-bad'}`}>
        {good ? <CheckCircleFill fontSize={56} /> : <CloseCircleFill fontSize={56} />}
        <p className="sf-live-phone__big">{!r?.answered ? t('live.noAnswer') : good ? t('live.correct') : t('live.wrong')}</p>
        <p data-testid="live-points">{t('live.points', { n: formatNumber(r?.points ?? 0) })}</p>
        {r && r.bonus > 0 ? <p>{t('live.bonus', { streak: r.streak, n: formatNumber(r.bonus) })}</p> : null}
      </div>
      {view.me?.rank ? <p className="sf-live-phone__big" data-testid="live-rank">{t('live.rank', { rank: view.me.rank })}</p> : null}
      <p>{t('live.score', { n: formatNumber(view.me?.score ?? 0) })}</p>
      {view.index + 1 < view.questionCount ? <p>{t('live.nextSoon')}</p> : null}
    </div>
  );
}

export function LivePlayerPage() {
  const { t } = useTranslation();
  const { view, receivedAt, set } = useLiveView(statePath);
  const onJoined = useCallback((v: LiveView) => set(v), [set]);
  useEffect(() => {
    document.title = t('live.title');
  }, [t]);
  return (
    <div className="sf-live-phone" data-testid="live-phone" data-status={view?.status ?? 'pin'}>
      {!view ? <PinEntry onJoined={onJoined} /> : null}
      {view?.status === 'lobby' ? (
        <div className="sf-live-phone__center" data-testid="live-lobby">
          <p className="sf-live-phone__big">{t('live.youreIn', { name: view.me?.name ?? '' })}</p>
          <p>{t('live.waiting')}</p>
        </div>
      ) : null}
      {view?.status === 'question' && view.question ? <Question key={view.question.index} view={view} receivedAt={receivedAt} onAnswered={set} /> : null}
      {view?.status === 'reveal' ? <Result view={view} /> : null}
      {view?.status === 'finished' && view.expired ? (
        <div className="sf-live-phone__center" data-testid="live-expired">
          <p className="sf-live-phone__big">{t('live.expired')}</p>
          <p>{t('live.expiredHint')}</p>
        </div>
      ) : null}
      {view?.status === 'finished' && !view.expired ? (
        <div className="sf-live-phone__center" data-testid="live-final">
          <h1 className="sf-live-phone__big">{t('live.podium')}</h1>
          <Podium podium={view.podium ?? []} />
          {view.me?.rank ? <p className="sf-live-phone__big">{t('live.final', { rank: view.me.rank, score: formatNumber(view.me.score) })}</p> : null}
          {view.me?.pointsAwarded ? <p>{t('live.pointsAwarded', { n: formatNumber(view.me.pointsAwarded) })}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
