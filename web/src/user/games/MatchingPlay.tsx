// A matching board on the phone: every card face up (text, or a picture and text), tap two that belong
// together; the server says whether they match (the board carries no pair information), counts the moves and
// the time, and scores the board when the last pair is found. A matched pair flips to its done side; a miss
// shakes and turns back.
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Image } from '../../lib/image';
import { notify } from '../../lib/toast';
import { formatNumber } from '../../lib/format';
import { clock, foundIds } from '../../lib/games/logic';
import { gameErrorText, tryPair } from './api';
import type { Play } from './types';

export function MatchingPlay({ initial }: { initial: Play }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [play, setPlay] = useState(initial);
  const [first, setFirst] = useState<string | null>(null);
  const [miss, setMiss] = useState<[string, string] | null>(null);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const board = play.board;
  const finished = play.status === 'finished';
  useEffect(() => {
    if (finished) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [finished]);
  if (!board) return null;
  const found = foundIds(board.found);
  const started = Date.parse(board.startedAt);
  const elapsed = finished && play.finishedAt ? Date.parse(play.finishedAt) - started : now - started;

  const tap = async (id: string) => {
    if (busy || finished || found.has(id)) return;
    if (!first) return setFirst(id);
    if (first === id) return setFirst(null);
    const pair: [string, string] = [first, id];
    setBusy(true);
    try {
      const r = await tryPair(play.id, pair);
      setPlay(r.play);
      if (!r.match) {
        setMiss(pair);
        window.setTimeout(() => setMiss(null), 700);
      }
    } catch (e) {
      notify.error(gameErrorText(t, e), 'matching');
    } finally {
      setFirst(null);
      setBusy(false);
    }
  };

  return (
    <div className="sf-page sf-game-play" data-testid="matching-play">
      <div className="sf-match__stats">
        <span data-testid="matching-moves">{t('games.moves', { n: board.moves })}</span>
        <span>{t('games.pairsFound', { n: board.found.length, total: board.pairs })}</span>
        <span>{t('games.time', { t: clock(elapsed) })}</span>
      </div>
      {!finished ? <p className="sf-game-muted sf-match__hint">{t('games.matchHint')}</p> : null}
      <div className={`sf-match-board ${board.cards.length > 16 ? 'is-dense' : ''}`}>
        {board.cards.map((c) => {
          const state = found.has(c.id) ? 'is-found' : miss?.includes(c.id) ? 'is-miss' : first === c.id ? 'is-picked' : '';
          return (
            <button
              key={c.id}
              type="button"
              className={`sf-match-card ${state}`}
              onClick={() => void tap(c.id)}
              disabled={found.has(c.id) || finished}
              aria-pressed={first === c.id}
              data-testid="matching-card"
              data-card-text={c.text}
            >
              <span className="sf-match-card__inner">
                {c.image?.url ? <Image src={c.image.url} alt="" sizes="80px" fit="cover" /> : null}
                <span className="sf-match-card__text">{c.text}</span>
              </span>
            </button>
          );
        })}
      </div>
      {finished && play.result ? (
        <div className="sf-quiz-result is-board" data-testid="game-result">
          <p className="sf-quiz-result__label">{t('games.boardDone')}</p>
          <p className="sf-quiz-result__score" data-testid="game-score">{formatNumber(play.result.score)}</p>
          <p>{t('games.moves', { n: play.result.moves })} · {t('games.time', { t: clock((play.result.seconds ?? 0) * 1000) })}</p>
          <p className="sf-quiz-result__points" data-testid="game-points">{play.result.points > 0 ? t('games.earned', { n: formatNumber(play.result.points) }) : t('games.noPoints')}</p>
          {play.result.capped ? <p className="sf-game-muted">{t('games.capped')}</p> : null}
          <p className="sf-quiz-result__rank" data-testid="game-result-rank">{t('games.rankIn', { rank: play.result.rank })}</p>
          <Button block size="large" shape="rounded" onClick={() => navigate(`/club/games/${play.gameId}`)} data-testid="game-back">{t('games.back')}</Button>
        </div>
      ) : null}
    </div>
  );
}
