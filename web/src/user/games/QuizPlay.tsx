// A solo quiz on the phone, Kahoot-style: one question at a time with a countdown bar and big coloured answer
// buttons; after each answer the server's verdict (points, streak bonus, the correct answer and why); at the
// end the score, the points earned, the rank and every answer with its explanation. The server times and
// scores everything; this screen only shows what it answered.
import { Button } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { choiceText } from '../../lib/choices';
import { Image } from '../../lib/image';
import { useNow } from '../../lib/useNow';
import { TimerBar } from '../../components/TimerBar';
import { notify } from '../../lib/toast';
import { formatNumber } from '../../lib/format';
import { choiceTexts, msLeft } from '../../lib/games/logic';
import { AnswerGrid } from './AnswerGrid';
import { answerRound, finishPlay, gameErrorText, nextRound } from './api';
import type { Outcome, Play, Round } from './types';

function Countdown({ round, receivedAt, onTimeUp }: { round: Round; receivedAt: number; onTimeUp: () => void }) {
  const { t } = useTranslation();
  const now = useNow(250);
  const fired = useRef(false);
  const left = msLeft(round.timerSeconds, receivedAt, now);
  useEffect(() => {
    if (left <= 0 && !fired.current) {
      fired.current = true;
      onTimeUp();
    }
  }, [left, onTimeUp]);
  return <TimerBar className="sf-quiz-countdown" leftMs={left} totalMs={round.timerSeconds * 1000} label={(n) => t('games.secondsLeft', { n })} />;
}

function Question({ play, round, receivedAt, busy, onAnswer, onTimeUp }: { play: Play; round: Round; receivedAt: number; busy: boolean; onAnswer: (ids: string[]) => void; onTimeUp: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="sf-quiz" data-testid="quiz-question" data-round-index={round.index}>
      <div className="sf-quiz__top">
        <span>{t('games.question', { n: round.index + 1, total: play.questionCount ?? 0 })}</span>
        <span className="sf-quiz__score">{t('games.score')} {formatNumber(play.score)}</span>
      </div>
      <Countdown round={round} receivedAt={receivedAt} onTimeUp={onTimeUp} />
      <h1 className="sf-quiz__prompt">{round.prompt}</h1>
      {round.image?.url ? (
        <div className="sf-quiz__image"><Image src={round.image.url} alt="" sizes="(max-width: 600px) 100vw, 560px" width={round.image.width ?? undefined} height={round.image.height ?? undefined} fit="contain" /></div>
      ) : null}
      <AnswerGrid kind={round.kind} choices={round.choices} busy={busy} onAnswer={onAnswer} testId="quiz-answer" submitTestId="quiz-submit" hint={t('games.pickMany')} submit={t('games.submit')} checkMarks />
    </div>
  );
}

function Verdict({ outcome, round, last, busy, onNext }: { outcome: Outcome | null; round: Round | null; last: boolean; busy: boolean; onNext: () => void }) {
  const { t } = useTranslation();
  const good = !!outcome?.correct && !outcome.late;
  return (
    <div className={`sf-quiz-verdict ${good ? 'is-good' : round || outcome ? 'is-bad' : 'is-neutral'}`} data-testid="quiz-verdict" data-correct={good ? 'true' : 'false'}>
      {round || outcome ? <div className="sf-quiz-verdict__icon" aria-hidden="true">{good ? <CheckCircleFill /> : <CloseCircleFill />}</div> : null}
      <h1 className="sf-quiz-verdict__title">{outcome ? (good ? t('games.correct') : t('games.wrong')) : round ? t('games.timeUp') : t('games.ready')}</h1>
      {outcome?.late ? <p>{t('games.late')}</p> : null}
      {outcome ? <p className="sf-quiz-verdict__points" data-testid="quiz-points">{t('games.pointsGained', { n: formatNumber(outcome.points) })}</p> : null}
      {outcome && outcome.bonus > 0 ? <p className="sf-quiz-verdict__bonus">{t('games.streakBonus', { streak: outcome.streak, n: formatNumber(outcome.bonus) })}</p> : null}
      {outcome && round ? <p className="sf-quiz-verdict__answer">{t('games.correctAnswer', { text: choiceTexts(round.choices, outcome.correctIds, (c) => choiceText(round.kind, c, t)) })}</p> : null}
      {outcome?.explanation ? <p className="sf-quiz-verdict__why">{outcome.explanation}</p> : null}
      <Button block size="large" shape="rounded" color="primary" loading={busy} onClick={onNext} data-testid="quiz-next">
        {last ? t('games.seeResult') : t('games.next')}
      </Button>
    </div>
  );
}

