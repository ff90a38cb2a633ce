// One survey (/club/surveys/:id, its own lazy chunk): one question per screen with a progress bar. Every step
// saves the draft (PUT …/draft), so leaving half way and opening it on another device resumes at the first
// unanswered question; the last step submits (POST …/responses) and the page thanks the person and offers
// the way on: the next survey waiting for them, all surveys, home.
import '../../components/questions/i18n';
import '../../components/questions/questions.css';
import { Button, Skeleton } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { ClubHeader } from '../../components/ClubParts';
import { ButtonLink } from '../../components/ButtonLink';
import { QuestionStep } from '../../components/questions/QuestionStep';
import { canGoOn, resumeAt, stepsOf } from '../../lib/surveys/logic';
import { useDraftSaver, useSubmit, useSurvey, useSurveys } from './api';
import type { AnswerValue, Answers } from '../../lib/surveys/types';

/** After the thank-you: the next survey that waits for me (if any), all surveys, home. */
function WayOn({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation();
  const { data } = useSurveys();
  const next = data?.items.find((s) => !s.submitted && s.id !== surveyId);
  return (
    <nav className="sf-survey-done__actions" aria-label={t('surveys.wayOn')}>
      {next ? (
        <ButtonLink to={`/club/surveys/${encodeURIComponent(next.id)}`} color="primary" fill="solid" size="large" block testId="survey-next-survey">
          {t('surveys.nextSurvey', { title: next.title })}
        </ButtonLink>
      ) : null}
      <ButtonLink to="/club/surveys" size="large" block testId="survey-all">{t('surveys.allSurveys')}</ButtonLink>
      <ButtonLink to="/main" fill="none" block testId="survey-home">{t('common.backHome')}</ButtonLink>
    </nav>
  );
}

export function SurveyPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const { data, isLoading, isError, error, refetch } = useSurvey(id);
  const survey = data?.survey;
  const steps = useMemo(() => (survey ? stepsOf(survey) : []), [survey]);
  const [answers, setAnswers] = useState<Answers | null>(null);
  const [at, setAt] = useState(0);
  const drafts = useDraftSaver(id);
  const [waiting, setWaiting] = useState(false); // for the draft saves before the submit
  const submit = useSubmit(id);

  // The draft once loaded: answers and the step to resume at.
  useEffect(() => {
    if (!survey || answers) return;
    const start = survey.draft?.answers ?? {};
    setAnswers(start);
    setAt(resumeAt(stepsOf(survey), start));
  }, [survey, answers]);

  const back = <ClubHeader title={survey?.title ?? t('surveys.title')} to="/club/surveys" backLabel={t('surveys.title')} />;
  if (isError) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <div className="sf-page sf-club-page sf-survey-page">
        {back}
        <div className="sf-card sf-card--error" role="alert">
          {t(missing ? 'surveys.missing' : 'surveys.loadError')}
          {missing ? null : <button type="button" className="sf-link-button" onClick={() => void refetch()}>{t('common.retry')}</button>}
        </div>
      </div>
    );
  }
  if (isLoading || !survey || !answers) {
    return (
      <div className="sf-page sf-club-page sf-survey-page">
        {back}
        <div className="sf-card" aria-busy="true"><Skeleton.Paragraph lineCount={6} animated /></div>
      </div>
    );
  }
  if (survey.submitted) {
    return (
      <div className="sf-page sf-club-page sf-survey-page">
        {back}
        <div className="sf-card sf-survey-done" data-testid="survey-done">
          <CheckCircleFill className="sf-survey-done__icon" aria-hidden="true" />
          <h2>{t('surveys.thanks')}</h2>
          <p>{t(survey.anonymous ? 'surveys.thanksAnonymous' : 'surveys.thanksNamed')}</p>
          {survey.points ? <p className="sf-survey-points" data-testid="survey-points">{t('surveys.pointsEarned', { n: survey.points })}</p> : null}
        </div>
        <WayOn surveyId={survey.id} />
      </div>
    );
  }
  const step = steps[Math.min(at, steps.length - 1)];
  if (!step) return <div className="sf-page sf-club-page sf-survey-page">{back}<div className="sf-card">{t('surveys.noQuestions')}</div></div>;

  const q = step.question;
  const last = at >= steps.length - 1;
  const value = answers[q.id];
  const setValue = (v: AnswerValue) => setAnswers({ ...answers, [q.id]: v });
  const fail = (e: unknown) => notify.error(e instanceof ApiError && e.message ? e.message : t('surveys.saveError'), `survey-${id}`);
  const next = () => {
    if (last) {
      if (waiting || submit.isPending) return;
      setWaiting(true);
      void drafts.settled().then(() => submit.mutate(answers, { onError: fail, onSettled: () => setWaiting(false) }));
      return;
    }
    drafts.save(answers, fail);
    setAt(at + 1);
  };

  return (
    <div className="sf-page sf-club-page sf-survey-page">
      {back}
      {survey.points && at === 0 ? <p className="sf-survey-points" data-testid="survey-points">{t('surveys.pointsOnSubmit', { n: survey.points })}</p> : null}
      <QuestionStep q={q} at={at} total={steps.length} section={step.section} anonymous={survey.anonymous} value={value} onChange={setValue} />
      <div className="sf-survey-nav">
        <Button disabled={at === 0} onClick={() => setAt(at - 1)} data-testid="survey-back">{t('surveys.back')}</Button>
        <Button color="primary" disabled={!canGoOn(q, value)} loading={waiting || submit.isPending} onClick={next} data-testid={last ? 'survey-submit' : 'survey-next'}>
          {last ? t('surveys.submit') : t('surveys.next')}
        </Button>
      </div>
    </div>
  );
}

export default SurveyPage;
