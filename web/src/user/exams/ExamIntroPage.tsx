// Exam intro (/learning/exam/:id): what the exam is, the rules, past attempts, and start or resume.
import { Button, NavBar, Skeleton } from 'antd-mobile';
import { CheckCircleFill, ClockCircleOutline, CloseCircleFill, FlagOutline, QuestionCircleOutline, RedoOutline, RightOutline, StarOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ApiError } from '../../lib/api';
import { isOptimisable, ColumnImage } from '../../lib/image';
import { notify } from '../../lib/toast';
import { useConfirm } from '../../components/ConfirmDialog';
import { Prose } from '../../components/Prose';
import { formatDate, minutesOf } from '../../lib/format';
import { attemptKey, examKey, startAttempt, useExam } from './api';
import { attemptsLeft, clockOffset, formatCountdown, remainingMs } from './logic';
import { courseParam, examPaths } from './nav';
import './exams.css';
import { LoadError } from '../../components/LoadError';

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <div className="sf-exam-fact">
      <span className="sf-exam-fact__icon" aria-hidden="true">{icon}</span>
      <dt className="sf-exam-fact__label">{label}</dt>
      <dd className="sf-exam-fact__value">{value}</dd>
    </div>
  );
}

export function ExamIntroPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const course = courseParam(search);
  const { data: exam, isLoading, error, refetch, dataUpdatedAt } = useExam(id);
  const [starting, setStarting] = useState(false);
  const [dialog, ask] = useConfirm();

  const back = () => navigate(examPaths.back(course));

  if (error instanceof ApiError && error.status === 404)
    return (
      <div className="sf-page">
        <NavBar className="sf-navbar" onBack={back} back={t('exam.back')} />
        <EmptyState icon={<QuestionCircleOutline />} title={t('exam.notFoundTitle')} body={t('exam.notFoundBody')} />
      </div>
    );

  if (isLoading || !exam)
    return (
      <div className="sf-page" aria-busy="true">
        <NavBar className="sf-navbar" onBack={back} back={t('exam.back')} />
        {error ? (
          <LoadError text={t('exam.loadError')} onRetry={() => void refetch()} retryText={t('exam.retryLoad')} />
        ) : (
          <>
            <Skeleton animated className="sf-exam-skeleton--hero" />
            <Skeleton.Paragraph lineCount={5} animated />
          </>
        )}
      </div>
    );

  const left = attemptsLeft(exam.maxAttempts, exam.attemptsUsed);
  const open = exam.openAttempt;
  const canStart = !!open || left === null || left > 0;
  const submitted = exam.attempts.filter((a) => a.submittedAt);

  const start = async () => {
    if (open) {
      navigate(examPaths.attempt(exam.id, open.id, course));
      return;
    }
    setStarting(true);
    try {
      const { attempt } = await startAttempt(exam.id);
      client.setQueryData(attemptKey(attempt.id), attempt);
      void client.invalidateQueries({ queryKey: examKey(exam.id) });
      navigate(examPaths.attempt(exam.id, attempt.id, course));
    } catch (e) {
      if (e instanceof ApiError && e.code === 'MAX_ATTEMPTS') {
        void refetch();
        ask({ title: t('exam.maxAttemptsTitle'), content: t('exam.maxAttemptsBody'), confirmText: t('exam.ok'), testId: 'exam-max-attempts' });
      } else if (e instanceof ApiError && e.code === 'EXAM_EMPTY') {
        notify.error(t('exam.noQuestions'));
      } else if (e instanceof ApiError && !e.isNetwork) {
        notify.error(t('exam.startError'));
      }
    } finally {
      setStarting(false);
    }
  };

  return (
    <div className="sf-page sf-exam-intro">
      <NavBar className="sf-navbar" onBack={back} back={course ? t('exam.backToCourse') : t('exam.back')} />

      <header className="sf-exam-intro__hero">
        {exam.cover && isOptimisable(exam.cover.url) ? (
          <ColumnImage className="sf-exam-intro__cover" media={exam.cover} priority />
        ) : (
          <div className="sf-exam-intro__badge" aria-hidden="true"><FlagOutline /></div>
        )}
        <div className="sf-exam-intro__heading">
          <span className="sf-tag">{exam.category?.name ?? t('exam.kindLabel')}</span>
          <h1 className="sf-exam-intro__title">{exam.title}</h1>
          {exam.passed ? (
            <span className="sf-exam-status sf-exam-status--passed" data-testid="exam-intro-passed">
              <CheckCircleFill aria-hidden="true" /> {t('exam.alreadyPassed')}
            </span>
          ) : null}
        </div>
      </header>

      <dl className="sf-exam-facts">
        <Fact icon={<QuestionCircleOutline />} label={t('exam.questions')} value={t('exam.questionCount', { count: exam.questionCount })} />
        <Fact
          icon={<ClockCircleOutline />}
          label={t('exam.timeLimit')}
          value={exam.timeLimitSeconds ? t('exam.minutes', { count: minutesOf(exam.timeLimitSeconds) }) : t('exam.noTimeLimit')}
        />
        <Fact icon={<FlagOutline />} label={t('exam.passMark')} value={`${exam.passPercent}%`} />
        <Fact
          icon={<RedoOutline />}
          label={t('exam.attempts')}
          value={exam.maxAttempts ? t('exam.attemptsOf', { used: exam.attemptsUsed, max: exam.maxAttempts }) : t('exam.attemptsUnlimited', { used: exam.attemptsUsed })}
        />
      </dl>

      {exam.bestPercent !== null || exam.points > 0 ? (
        <div className="sf-exam-intro__highlights">
          {exam.bestPercent !== null ? (
            <div className="sf-exam-highlight">
              <span className="sf-exam-highlight__label">{t('exam.bestScore')}</span>
              <span className={`sf-exam-highlight__value ${exam.passed ? 'is-pass' : ''}`} data-testid="exam-best">{exam.bestPercent}%</span>
            </div>
          ) : null}
          {exam.points > 0 ? (
            <div className="sf-exam-highlight">
              <span className="sf-exam-highlight__label">{t('exam.reward')}</span>
              <span className="sf-exam-highlight__value is-points"><StarOutline aria-hidden="true" /> {t('exam.pointsValue', { count: exam.points })}</span>
            </div>
          ) : null}
        </div>
      ) : null}

      {exam.description ? (
        <section className="sf-card" aria-labelledby="exam-about">
          <h2 id="exam-about" className="sf-section-title">{t('exam.about')}</h2>
          <Prose html={exam.description} />
        </section>
      ) : null}

      <section className="sf-card sf-exam-rules" aria-labelledby="exam-rules">
        <h2 id="exam-rules" className="sf-section-title">{t('exam.rulesTitle')}</h2>
        <ul>
          {exam.timeLimitSeconds ? <li>{t('exam.ruleTimer')}</li> : null}
          <li>{t('exam.ruleAutosave')}</li>
          <li>{t('exam.rulePass', { percent: exam.passPercent })}</li>
          {exam.points > 0 ? <li>{t('exam.rulePoints', { count: exam.points })}</li> : null}
        </ul>
      </section>

      {submitted.length ? (
        <section aria-labelledby="exam-history">
          <h2 id="exam-history" className="sf-section-title sf-section-title--outside">{t('exam.previousAttempts')}</h2>
          <ul className="sf-exam-history">
            {[...submitted].sort((a, b) => b.number - a.number).map((a) => (
              <li key={a.id}>
                <Link to={examPaths.result(exam.id, a.id, course)} className="sf-exam-history__row" data-testid={`attempt-${a.number}`}>
                  <span className={`sf-exam-history__icon ${a.passed ? 'is-pass' : 'is-fail'}`} aria-hidden="true">
                    {a.passed ? <CheckCircleFill /> : <CloseCircleFill />}
                  </span>
                  <span className="sf-exam-history__text">
                    <span className="sf-exam-history__title">{t('exam.attemptNumber', { n: a.number })}</span>
                    <span className="sf-exam-history__meta">
                      {formatDate(a.submittedAt, true)}
                      {a.autoSubmitted ? ` · ${t('exam.autoSubmittedShort')}` : ''}
                    </span>
                  </span>
                  <span className={`sf-exam-history__score ${a.passed ? 'is-pass' : 'is-fail'}`}>
                    {a.percent ?? 0}%
                    <span className="sf-visually-hidden"> {a.passed ? t('exam.passed') : t('exam.failed')}</span>
                  </span>
                  <RightOutline className="sf-exam-history__chevron" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="sf-exam-intro__action">
        {!canStart ? (
          <p className="sf-exam-intro__limit" role="status" data-testid="exam-no-attempts">{t('exam.noAttemptsLeft')}</p>
        ) : null}
        <Button
          block
          color="primary"
          size="large"
          className="sf-exam-intro__start"
          disabled={!canStart}
          loading={starting}
          onClick={() => void start()}
          data-testid="exam-start"
        >
          {open ? t('exam.resume') : submitted.length ? t('exam.startAgain') : t('exam.start')}
        </Button>
        {open && open.deadlineAt ? (
          <p className="sf-exam-intro__hint" data-testid="exam-open-left">
            {t('exam.resumeHint', { time: formatCountdown(remainingMs(open.deadlineAt, clockOffset((exam as { serverNow?: string }).serverNow ?? '', dataUpdatedAt), Date.now()) ?? 0) })}
          </p>
        ) : null}
        {canStart && left !== null && !open ? <p className="sf-exam-intro__hint">{t('exam.attemptsLeft', { count: left })}</p> : null}
      </div>
      {dialog}
    </div>
  );
}
