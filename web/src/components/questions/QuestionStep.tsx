// One question as staff see it (one per screen): progress, "question n of total", the question with its
// required mark and help, and its input. The survey page uses it, and so does the builder's preview in the
// back office (admin/surveys/SurveyPreview), so the preview is the real thing; no antd-mobile (see
// QuestionInput). The pulse page draws its own step around the same QuestionBody.
import { useTranslation } from 'react-i18next';
import { QuestionInput } from './QuestionInput';
import type { AnswerValue, SurveyQuestion } from '../../lib/surveys/types';

/** The question itself: its text with the required mark, its help and its input. `heading` is the level its
 *  page gives it (the pulse page has no other h1). */
export function QuestionBody({ q, value, onChange, heading: Heading = 'h2' }: { q: SurveyQuestion; value: AnswerValue | undefined; onChange: (v: AnswerValue) => void; heading?: 'h1' | 'h2' }) {
  const { t } = useTranslation();
  return (
    <>
      <Heading className="sf-survey-step__question">
        {q.text}
        {q.required ? <span className="sf-survey-step__required" aria-label={t('surveys.required')}> *</span> : null}
      </Heading>
      {q.help ? <p className="sf-survey-step__help">{q.help}</p> : null}
      <QuestionInput q={q} value={value} onChange={onChange} />
    </>
  );
}

export function QuestionStep({
  q,
  at,
  total,
  section,
  anonymous,
  value,
  onChange,
}: {
  q: SurveyQuestion;
  /** 0-based position of the question among all the survey's questions. */
  at: number;
  total: number;
  section: string;
  anonymous: boolean;
  value: AnswerValue | undefined;
  onChange: (v: AnswerValue) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="sf-card sf-survey-step" data-testid="survey-step" data-step={at + 1} data-question-id={q.id} data-kind={q.kind}>
      <div className="sf-survey-progress" aria-hidden="true">
        <span style={{ width: `${Math.round(((at + 1) * 100) / total)}%` }} />
      </div>
      <p className="sf-survey-step__count" aria-live="polite">
        {t('surveys.stepOf', { n: at + 1, total })}
        {section ? ` · ${section}` : ''}
        {anonymous ? ` · ${t('surveys.anonymous')}` : ''}
      </p>
      <QuestionBody q={q} value={value} onChange={onChange} />
    </div>
  );
}
