// The big coloured answer buttons of a quiz question, solo (QuizPlay) and live (LivePlayer): one tap answers a
// single-answer question; a pick-many question toggles choices and sends them with the submit button.
import { Button } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { choiceText, type ChoiceLike } from '../../lib/choices';
import { answerStyle, togglePick } from '../../lib/games/logic';

/** `testId` names the answer buttons for the e2e tests (quiz-answer, live-answer); `hint` and `submit` are
 *  each screen's own wording; `checkMarks` ticks the picked choices (the solo quiz shows them, live does not). */
export function AnswerGrid({ kind, choices, busy, onAnswer, testId, submitTestId, hint, submit, checkMarks = false }: {
  kind: string;
  choices: ChoiceLike[];
  busy: boolean;
  onAnswer: (ids: string[]) => void;
  testId: string;
  submitTestId?: string;
  hint: string;
  submit: string;
  checkMarks?: boolean;
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string[]>([]);
  const multiple = kind === 'multiple';
  return (
    <>
      {multiple ? <p className="sf-quiz__hint">{hint}</p> : null}
      <div className={`sf-quiz-answers ${choices.length <= 2 ? 'is-two' : ''}`}>
        {choices.map((c, i) => {
          const style = answerStyle(i);
          const on = picked.includes(c.id);
          return (
            <button
              key={c.id}
              type="button"
              className={`sf-quiz-answer ${on ? 'is-on' : ''}`}
              style={{ background: style.color }}
              disabled={busy}
              aria-pressed={multiple ? on : undefined}
              data-testid={testId}
              data-choice-id={c.id}
              onClick={() => (multiple ? setPicked(togglePick(picked, c.id)) : onAnswer([c.id]))}
            >
              <span className="sf-quiz-answer__shape" aria-hidden="true">{style.shape}</span>
              <span className="sf-quiz-answer__text">{choiceText(kind, c, t)}</span>
              {checkMarks && multiple && on ? <CheckCircleFill className="sf-quiz-answer__check" aria-hidden="true" /> : null}
            </button>
          );
        })}
      </div>
      {multiple ? (
        <Button block color="primary" size="large" shape="rounded" disabled={!picked.length || busy} loading={busy} onClick={() => onAnswer(picked)} data-testid={submitTestId}>
          {submit}
        </Button>
      ) : null}
    </>
  );
}