function Result({ play }: { play: Play }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const r = play.result;
  if (!r) return null;
  return (
    <div className="sf-quiz-result" data-testid="game-result">
      <p className="sf-quiz-result__label">{t('games.resultTitle')}</p>
      <p className="sf-quiz-result__score" data-testid="game-score">{formatNumber(r.score)}</p>
      {r.correctCount !== undefined ? <p>{t('games.correctCount', { n: r.correctCount, total: r.questionCount })}</p> : null}
      <p className="sf-quiz-result__points" data-testid="game-points">{r.points > 0 ? t('games.earned', { n: formatNumber(r.points) }) : t('games.noPoints')}</p>
      {r.capped ? <p className="sf-game-muted">{t('games.capped')}</p> : null}
      <p className="sf-quiz-result__rank" data-testid="game-result-rank">{t('games.rankIn', { rank: r.rank })}</p>
      {r.answers?.length ? (
        <section className="sf-quiz-review">
          <h2 className="sf-game-section-title">{t('games.answers')}</h2>
          <ol>
            {r.answers.map((a) => (
              <li key={a.roundId} className={a.correct && !a.late ? 'is-good' : 'is-bad'} data-testid="quiz-review">
                <p className="sf-quiz-review__prompt">{a.prompt}</p>
                <p>{t('games.correctAnswer', { text: choiceTexts(a.choices, a.correctIds, (c) => choiceText(a.kind, c, t)) })}</p>
                <p className="sf-game-muted">{a.myIds.length ? t('games.yourAnswer', { text: choiceTexts(a.choices, a.myIds, (c) => choiceText(a.kind, c, t)) }) : t('games.noAnswer')} · {t('games.pointsGained', { n: formatNumber(a.points + a.bonus) })}</p>
                {a.explanation ? <p className="sf-quiz-review__why">{a.explanation}</p> : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <Button block size="large" shape="rounded" onClick={() => navigate(`/club/games/${play.gameId}`)} data-testid="game-back">{t('games.back')}</Button>
    </div>
  );
}

export function QuizPlay({ initial }: { initial: Play }) {
  const { t } = useTranslation();
  const [play, setPlay] = useState(initial);
  const [receivedAt, setReceivedAt] = useState(() => Date.now());
  const [shown, setShown] = useState<Round | null>(initial.round);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [verdict, setVerdict] = useState(!initial.round && initial.status === 'playing' && (initial.answered ?? 0) > 0);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } catch (e) {
      notify.error(gameErrorText(t, e), 'quiz');
    } finally {
      setBusy(false);
    }
  };
  const answer = (ids: string[]) =>
    run(async () => {
      if (!shown) return;
      const r = await answerRound(play.id, shown.id, ids);
      setPlay(r.play);
      setOutcome(r.outcome);
      setVerdict(true);
    });
  const timeUp = () => {
    setOutcome(null);
    setVerdict(true);
  };
  const onward = () =>
    run(async () => {
      const done = shown ? shown.index + 1 >= (play.questionCount ?? 0) : (play.answered ?? 0) >= (play.questionCount ?? 0);
      const r = done ? await finishPlay(play.id) : await nextRound(play.id);
      setPlay(r.play);
      setShown(r.play.round);
      setReceivedAt(Date.now());
      setOutcome(null);
      setVerdict(false);
    });

  let body;
  if (play.status === 'finished') body = <Result play={play} />;
  else if (verdict || !shown) body = <Verdict outcome={outcome} round={shown} last={shown ? shown.index + 1 >= (play.questionCount ?? 0) : (play.answered ?? 0) >= (play.questionCount ?? 0)} busy={busy} onNext={() => void onward()} />;
  else body = <Question key={shown.id} play={play} round={shown} receivedAt={receivedAt} busy={busy} onAnswer={(ids) => void answer(ids)} onTimeUp={timeUp} />;
  return <div className="sf-page sf-game-play" data-testid="quiz-play">{body}</div>;
}
