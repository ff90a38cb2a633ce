// The daily drill (/drill, its own lazy chunk): one question per screen with big tap targets, instant
// feedback with the explanation, then the next; at the end the day's score, streak and points. The server
// serves one question at a time (its clock starts then) and checks every answer: nothing here knows which
// choice is right before the answer comes back. Offline (or when an answer finds no connection), the day's
// questions fetched ahead are asked from this device and the answers are kept to be checked once back online
// (offline.ts).
import './i18n';
import './drill.css';
import { Button, Skeleton } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill, ClockCircleOutline, FireFill } from 'antd-mobile-icons';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { ApiError } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { QUEUE_REPLAY_EVENT } from '../../lib/offline/events';
import { onQueueChange } from '../../lib/offline/queue';
import { useOnline } from '../../lib/online';
import { useSession } from '../../lib/session';
import { useNow } from '../../lib/useNow';
import { useDrillAnswer, useDrillToday } from './api';
import { choiceResult, drillTodayKey, matchesToSend, nextUnmatched, pairNumber, pairUp, secondsLeft, toggleChoice, unpairRight, type Matches } from './logic';
import { pictureUrl } from './picture';
import { bangkokDayOf, keepAhead, keptDrill, queueAnswer, queuedQuestions, startedHere } from './offline';
import type { DrillAnswer, DrillOutcome, DrillPair, DrillQuestion } from './types';

function Countdown({ question }: { question: DrillQuestion }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const left = secondsLeft(question, now);
  return (
    <span className={left <= 5 ? 'sf-drill__clock is-low' : 'sf-drill__clock'} data-testid="drill-clock">
      <ClockCircleOutline aria-hidden="true" /> {t('drill.secondsLeft', { n: left })}
    </span>
  );
}

/** A matching question on one screen: tap a left card, then its partner on the right (the pair takes a
 * number on both); tap a matched right card to undo. The server says which pairs were right. */
