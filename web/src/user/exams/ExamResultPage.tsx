// Exam result (/learning/exam/:id/result/:attemptId): score ring, pass or fail, points, completed courses,
// then every question with your answer, right or wrong, and the correct one and the explanation when the
// exam's "show correct answers" setting allows (else a line says when they will be shown).
import { Button, NavBar, ProgressCircle, Skeleton } from 'antd-mobile';
import { CheckCircleFill, CheckOutline, CloseCircleFill, CloseOutline, InformationCircleOutline, StarFill, TeamOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ApiError } from '../../lib/api';
import { choiceText } from '../../lib/choices';
import { notify } from '../../lib/toast';
import { formatDate, formatNumber } from '../../lib/format';
import type { Attempt, ExamReviewItem } from '../../lib/learning/types';
import { attemptKey, examKey, startAttempt, useAttempt, useExam, type ResultState } from './api';
import { answersLaterKey, attemptsLeft } from './logic';
import { courseParam, examPaths } from './nav';
import './exams.css';

function ReviewItem({ index, question, item }: { index: number; question: Attempt['questions'][number]; item: ExamReviewItem | undefined }) {
  const { t } = useTranslation();
  const selected = new Set(item?.selected ?? []);
  const shown = !!item?.correct; // hidden by the exam's setting: only right or wrong per question
  const correct = new Set(item?.correct ?? []);
  const ok = item?.isCorrect ?? false;
  return (
    <li className={`sf-review ${ok ? 'is-correct' : 'is-wrong'}`} data-testid={`review-${question.id}`} data-correct={ok}>
      <div className="sf-review__head">
        <span className="sf-review__number">{index + 1}</span>
        <span className={`sf-review__verdict ${ok ? 'is-pass' : 'is-fail'}`}>
          {ok ? <CheckCircleFill aria-hidden="true" /> : <CloseCircleFill aria-hidden="true" />} {ok ? t('exam.correct') : selected.size ? t('exam.incorrect') : t('exam.notAnswered')}
        </span>
      </div>
      <p className="sf-review__prompt">{question.prompt}</p>
      <ul className="sf-review__choices">
        {question.choices.map((c) => {
          const isRight = correct.has(c.id);
          const isMine = selected.has(c.id);
          const cls = isRight ? 'is-right' : isMine ? (shown ? 'is-mine-wrong' : 'is-mine') : '';
          return (
            <li key={c.id} className={`sf-review__choice ${cls}`}>
              <span className="sf-review__mark" aria-hidden="true">
                {isRight ? <CheckOutline /> : isMine && shown ? <CloseOutline /> : null}
              </span>
              <span className="sf-review__text">{choiceText(question.kind, c, t)}</span>
              <span className="sf-review__tags">
                {isMine ? <span className="sf-review__tag">{t('exam.yourAnswer')}</span> : null}
                {isRight ? <span className="sf-review__tag is-right">{t('exam.correctAnswer')}</span> : null}
              </span>
            </li>
          );
        })}
      </ul>
      {item?.explanation ? (
        <div className="sf-review__explanation">
          <InformationCircleOutline aria-hidden="true" />
          <p><strong>{t('exam.explanation')}</strong> {item.explanation}</p>
        </div>
      ) : null}
    </li>
  );
}

