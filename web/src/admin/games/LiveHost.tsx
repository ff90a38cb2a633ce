// The live quiz's host screen (/admin/games/quiz/:id/host): frameless, for a projector. Opens a session for
// the quiz, then shows the PIN big with a QR code to join, the players as they join, each question with its
// countdown and the answer count, after each question the answer distribution and the top 5, and the podium.
// Everything it shows comes from the server (HTTP answers and the realtime socket's pushes).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QrCode } from '../../components/QrCode';
import { ApiError } from '../../lib/api';
import { choiceText } from '../../lib/choices';
import { formatNumber } from '../../lib/format';
import { answerStyle } from '../../lib/games/logic';
import '../../components/live/i18n';
import { hostLive, hostNext, spacedPin, useLiveView, type LiveView } from '../../lib/games/live';
import { LiveCountdown, Podium } from '../../components/live/LiveParts';

const statePath = (id: string) => `/api/admin/live-quizzes/${encodeURIComponent(id)}`;

function Choices({ view, reveal }: { view: LiveView; reveal: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="sf-live-host__choices">
      {view.question?.choices.map((c, i) => {
        const style = answerStyle(i);
        const dim = reveal && !view.correctIds?.includes(c.id);
        return (
          <div key={c.id} className={`sf-live-host__choice ${dim ? 'is-dim' : ''}`} style={{ background: style.color }}>
            <span aria-hidden="true">{style.shape}</span>
            <span>{choiceText(view.question?.kind, c, t)}</span>
          </div>
        );
      })}
    </div>
  );
}

function Reveal({ view }: { view: LiveView }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...(view.distribution ?? []).map((d) => d.count));
  return (
    <div className="sf-live-host__reveal">
      <div>
        <h2>{t('live.host.answers')}</h2>
        <div className="sf-live-host__dist" data-testid="live-distribution">
          {(view.distribution ?? []).map((d, i) => (
            <div key={d.id} className="sf-live-host__col" data-correct={d.correct ? 'true' : 'false'}>
              <strong>{d.count}</strong>
              <div className="sf-live-host__colbar" style={{ height: `${(d.count / max) * 80}%`, background: answerStyle(i).color, opacity: d.correct ? 1 : 0.4 }} />
              <span>{d.correct ? '✓ ' : ''}{choiceText(view.question?.kind, d, t)}</span>
            </div>
          ))}
        </div>
      </div>
      <div>
        <h2>{t('live.host.top')}</h2>
        <ol className="sf-live-host__top" data-testid="live-top">
          {(view.top ?? []).map((s) => (
            <li key={s.userId}><span>{s.rank}. {s.name}</span><strong>{formatNumber(s.score)}</strong></li>
          ))}
        </ol>
      </div>
    </div>
  );
}

export default function LiveHostPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { view, receivedAt, set } = useLiveView(statePath);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    document.title = t('live.title');
  }, [t]);
  const act = async (fn: () => Promise<{ session: LiveView }>) => {
    setBusy(true);
    setError(null);
    try {
      set((await fn()).session);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const joinUrl = view?.pin ? `${location.origin}/club/games/live?pin=${view.pin}` : '';
  const last = view ? view.index + 1 >= view.questionCount : false;
  return (
    <div className="sf-live-host" data-testid="live-host" data-status={view?.status ?? 'new'}>
      <div className="sf-live-host__bar">
        <h1>{view?.title ?? t('live.title')}</h1>
        {view?.pin && view.status !== 'lobby' ? <span>{t('live.pinLabel')} <strong data-testid="live-host-pin-small">{spacedPin(view.pin)}</strong></span> : null}
      </div>
      {error ? <p role="alert">{error}</p> : null}
      {!view ? (
        <div>
          <p>{t('live.host.openHint')}</p>
          <button type="button" className="sf-live-host__btn" disabled={busy} onClick={() => void act(() => hostLive(id))} data-testid="live-open">{t('live.host.open')}</button>
          <p><Link to={`/admin/games/quiz/${encodeURIComponent(id)}`} style={{ color: '#fff' }}>{t('live.host.back')}</Link></p>
        </div>
      ) : null}
      {view?.status === 'lobby' ? (
        <>
          <div className="sf-live-host__lobby">
            <QrCode className="sf-live-host__qr" value={joinUrl} size={260} label={t('live.host.qr')} testId="live-qr" />
            <div>
              <div>{t('live.pinLabel')}</div>
              <div className="sf-live-host__pin" data-testid="live-host-pin">{spacedPin(view.pin ?? '')}</div>
              <p>{t('live.host.joinAt', { url: `${location.host}/club/games/live` })}</p>
            </div>
          </div>
          <div className="sf-live-host__bar">
            <h2 data-testid="live-player-count">{view.players?.length ? t('live.host.players', { n: view.players.length }) : t('live.host.noPlayers')}</h2>
            <button type="button" className="sf-live-host__btn" disabled={busy || !view.players?.length} onClick={() => void act(() => hostNext(view.id))} data-testid="live-next">{t('live.host.start')}</button>
          </div>
          <div className="sf-live-host__players" data-testid="live-players">
            {view.players?.map((p) => <span key={p.userId} className="sf-live-host__player">{p.name}</span>)}
          </div>
        </>
      ) : null}
      {(view?.status === 'question' || view?.status === 'reveal') && view.question ? (
        <>
          <div className="sf-live-host__bar">
            <span>{t('live.question', { n: view.index + 1, total: view.questionCount })}</span>
            {view.status === 'question' ? <span data-testid="live-answered-count">{t('live.host.answered', { n: view.answered ?? 0, total: view.playerCount })}</span> : null}
            <button type="button" className="sf-live-host__btn" disabled={busy} onClick={() => void act(() => hostNext(view.id))} data-testid="live-next">
              {view.status === 'question' ? t('live.host.end') : last ? t('live.host.showPodium') : t('live.host.next')}
            </button>
          </div>
          <h1>{view.question.prompt}</h1>
          {view.status === 'question' ? <LiveCountdown view={view} receivedAt={receivedAt} /> : null}
          {view.status === 'question' ? <Choices view={view} reveal={false} /> : <Reveal view={view} />}
        </>
      ) : null}
      {view?.status === 'finished' ? (
        <div>
          <h1>{t('live.host.over')}</h1>
          <Podium podium={view.podium ?? []} />
        </div>
      ) : null}
    </div>
  );
}