function MatchBoard({ question, matches, setMatches, outcome, busy }: { question: DrillQuestion; matches: Matches; setMatches: (m: Matches) => void; outcome?: DrillOutcome; busy: boolean }) {
  const { t } = useTranslation();
  const lefts = question.left ?? [];
  const rights = question.right ?? [];
  const [active, setActive] = useState<string | null>(() => lefts[0]?.id ?? null);
  const locked = !!outcome || busy;
  const rightOf = (l: string) => outcome?.correctPairs?.find((p) => p.left === l)?.right;
  const tapLeft = (id: string) => {
    if (!locked) setActive(active === id ? null : id);
  };
  const tapRight = (id: string) => {
    if (locked) return;
    const left = active ?? (Object.values(matches).includes(id) ? null : nextUnmatched(lefts, matches));
    if (!left) {
      setMatches(unpairRight(matches, id));
      return;
    }
    const next = pairUp(matches, left, id);
    setMatches(next);
    setActive(nextUnmatched(lefts, next, left));
  };
  const textOf = (id: string | undefined) => rights.find((r) => r.id === id)?.text ?? '';
  return (
    <>
      <p className="sf-drill__hint">{t('drill.matchHint')}</p>
      <div className="sf-drill__match" data-testid="drill-match">
        {(['left', 'right'] as const).map((side) => (
          <div key={side} className="sf-drill__match-col" role="group" aria-label={t(side === 'left' ? 'drill.matchLeft' : 'drill.matchRight')}>
            {(side === 'left' ? lefts : rights).map((item) => {
              const n = pairNumber(lefts, matches, item.id, side);
              const result = outcome && side === 'left' ? (rightOf(item.id) === matches[item.id] ? ' is-right' : ' is-wrong') : '';
              const selected = side === 'left' && active === item.id && !outcome;
              return (
                <button
                  key={item.id}
                  type="button"
                  className={`sf-drill__card${result}${selected ? ' is-active' : ''}${n ? ` is-paired is-pair-${(n - 1) % 6}` : ''}`}
                  aria-pressed={side === 'left' ? selected : undefined}
                  disabled={locked}
                  onClick={() => (side === 'left' ? tapLeft(item.id) : tapRight(item.id))}
                  data-testid={`drill-${side}`}
                  data-item-id={item.id}
                >
                  {n ? <span className="sf-drill__badge">{n}</span> : null}
                  <span>{item.text}</span>
                </button>
              );
            })}
          </div>
        ))}
      </div>
      {outcome?.correctPairs && !outcome.correct ? (
        <ul className="sf-drill__answers" data-testid="drill-right-pairs" aria-label={t('drill.rightPairs')}>
          {lefts.map((l) => (
            <li key={l.id} className={rightOf(l.id) === matches[l.id] ? 'is-right' : 'is-wrong'}>
              {rightOf(l.id) === matches[l.id] ? <CheckCircleFill aria-hidden="true" /> : <CloseCircleFill aria-hidden="true" />}
              <span>{l.text}</span>
              <span aria-hidden="true">→</span>
              <strong>{textOf(rightOf(l.id))}</strong>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** Keeps an answer on this device to be checked once back online (null: nobody to keep it for). */
type Keep = ((answer: DrillAnswer, answerMs: number) => void) | null;

interface QuestionProps {
  question: DrillQuestion;
  total: number;
  /** Offline: the answer is kept, not sent. */
  offline: boolean;
  keep: Keep;
  /** Offline: the last question kept (the button then shows the result). */
  last?: boolean;
  onNext: (o: DrillOutcome | null) => void;
}

function Question({ question, total, offline, keep, last, onNext }: QuestionProps) {
  const { t } = useTranslation();
  const send = useDrillAnswer();
  const shownAt = useRef(performance.now());
  const [chosen, setChosen] = useState<string[]>([]);
  const [matches, setMatches] = useState<Matches>({});
  const [saved, setSaved] = useState<{ late: boolean } | null>(null);
  const outcome = send.data;
  const answered = !!outcome || !!saved;
  // The feedback and Next may be below the fold under a picture or a board: brought into view once shown.
  const actions = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answered) actions.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [answered]);
  // ... and the next question starts from the top (offline, nothing in between resets the scroll).
  useEffect(() => {
    if (window.scrollY > 0) window.scrollTo?.({ top: 0 });
  }, []);
  const answer = (a: DrillAnswer) => {
    const answerMs = performance.now() - shownAt.current;
    const keepHere = () => {
      keep?.(a, answerMs);
      setSaved({ late: answerMs > question.seconds * 1000 });
    };
    if (offline && keep) keepHere();
    else send.mutate(a, { onError: (e) => (keep && e instanceof ApiError && e.isNetwork ? keepHere() : undefined) });
  };
  const submit = (choices: string[]) => answer({ questionId: question.id, choices });
  const match = question.kind === 'match';
  const toSend: DrillPair[] | null = match ? matchesToSend(question.left ?? [], matches) : null;
  const tap = (id: string) => {
    if (answered || send.isPending) return;
    const next = toggleChoice(question.kind, chosen, id);
    setChosen(next);
    if (question.kind !== 'multiple') submit(next);
  };
  const text = (id: string, fallback: string) => (question.kind === 'truefalse' && (id === 'true' || id === 'false') ? t(`drill.${id}`) : fallback);
  return (
    <section className="sf-drill__question" data-testid="drill-question" data-question-id={question.id}>
      <div className="sf-drill__meta">
        <span>{t('drill.progress', { n: question.position, total })}</span>
        {answered ? null : <Countdown question={question} />}
      </div>
      <progress className="sf-drill__bar" max={total} value={question.position - (answered ? 0 : 1)} />
      {question.image ? (
        <div className="sf-drill__picture">
          <img src={pictureUrl(question.image)} alt="" width={question.image.width ?? 800} height={question.image.height ?? 600} decoding="async" data-testid="drill-picture" />
        </div>
      ) : null}
      <h2 className="sf-drill__prompt">{question.prompt}</h2>
      {match ? (
        <MatchBoard question={question} matches={matches} setMatches={setMatches} outcome={outcome} busy={send.isPending || !!saved} />
      ) : (
        <>
      {question.kind === 'multiple' ? <p className="sf-drill__hint">{t('drill.pickMany')}</p> : null}
      <div className="sf-drill__choices" role="group" aria-label={question.prompt}>
        {question.choices.map((c) => {
          const result = outcome ? choiceResult(c, chosen, outcome.correctChoices) : 'plain';
          const picked = chosen.includes(c.id);
          return (
            <button
              key={c.id}
              type="button"
              className={`sf-drill__choice is-${result}${picked ? ' is-picked' : ''}`}
              aria-pressed={picked}
              disabled={answered || send.isPending}
              onClick={() => tap(c.id)}
              data-testid="drill-choice"
              data-choice-id={c.id}
            >
              <span>{text(c.id, c.text)}</span>
              {result === 'right' ? <CheckCircleFill aria-hidden="true" /> : result === 'wrong' ? <CloseCircleFill aria-hidden="true" /> : null}
            </button>
          );
        })}
      </div>
        </>
      )}
      {send.isError && !saved ? (
        <p className="sf-drill__error" role="alert">{t('drill.answerError')}</p>
      ) : null}
      {saved ? (
        <div className="sf-drill__feedback is-saved" role="status" data-testid="drill-feedback" data-correct="saved">
          <strong>{t('drill.saved')}</strong>
          {saved.late ? <span className="sf-drill__late">{t('drill.late')}</span> : null}
          <p className="sf-drill__why">{t('drill.savedBody')}</p>
        </div>
      ) : outcome ? (
        <div className={`sf-drill__feedback ${outcome.correct ? 'is-right' : 'is-wrong'}`} role="status" data-testid="drill-feedback" data-correct={outcome.correct ? 'yes' : 'no'}>
          <strong>{outcome.correct ? t('drill.right') : t('drill.wrong')}</strong>
          {outcome.counted ? null : <span className="sf-drill__late">{t('drill.late')}</span>}
          {outcome.explanation ? (
            <p className="sf-drill__why">
              <span>{t('drill.whyTitle')}: </span>
              {outcome.explanation}
            </p>
          ) : null}
        </div>
      ) : null}
      <div ref={actions} className="sf-drill__actions">
        {answered ? (
          <Button block color="primary" size="large" onClick={() => onNext(outcome ?? null)} data-testid="drill-next">
            {(outcome ? outcome.finished : last) ? t('drill.finish') : t('drill.next')}
          </Button>
        ) : match ? (
          <Button block color="primary" size="large" disabled={!toSend} loading={send.isPending} onClick={() => {
              if (toSend) answer({ questionId: question.id, pairs: toSend });
            }} data-testid="drill-check">
            {t('drill.check')}
          </Button>
        ) : question.kind === 'multiple' ? (
          <Button block color="primary" size="large" disabled={!chosen.length} loading={send.isPending} onClick={() => submit(chosen)} data-testid="drill-check">
            {t('drill.check')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

function Done({ right, total, streak, points }: { right: number; total: number; streak: number; points: number }) {
  const { t } = useTranslation();
  return (
    <section className="sf-drill__done" data-testid="drill-done">
      <span className="sf-drill__flame" aria-hidden="true"><FireFill /></span>
      <h2>{t('drill.doneTitle')}</h2>
      <p className="sf-drill__streak" data-testid="drill-streak" data-streak={streak}>{t('drill.streak', { count: streak })}</p>
      <p>{t('drill.doneScore', { right: formatNumber(right), total: formatNumber(total) })}</p>
      {points > 0 ? <p className="sf-drill__points">{t('drill.points', { n: formatNumber(points) })}</p> : null}
      <Link className="sf-drill__home" to="/main">{t('drill.backHome')}</Link>
    </section>
  );
}

/** The day's answers kept on this device, waiting to be sent (any day's, or `day`'s), following the queue. */
function useQueuedAnswers(user: string | undefined, day?: string): Set<string> {
  const key = useSyncExternalStore(onQueueChange, () => (user ? [...queuedQuestions(user, day)].join(',') : ''));
  return new Set(key ? key.split(',') : []);
}

/** Offline: the day's questions fetched ahead, asked from this device; the answers wait in the queue. */
function OfflineDrill({ user, onRetry }: { user: string; onRetry: () => void }) {
  const { t } = useTranslation();
  // Asked from here while the browser says it is online: an earlier request found no connection.
  const online = useOnline();
  const kept = keptDrill(user);
  const day = kept?.day ?? bangkokDayOf(Date.now());
  const queued = useQueuedAnswers(user, day);
  const waiting = (except?: string) => kept?.questions.find((q) => q.id !== except && !queued.has(q.id));
  const [showing, setShowing] = useState(() => {
    const first = waiting();
    return first ? startedHere(first, Date.now()) : null;
  });
  const keep: Keep = (answer, answerMs) => queueAnswer(user, day, answer, answerMs);
  if (!kept)
    return (
      <div className="sf-card sf-drill__offline" role="status" data-testid="drill-offline-none">
        <strong>{t('drill.offlineTitle')}</strong>
        <p>{t('drill.offlineNone')}</p>
        <button type="button" className="sf-link-button" onClick={onRetry}>{t('drill.retry')}</button>
      </div>
    );
  if (showing) {
    const next = waiting(showing.id);
    return (
      <Question
        key={showing.id}
        question={showing}
        total={kept.total}
        offline
        keep={keep}
        last={!next}
        onNext={() => setShowing(next ? startedHere(next, Date.now()) : null)}
      />
    );
  }
  return (
    <section className="sf-drill__done" data-testid="drill-done" data-state="saved">
      <span className="sf-drill__flame is-saved" aria-hidden="true"><CheckCircleFill /></span>
      <h2>{t('drill.savedDoneTitle')}</h2>
      <p data-testid="drill-saved-count">{t('drill.savedDoneBody', { count: queued.size })}</p>
      {online ? (
        <Button block color="primary" size="large" onClick={onRetry} data-testid="drill-send-now">{t('drill.sendNow')}</Button>
      ) : null}
      <Link className="sf-drill__home" to="/main">{t('drill.backHome')}</Link>
    </section>
  );
}

export function DrillPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const user = useSession().data?.user.id;
  const online = useOnline();
  // An answer or a read that found no connection while the browser still says it has one.
  const [cutOff, setCutOff] = useState(false);
  // An answer of the question on screen kept for later (its sending found no connection): the question stays
  // with its "saved" note until Next.
  const [holding, setHolding] = useState(false);
  const queued = useQueuedAnswers(user).size;
  const offline = !online || cutOff;
  const sending = !offline && !holding && queued > 0;
  const today = useDrillToday(!offline && !sending);
  const [last, setLast] = useState<DrillOutcome | null>(null);
  const data = today.data;
  const noConnection = today.error instanceof ApiError && today.error.isNetwork;
  useEffect(() => {
    if (noConnection) setCutOff(true);
  }, [noConnection]);
  useEffect(() => {
    if (online) setCutOff(false);
  }, [online]);
  // While online, the day's questions are kept for a drill offline (also fetched from Home's card).
  useEffect(() => {
    if (user && data && !offline) void keepAhead(user, data);
  }, [user, data, offline]);
  const retry = () => {
    setCutOff(false);
    window.dispatchEvent(new Event(QUEUE_REPLAY_EVENT));
    void client.invalidateQueries({ queryKey: drillTodayKey });
  };
  const keep: Keep = user && data ? (answer, answerMs) => {
    queueAnswer(user, data.day, answer, answerMs);
    setHolding(true);
  } : null;
  const next = (o: DrillOutcome | null) => {
    if (!o) {
      // Kept for later: the rest is asked from this device.
      setHolding(false);
      setCutOff(true);
      return;
    }
    setLast(o);
    void client.invalidateQueries({ queryKey: drillTodayKey });
  };
  return (
    <div className="sf-page sf-drill">
      <PageHeader title={t('drill.title')} subtitle={t('drill.subtitle')} />
      {offline && user ? (
        <OfflineDrill user={user} onRetry={retry} />
      ) : sending ? (
        <div className="sf-card sf-drill__offline" role="status" data-testid="drill-sending">
          <p>{t('drill.sending', { count: queued })}</p>
          <Skeleton.Paragraph lineCount={3} animated />
          <button type="button" className="sf-link-button" onClick={retry}>{t('drill.retry')}</button>
        </div>
      ) : today.isError ? (
        <div className="sf-card sf-card--error" role="alert">
          {t('drill.loadError')}
          <button type="button" className="sf-link-button" onClick={() => void today.refetch()}>{t('drill.retry')}</button>
        </div>
      ) : !data || today.isFetching ? (
        <div className="sf-card"><Skeleton.Paragraph lineCount={6} animated /></div>
      ) : data.total === 0 ? (
        <EmptyState icon={<FireFill />} title={t('drill.emptyTitle')} body={t('drill.emptyBody')} />
      ) : data.question ? (
        <Question key={data.question.id} question={data.question} total={data.total} offline={false} keep={keep} onNext={next} />
      ) : (
        <Done right={data.right} total={data.total} streak={data.streak} points={last?.finished ? last.pointsAwarded : 0} />
      )}
    </div>
  );
}
