// What the phone and the host screen both draw: the countdown on the server's clock and the podium.
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { questionMsLeft, type LiveView, type Standing } from '../../lib/games/live';
import { useNow } from '../../lib/useNow';
import { TimerBar } from '../TimerBar';
import './live.css';

export function LiveCountdown({ view, receivedAt }: { view: LiveView; receivedAt: number }) {
  const { t } = useTranslation();
  const now = useNow(250);
  const q = view.question;
  if (!q) return null;
  const left = questionMsLeft(q, view.serverNow, receivedAt, now);
  return <TimerBar className="sf-live-countdown" leftMs={left} totalMs={q.timerSeconds * 1000} label={(n) => t('live.secondsLeft', { n })} />;
}

export function Podium({ podium }: { podium: Standing[] }) {
  const { t } = useTranslation();
  // Second, first, third: the classic steps.
  const order = [podium[1], podium[0], podium[2]].filter((x): x is Standing => !!x);
  return (
    <div className="sf-live-podium" data-testid="live-podium" aria-label={t('live.podium')}>
      {order.map((s) => (
        <div key={s.userId} className={`sf-live-podium__step is-${s.rank}`} data-testid="live-podium-step">
          <span className="sf-live-podium__name">{s.name}</span>
          <span className="sf-live-podium__score">{formatNumber(s.score)}</span>
          <span className="sf-live-podium__block">{s.rank}</span>
        </div>
      ))}
    </div>
  );
}
