// The countdown bar both quizzes draw (the solo quiz and the live one, on the phone and the host's screen).
import './TimerBar.css';

/** `label` says the seconds left for a screen reader (each quiz has its own wording); `className` is the
 *  screen's own block, which sets the colours (see TimerBar.css). */
export function TimerBar({ leftMs, totalMs, label, className }: { leftMs: number; totalMs: number; label: (seconds: number) => string; className?: string }) {
  const share = leftMs / totalMs;
  const seconds = Math.ceil(leftMs / 1000);
  return (
    <div className={`sf-timer ${className ?? ''}`} role="timer" aria-label={label(seconds)}>
      <div className={`sf-timer__bar ${share < 0.25 ? 'is-low' : ''}`} style={{ width: `${share * 100}%` }} />
      <span className="sf-timer__n">{seconds}</span>
    </div>
  );
}