export function ExamResultPage() {
  const { id: examId = '', attemptId = '' } = useParams();
  const [search] = useSearchParams();
  const course = courseParam(search);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const state = (useLocation().state ?? null) as ResultState | null;
  const { data: attempt, error, isLoading } = useAttempt(attemptId);
  const { data: exam } = useExam(examId);
  const [starting, setStarting] = useState(false);

  const back = () => navigate(examPaths.back(course));
  const nav = <NavBar className="sf-navbar" onBack={() => navigate(examPaths.intro(examId, course))} back={t('exam.backToExam')} />;

  if (error)
    return (
      <div className="sf-page">
        {nav}
        {error instanceof ApiError && error.status === 404 ? (
          <EmptyState icon={<CloseOutline />} title={t('exam.attemptNotFoundTitle')} body={t('exam.attemptNotFoundBody')} />
        ) : (
          <div className="sf-card sf-card--error" role="alert">{t('exam.loadError')}</div>
        )}
      </div>
    );

  if (isLoading || !attempt)
    return (
      <div className="sf-page" aria-busy="true">
        {nav}
        <Skeleton animated className="sf-exam-skeleton--ring" />
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );

  if (!attempt.submittedAt)
    return (
      <div className="sf-page">
        {nav}
        <EmptyState
          icon={<InformationCircleOutline />}
          title={t('exam.notSubmittedTitle')}
          action={<Link className="sf-link-button" to={examPaths.attempt(examId, attemptId, course)}>{t('exam.resume')}</Link>}
        />
      </div>
    );

  const percent = attempt.percent ?? 0;
  const passed = !!attempt.passed;
  const left = exam ? attemptsLeft(exam.maxAttempts, exam.attemptsUsed) : 0;
  const canRetry = !!exam && (exam.openAttempt !== null || left === null || left > 0);
  const review = attempt.review ?? [];
  const byQuestion = new Map(review.map((r) => [r.questionId, r]));

  const retry = async () => {
    setStarting(true);
    try {
      const { attempt: next } = await startAttempt(examId);
      client.setQueryData(attemptKey(next.id), next);
      void client.invalidateQueries({ queryKey: examKey(examId) });
      navigate(examPaths.attempt(examId, next.id, course));
    } catch (e) {
      if (e instanceof ApiError && e.code === 'MAX_ATTEMPTS') notify.error(t('exam.maxAttemptsBody'));
      else if (e instanceof ApiError && !e.isNetwork) notify.error(t('exam.startError'));
      void client.invalidateQueries({ queryKey: examKey(examId) });
    } finally {
      setStarting(false);
    }
  };

  return (
    <div className="sf-page sf-exam-result">
      {nav}
      <section className={`sf-result-hero ${passed ? 'is-pass' : 'is-fail'}`} aria-labelledby="result-title">
        <ProgressCircle
          percent={percent}
          className="sf-result-ring"
          style={{ '--size': '148px', '--track-width': '12px', '--fill-color': passed ? 'var(--sf-color-success)' : 'var(--sf-color-danger)', '--track-color': 'rgba(255,255,255,0.9)' }}
        >
          <span className="sf-result-ring__value" data-testid="result-percent" data-percent={percent}>{percent}%</span>
          <span className="sf-result-ring__label">{t('exam.yourScore')}</span>
        </ProgressCircle>
        <h1 id="result-title" className="sf-result-hero__verdict" data-testid="result-passed" data-passed={passed}>
          {passed ? <CheckCircleFill aria-hidden="true" /> : <CloseCircleFill aria-hidden="true" />} {passed ? t('exam.resultPassed') : t('exam.resultFailed')}
        </h1>
        <p className="sf-result-hero__sub">
          {passed ? t('exam.passedBody') : t(attempt.answersShown === false ? 'exam.failedBodyHidden' : 'exam.failedBody', { percent: exam?.passPercent ?? 0 })}
        </p>
        <dl className="sf-result-stats">
          <div>
            <dt>{t('exam.score')}</dt>
            <dd data-testid="result-score">{attempt.score ?? 0}/{attempt.maxScore ?? 0}</dd>
          </div>
          <div>
            <dt>{t('exam.passMark')}</dt>
            <dd>{exam ? `${exam.passPercent}%` : '–'}</dd>
          </div>
          <div>
            <dt>{t('exam.attempt')}</dt>
            <dd>{exam?.maxAttempts ? `${attempt.number}/${exam.maxAttempts}` : attempt.number}</dd>
          </div>
        </dl>
      </section>

      <h2 className="sf-visually-hidden">{exam?.title}</h2>
      {exam ? <p className="sf-result-exam-title">{exam.title} · {formatDate(attempt.submittedAt, true)}</p> : null}

      {attempt.autoSubmitted ? (
        <p className="sf-result-note" role="note">
          <InformationCircleOutline aria-hidden="true" /> {t('exam.autoSubmittedNote')}
        </p>
      ) : null}

      {state && state.pointsAwarded > 0 ? (
        <div className="sf-result-reward" data-testid="result-points" data-points={state.pointsAwarded}>
          <span className="sf-result-reward__icon" aria-hidden="true"><StarFill /></span>
          <span className="sf-result-reward__text">
            <strong>{t('exam.pointsEarned', { count: state.pointsAwarded })}</strong>
            <span>{t('exam.newBalance', { balance: formatNumber(state.balance) })}</span>
          </span>
        </div>
      ) : null}

      {state?.completedCourses.length
        ? state.completedCourses.map((c) => (
            <Link key={c.id} to={`/learning/course/${encodeURIComponent(c.id)}`} className="sf-result-course" data-testid="result-course">
              <span className="sf-result-reward__icon is-course" aria-hidden="true"><TeamOutline /></span>
              <span className="sf-result-reward__text">
                <strong>{t('exam.courseCompleted')}</strong>
                <span>{c.title}{c.pointsAwarded > 0 ? ` · ${t('exam.pointsShort', { count: c.pointsAwarded })}` : ''}</span>
              </span>
            </Link>
          ))
        : null}

      <div className="sf-result-actions">
        {canRetry ? (
          <Button block size="large" color={passed ? 'default' : 'primary'} fill={passed ? 'outline' : 'solid'} loading={starting} onClick={() => void retry()} data-testid="result-retry">
            {exam?.openAttempt ? t('exam.resume') : t('exam.retry')}
          </Button>
        ) : null}
        <Button block size="large" color={passed || !canRetry ? 'primary' : 'default'} fill={passed || !canRetry ? 'solid' : 'outline'} onClick={back} data-testid="result-back">
          {course ? t('exam.backToCourse') : t('exam.backToLearning')}
        </Button>
        {!canRetry && exam && !passed ? <p className="sf-exam-intro__hint">{t('exam.noAttemptsLeft')}</p> : null}
      </div>

      {review.length ? (
        <section aria-labelledby="review-title">
          <h2 id="review-title" className="sf-section-title sf-section-title--outside">
            {t('exam.reviewTitle')} <span className="sf-section-title__count">{t('exam.reviewCount', { n: review.filter((r) => r.isCorrect).length, total: attempt.questions.length })}</span>
          </h2>
          {attempt.answersShown === false ? (
            <p className="sf-result-note" role="note" data-testid="review-answers-later">
              <InformationCircleOutline aria-hidden="true" /> {t(answersLaterKey(attempt.showAnswers ?? exam?.showAnswers, exam?.maxAttempts))}
            </p>
          ) : null}
          <ol className="sf-review-list">
            {attempt.questions.map((q, i) => (
              <ReviewItem key={q.id} index={i} question={q} item={byQuestion.get(q.id)} />
            ))}
          </ol>
        </section>
      ) : (
        <p className="sf-result-note">{t('exam.noReview')}</p>
      )}
    </div>
  );
}
