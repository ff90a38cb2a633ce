// One question's input, big enough to tap on a phone: options as rows, 1-5 as five buttons, 0-10 as eleven,
// texts as a field. Plain elements on purpose (no antd-mobile): the back office's preview shows this very
// component, and sharing antd-mobile between the two apps' lazy chunks would pull it into the staff app's
// first chunk.
import { useTranslation } from 'react-i18next';
import { togglePick } from '../../lib/surveys/logic';
import type { AnswerValue, SurveyQuestion } from '../../lib/surveys/types';
import { ScaleInput } from './ScaleInput';

export function QuestionInput({ q, value, onChange }: { q: SurveyQuestion; value: AnswerValue | undefined; onChange: (v: AnswerValue) => void }) {
  const { t } = useTranslation();
  if (q.kind === 'single' || q.kind === 'multiple') {
    const multiple = q.kind === 'multiple';
    const picked = multiple ? (Array.isArray(value) ? value : []) : typeof value === 'number' ? [value] : [];
    const max = q.maxChoices ?? q.options.length;
    return (
      <div className="sf-survey-options" role={multiple ? 'group' : 'radiogroup'} aria-label={q.text}>
        {multiple ? <p className="sf-survey-step__how">{t('surveys.pickUpTo', { count: max })}</p> : null}
        {q.options.map((o, i) => {
          const on = picked.includes(i);
          return (
            <button
              key={i}
              type="button"
              role={multiple ? 'checkbox' : 'radio'}
              aria-checked={on}
              className={`sf-survey-option ${on ? 'is-on' : ''}`}
              data-testid="survey-option"
              onClick={() => onChange(multiple ? togglePick(picked, i, max) : i)}
            >
              <span className={multiple ? 'sf-survey-option__box' : 'sf-survey-option__radio'} aria-hidden="true" />
              {o}
            </button>
          );
        })}
      </div>
    );
  }
  if (q.kind === 'rating' || q.kind === 'nps') {
    const rating = q.kind === 'rating';
    return (
      <ScaleInput
        from={rating ? 1 : 0}
        to={rating ? 5 : 10}
        label={q.text}
        value={typeof value === 'number' ? value : undefined}
        onChange={onChange}
        className={`is-${q.kind}`}
        ends={[t(rating ? 'surveys.ratingLow' : 'surveys.npsLow'), t(rating ? 'surveys.ratingHigh' : 'surveys.npsHigh')]}
      />
    );
  }
  const text = typeof value === 'string' ? value : '';
  return q.kind === 'short_text' ? (
    <input className="sf-survey-text" value={text} onChange={(e) => onChange(e.target.value)} maxLength={200} placeholder={t('surveys.typeHere')} aria-label={q.text} data-testid="survey-text" />
  ) : (
    <textarea className="sf-survey-text is-long" value={text} onChange={(e) => onChange(e.target.value)} maxLength={4000} rows={5} placeholder={t('surveys.typeHere')} aria-label={q.text} data-testid="survey-text" />
  );
}
