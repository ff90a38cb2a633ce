// Taking an exam (/learning/exam/:id/attempt/:attemptId): one question per screen, a palette, a countdown in
// server time, answers saved as you go (and kept on the device until the server has them), submit with a
// confirmation. At zero the client submits; the server would auto-submit anyway.
import { Button, Dialog, Popup, ProgressBar, SpinLoading } from 'antd-mobile';
import type { Action } from 'antd-mobile/es/components/dialog';
import { CheckOutline, ClockCircleOutline, CloseOutline, LeftOutline, RightOutline, AppstoreOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { useConfirm } from '../../components/ConfirmDialog';
import { ApiError } from '../../lib/api';
import { choiceText } from '../../lib/choices';
import { dequeue, enqueue } from '../../lib/offline/queue';
import { useSession } from '../../lib/session';
import { useNow } from '../../lib/useNow';
import { notify } from '../../lib/toast';
import type { ExamQuestion } from '../../lib/learning/types';
import { answersUrl, attemptKey, invalidateAfterExam, saveAnswers, submitAttempt, useAttempt, useExam, type ResultState } from './api';
import {
  changedAnswers, cleanAnswers, clearLocalAttempt, clockOffset, countdownParts, formatCountdown, isTimeWarning, palette,
  readLocalAttempt, remainingMs, restoreAttempt, toggleChoice, unansweredCount, writeLocalAttempt, type Answers,
} from './logic';
import { courseParam, examPaths } from './nav';
import './exams.css';
import { LoadError } from '../../components/LoadError';

const SAVE_DELAY_MS = 800;
const RETRY_DELAY_MS = 4000;

type SaveState = 'idle' | 'saving' | 'saved' | 'offline';

const isClosed = (e: unknown) => e instanceof ApiError && (e.code === 'ATTEMPT_CLOSED' || e.status === 409);

/** The countdown, re-rendered on its own so the question does not re-render every tick. */
function Countdown({ deadlineAt, offset, onZero }: { deadlineAt: string | null; offset: number; onZero: () => void }) {
  const { t } = useTranslation();
  const now = useNow(250);
  const fired = useRef(false);
  const left = remainingMs(deadlineAt, offset, now);
  useEffect(() => {
    if (left === 0 && !fired.current) {
      fired.current = true;
      onZero();
    }
  }, [left, onZero]);
  if (left === null) return null;
  const warn = isTimeWarning(left);
  const { minutes, seconds } = countdownParts(left);
  return (
    <div className={`sf-exam-timer ${warn ? 'is-warning' : ''}`} data-testid="exam-timer" data-remaining-ms={left} role="timer" aria-label={t('exam.timeLeftLabel', { minutes, seconds })}>
      <ClockCircleOutline aria-hidden="true" />
      <span className="sf-mono" aria-hidden="true">{formatCountdown(left)}</span>
    </div>
  );
}

function kindHint(t: (k: string) => string, q: ExamQuestion) {
  if (q.kind === 'multiple') return t('exam.selectAll');
  if (q.kind === 'truefalse') return t('exam.trueOrFalse');
  return t('exam.chooseOne');
}

export function ExamTakingPage() {
  const { id: examId = '', attemptId = '' } = useParams();
  const [search] = useSearchParams();
  const course = courseParam(search);
  const navigate = useNavigate();
  const { t } = useTranslation();
  const client = useQueryClient();
  const user = useSession().data?.user.id;
  const { data: attempt, error, dataUpdatedAt, refetch } = useAttempt(attemptId);
  const { data: exam } = useExam(examId);

  const [answers, setAnswers] = useState<Answers>({});
  const [position, setPosition] = useState(0);
  const [ready, setReady] = useState(false);
  const [offset, setOffset] = useState(0);
  const [deadlineAt, setDeadlineAt] = useState<string | null>(null);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [leaveDialog, ask] = useConfirm();
  const asking = useRef(false);

  const saved = useRef<Answers>({});
  const latest = useRef<Answers>({});
  const inFlight = useRef<Promise<void> | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const finished = useRef(false);
  // Answers not yet saved are in the offline queue (lib/offline/queue.ts): sent when the connection returns,
  // even if this page is closed by then.
  const queued = useRef(false);
  const questionRef = useRef<HTMLHeadingElement>(null);

  const questions = useMemo(() => attempt?.questions ?? [], [attempt]);
  const resultPath = examPaths.result(examId, attemptId, course);

  const goToResult = useCallback(
    (state?: ResultState) => {
      finished.current = true;
      clearLocalAttempt(attemptId);
      invalidateAfterExam(client, examId);
      client.removeQueries({ queryKey: attemptKey(attemptId) });
      navigate(resultPath, { replace: true, state });
    },
    [attemptId, client, examId, navigate, resultPath],
  );

  // First load (and a reload): the server's answers plus what this device had not saved yet.
  useEffect(() => {
    if (!attempt || ready) return;
    if (attempt.submittedAt) {
      goToResult();
      return;
    }
    const restored = restoreAttempt(attempt, readLocalAttempt(attempt.id));
    saved.current = cleanAnswers(attempt.questions, attempt.answers ?? {});
    latest.current = restored.answers;
    setAnswers(restored.answers);
    setPosition(restored.position);
    setOffset(clockOffset(attempt.serverNow, dataUpdatedAt || Date.now()));
    setDeadlineAt(attempt.deadlineAt);
    setSaveState(restored.unsaved ? 'idle' : 'saved');
    setReady(true);
  }, [attempt, ready, dataUpdatedAt, goToResult]);

  // Keep a device copy (position + answers) so a reload or a dead network loses nothing.
  useEffect(() => {
    if (ready && !finished.current) writeLocalAttempt(attemptId, { position, pending: answers });
  }, [ready, attemptId, position, answers]);

  const save = useCallback(async (): Promise<void> => {
    if (saveTimer.current) {
      clearTimeout(saveTimer.current);
      saveTimer.current = null;
    }
    if (finished.current) return;
    if (inFlight.current) {
      await inFlight.current;
      return save();
    }
    const diff = changedAnswers(saved.current, latest.current);
    if (!Object.keys(diff).length) {
      setSaveState('saved');
      return;
    }
    setSaveState('saving');
    const sentAt = Date.now();
    const run = (async () => {
      try {
        const res = await saveAnswers(attemptId, diff);
        if (queued.current && user) dequeue(user, answersUrl(attemptId));
        queued.current = false;
        saved.current = { ...saved.current, ...diff };
        for (const [k, v] of Object.entries(diff)) if (!v.length) delete saved.current[k];
        // Midpoint of the round trip is the best guess of when the server read its clock.
        if (res.serverNow) setOffset(clockOffset(res.serverNow, Math.round((sentAt + Date.now()) / 2)));
        if (res.deadlineAt !== undefined) setDeadlineAt(res.deadlineAt);
        setSaveState(Object.keys(changedAnswers(saved.current, latest.current)).length ? 'idle' : 'saved');
      } catch (e) {
        if (isClosed(e)) {
          // Answers kept offline that arrive after the time limit are refused: the server graded what it had.
          if (queued.current) notify.error(t('offlineActions.examLate'), 'exam-late');
          else notify.info(t('exam.closedToast'));
          if (user) dequeue(user, answersUrl(attemptId));
          goToResult();
          return;
        }
        if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 408 && e.status !== 429) {
          // Refused, not lost: retrying the same answers would be refused again; submit still sends them all.
          saved.current = { ...saved.current, ...diff };
          setSaveState('idle');
          return;
        }
        setSaveState('offline');
        if (user && e instanceof ApiError && e.isNetwork) {
          enqueue(user, answersUrl(attemptId), { answers: changedAnswers(saved.current, latest.current) }, { method: 'PUT' });
          queued.current = true;
        }
        saveTimer.current = setTimeout(() => void save(), RETRY_DELAY_MS);
      } finally {
        inFlight.current = null;
      }
    })();
    inFlight.current = run;
    await run;
  }, [attemptId, goToResult, t, user]);

  // Back online: save at once rather than at the next retry.
  useEffect(() => {
    const online = () => void save();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [save]);

  const scheduleSave = useCallback(() => {
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => void save(), SAVE_DELAY_MS);
  }, [save]);

  useEffect(() => () => {
    if (saveTimer.current) clearTimeout(saveTimer.current);
  }, []);

  // Unsaved answers and the tab closing: ask first (the device copy would restore them anyway).
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (finished.current || saveState === 'saved') return;
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [saveState]);

  // The phone's back button: a same-URL guard entry catches it, so leaving asks first (BrowserRouter has no
  // blocker). Staying puts the guard back.
  const leaveRef = useRef<() => void>(() => undefined);
  useEffect(() => {
    if (!ready) return;
    const guard = () => {
      const state = (window.history.state ?? {}) as Record<string, unknown>;
      if (!state.sfExamGuard) window.history.pushState({ ...state, sfExamGuard: true }, '');
    };
    guard();
    const onPop = () => {
      if (finished.current) return;
      guard();
      leaveRef.current();
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [ready]);

  const choose = (q: ExamQuestion, choiceId: string) => {
    const next = toggleChoice(latest.current, q, choiceId);
    latest.current = next;
    setAnswers(next);
    setSaveState('idle');
    scheduleSave();
  };

  const goTo = (index: number) => {
    if (index < 0 || index >= questions.length) return;
    setPosition(index);
    setPaletteOpen(false);
    void save();
    questionRef.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  };

  const submit = useCallback(
    async (auto: boolean) => {
      if (finished.current || submitting) return;
      setSubmitting(true);
      setConfirming(false);
      if (saveTimer.current) clearTimeout(saveTimer.current);
      try {
        if (inFlight.current) await inFlight.current.catch(() => undefined);
        const res = await submitAttempt(attemptId, cleanAnswers(questions, latest.current));
        if (user) dequeue(user, answersUrl(attemptId)); // submitted with every answer: nothing left to send
        client.setQueryData(attemptKey(attemptId), res.attempt);
        if (auto) notify.info(t('exam.timeUpToast'));
        goToResult({ pointsAwarded: res.pointsAwarded, completedCourses: res.completedCourses, balance: res.balance });
      } catch (e) {
        if (isClosed(e)) {
          goToResult();
          return;
        }
        setSubmitting(false);
        if (auto) {
          // The server auto-submits what it has; try again shortly so the result shows.
          setTimeout(() => void submit(true), RETRY_DELAY_MS);
        } else {
          notify.error(t('exam.submitError'));
        }
      }
    },
    [attemptId, client, goToResult, questions, submitting, t, user],
  );

  const onZero = useCallback(() => void submit(true), [submit]);

  const leave = () => {
    if (asking.current) return;
    asking.current = true;
    ask({
      title: t('exam.leaveTitle'),
      content: t('exam.leaveBody'),
      confirmText: t('exam.leaveConfirm'),
      cancelText: t('exam.stay'),
      testId: 'exam-leave-dialog',
      onConfirm: async () => {
        await save().catch(() => undefined);
        finished.current = true;
        navigate(examPaths.intro(examId, course), { replace: true });
      },
    });
    // The dialog closes itself; let the next back press ask again.
    setTimeout(() => {
      asking.current = false;
    }, 300);
  };

  leaveRef.current = leave;

  if (error)
    return (
      <div className="sf-exam-take">
        <div className="sf-exam-take__top">
          <button type="button" className="sf-exam-icon-button" onClick={() => navigate(examPaths.intro(examId, course))} aria-label={t('exam.close')}>
            <CloseOutline />
          </button>
        </div>
        <div className="sf-page">
          {error instanceof ApiError && error.status === 404 ? (
            <EmptyState icon={<CloseOutline />} title={t('exam.attemptNotFoundTitle')} body={t('exam.attemptNotFoundBody')} />
          ) : (
            <LoadError text={t('exam.loadError')} onRetry={() => void refetch()} retryText={t('exam.retryLoad')} />
          )}
        </div>
      </div>
    );

  if (!ready || !attempt)
    return (
      <div className="sf-exam-take sf-exam-take--loading" role="status" aria-live="polite">
        <SpinLoading color="primary" />
        <span className="sf-visually-hidden">{t('exam.loading')}</span>
      </div>
    );

  const q = questions[position];
  const total = questions.length;
  const left = unansweredCount(questions, answers);
  const answeredCount = total - left;
  const items = palette(questions, answers, position);
  const isLast = position === total - 1;
  const confirmActions: Action[] = [
    { key: 'submit', text: t('exam.submitConfirm'), bold: true, onClick: () => void submit(false), 'data-testid': 'exam-confirm' } as Action,
    { key: 'cancel', text: t('exam.keepAnswering'), onClick: () => setConfirming(false), 'data-testid': 'exam-cancel' } as Action,
  ];

  return (
    <div className="sf-exam-take" data-attempt={attempt.id}>
      <header className="sf-exam-take__top">
        <button type="button" className="sf-exam-icon-button" onClick={leave} aria-label={t('exam.leave')} data-testid="exam-leave">
          <CloseOutline />
        </button>
        <div className="sf-exam-take__title">
          <span className="sf-exam-take__name">{exam?.title ?? t('exam.kindLabel')}</span>
          <span className={`sf-exam-save sf-exam-save--${saveState}`} role="status" aria-live="polite" data-testid="exam-save-state" data-state={saveState}>
            {saveState === 'saving' ? t('exam.saving') : saveState === 'offline' ? t('exam.offline') : saveState === 'saved' ? t('exam.saved') : t('exam.unsaved')}
          </span>
        </div>
        <Countdown deadlineAt={deadlineAt} offset={offset} onZero={onZero} />
      </header>

      <div className="sf-exam-take__progress">
        <div className="sf-exam-take__progress-row">
          <span data-testid="exam-position">{t('exam.questionOf', { n: position + 1, total })}</span>
          <button type="button" className="sf-exam-palette-toggle" onClick={() => setPaletteOpen(true)} data-testid="exam-palette-open" aria-haspopup="dialog">
            <AppstoreOutline aria-hidden="true" /> {t('exam.answeredOf', { n: answeredCount, total })}
          </button>
        </div>
        <ProgressBar percent={total ? ((position + 1) / total) * 100 : 0} className="sf-exam-take__bar" aria-hidden="true" />
        <ol className="sf-exam-strip" aria-label={t('exam.palette')}>
          {items.map((it) => (
            <li key={it.id}>
              <button
                type="button"
                className={`sf-exam-dot is-${it.status} ${it.current ? 'is-current' : ''}`}
                aria-current={it.current ? 'step' : undefined}
                aria-label={t(it.status === 'answered' ? 'exam.paletteAnswered' : 'exam.paletteUnanswered', { n: it.number })}
                onClick={() => goTo(it.number - 1)}
                data-testid={`palette-${it.number}`}
                data-status={it.status}
              >
                {it.number}
              </button>
            </li>
          ))}
        </ol>
      </div>

      {q ? (
        <main className="sf-exam-question" key={q.id}>
          <p className="sf-exam-question__hint">{kindHint(t, q)}</p>
          <h1 className="sf-exam-question__prompt" tabIndex={-1} ref={questionRef} data-testid="exam-prompt">{q.prompt}</h1>
          <div
            className="sf-exam-choices"
            role={q.kind === 'multiple' ? 'group' : 'radiogroup'}
            aria-label={q.prompt}
          >
            {q.choices.map((c, i) => {
              const picked = (answers[q.id] ?? []).includes(c.id);
              const multiple = q.kind === 'multiple';
              return (
                <button
                  key={c.id}
                  type="button"
                  role={multiple ? 'checkbox' : 'radio'}
                  aria-checked={picked}
                  className={`sf-exam-choice ${picked ? 'is-picked' : ''} ${multiple ? 'is-multiple' : ''}`}
                  onClick={() => choose(q, c.id)}
                  data-testid={`choice-${c.id}`}
                >
                  <span className="sf-exam-choice__mark" aria-hidden="true">
                    {picked ? <CheckOutline /> : q.kind === 'truefalse' ? '' : String.fromCharCode(65 + i)}
                  </span>
                  <span className="sf-exam-choice__text">{choiceText(q.kind, c, t)}</span>
                </button>
              );
            })}
          </div>
        </main>
      ) : (
        <EmptyState icon={<CloseOutline />} title={t('exam.noQuestions')} />
      )}

      <footer className="sf-exam-take__bottom">
        <Button className="sf-exam-nav" fill="outline" disabled={position === 0} onClick={() => goTo(position - 1)} data-testid="exam-prev" aria-label={t('exam.previous')}>
          <LeftOutline aria-hidden="true" /> <span>{t('exam.previousShort')}</span>
        </Button>
        {isLast ? (
          <Button className="sf-exam-nav sf-exam-nav--submit" color="primary" onClick={() => setConfirming(true)} loading={submitting} data-testid="exam-submit">
            {t('exam.submit')}
          </Button>
        ) : (
          <Button className="sf-exam-nav" color="primary" onClick={() => goTo(position + 1)} data-testid="exam-next">
            <span>{t('exam.next')}</span> <RightOutline aria-hidden="true" />
          </Button>
        )}
      </footer>

      <Popup visible={paletteOpen} onMaskClick={() => setPaletteOpen(false)} onClose={() => setPaletteOpen(false)} bodyClassName="sf-exam-sheet" showCloseButton aria-label={t('exam.palette')}>
        <h2 className="sf-exam-sheet__title">{t('exam.palette')}</h2>
        <p className="sf-exam-sheet__legend">
          <span className="sf-exam-legend is-answered" /> {t('exam.legendAnswered', { count: answeredCount })}
          <span className="sf-exam-legend is-unanswered" /> {t('exam.legendUnanswered', { count: left })}
        </p>
        <ol className="sf-exam-grid">
          {items.map((it) => (
            <li key={it.id}>
              <button
                type="button"
                className={`sf-exam-dot sf-exam-dot--big is-${it.status} ${it.current ? 'is-current' : ''}`}
                onClick={() => goTo(it.number - 1)}
                aria-label={t(it.status === 'answered' ? 'exam.paletteAnswered' : 'exam.paletteUnanswered', { n: it.number })}
              >
                {it.number}
              </button>
            </li>
          ))}
        </ol>
        <Button block color="primary" size="large" onClick={() => { setPaletteOpen(false); setConfirming(true); }} data-testid="exam-submit-from-palette">
          {t('exam.submit')}
        </Button>
      </Popup>

      <Dialog
        visible={confirming}
        title={t('exam.submitTitle')}
        content={
          <div className="sf-exam-confirm" data-testid="exam-confirm-dialog">
            {left > 0 ? (
              <p className="sf-exam-confirm__warn" data-testid="exam-unanswered" data-count={left}>{t('exam.unansweredWarning', { count: left })}</p>
            ) : (
              <p>{t('exam.allAnswered')}</p>
            )}
            <p className="sf-exam-confirm__note">{t('exam.submitNote')}</p>
          </div>
        }
        actions={confirmActions}
        onClose={() => setConfirming(false)}
        closeOnMaskClick
      />

      {leaveDialog}

      {submitting ? (
        <div className="sf-exam-submitting" role="status" aria-live="assertive">
          <SpinLoading color="primary" />
          <span>{t('exam.submitting')}</span>
        </div>
      ) : null}
    </div>
  );
}

