// Games (/club/games, its own lazy chunk): what is open to me with my best score and rank; a game's page with
// its leaderboard (today, this week, all time) and the Play button; the play screen (quiz or matching board).
import './i18n';
import './games.css';
import { Button, Skeleton, Tabs } from 'antd-mobile';
import { StarOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { Image } from '../../lib/image';
import { notify } from '../../lib/toast';
import { ClubHeader } from '../../components/ClubParts';
import { formatDate, formatNumber } from '../../lib/format';
import { gameErrorText, startPlay, useGame, useGames, useLeaderboard, usePlay } from './api';
import { MatchingPlay } from './MatchingPlay';
import { QuizPlay } from './QuizPlay';
import type { GameCard, Period, Play } from './types';
import { ListStates } from '../../components/ListStates';

function Cover({ game }: { game: GameCard }) {
  if (game.cover?.url && game.cover.kind === 'image')
    return <Image src={game.cover.url} alt="" sizes="96px" width={game.cover.width ?? undefined} height={game.cover.height ?? undefined} fit="cover" />;
  return <span className={`sf-game-cover__glyph is-${game.kind}`} aria-hidden="true">{game.kind === 'quiz' ? '?' : '⇄'}</span>;
}

function Meta({ game }: { game: GameCard }) {
  const { t } = useTranslation();
  return (
    <span className="sf-game-card__meta">
      <span className={`sf-game-tag is-${game.kind}`}>{t(`games.kind.${game.kind}`)}</span>
      <span data-testid="game-best">{game.best !== null ? t('games.best', { score: formatNumber(game.best) }) : t('games.noBest')}</span>
      {game.rank !== null ? <span data-testid="game-rank">{t('games.rank', { rank: game.rank })}</span> : null}
    </span>
  );
}

export function GamesPage() {
  const { t } = useTranslation();
  const list = useGames();
  const { data } = list;
  return (
    <div className="sf-page sf-club-page sf-games-page">
      <ClubHeader title={t('games.title')} subtitle={t('games.subtitle')} />
      <Link to="/club/games/live" className="sf-card sf-game-card" data-testid="live-join-link">
        <span className="sf-game-card__body"><span className="sf-game-card__title">{t('games.joinLive')}</span><span>{t('games.joinLiveBody')}</span></span>
      </Link>
      <ListStates
        query={list}
        items={data?.items}
        errorText={t('games.loadError')}
        retryText={t('games.retry')}
        empty={<EmptyState icon={<StarOutline />} title={t('games.empty')} body={t('games.emptyBody')} />}
      >
        {(items) => (
          <ul className="sf-game-list">
            {items.map((g) => (
              <li key={g.id}>
                <Link to={`/club/games/${g.id}`} className="sf-card sf-game-card" data-testid="game-card" data-game-id={g.id}>
                  <span className="sf-game-cover"><Cover game={g} /></span>
                  <span className="sf-game-card__body">
                    <span className="sf-game-card__title">{g.title}</span>
                    <Meta game={g} />
                    <span className="sf-game-card__left">{g.attemptsLeft > 0 ? t('games.attemptsLeft', { count: g.attemptsLeft }) : t('games.noAttempts')}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
    </div>
  );
}

function Board({ gameId }: { gameId: string }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>('today');
  const { data, isLoading } = useLeaderboard(gameId, period);
  return (
    <section className="sf-card sf-game-board" aria-label={t('games.leaderboard')} data-testid="game-leaderboard">
      <h2 className="sf-game-section-title">{t('games.leaderboard')}</h2>
      <Tabs activeKey={period} onChange={(k) => setPeriod(k as Period)}>
        {(['today', 'week', 'all'] as const).map((p) => <Tabs.Tab key={p} title={t(`games.period.${p}`)} />)}
      </Tabs>
      {isLoading ? (
        <Skeleton.Paragraph lineCount={4} animated />
      ) : data?.items.length ? (
        <ol className="sf-game-ranks">
          {data.items.map((r) => (
            <li key={r.userId} className={`sf-game-rank ${data.me && r.score === data.me.score && r.rank === data.me.rank ? 'is-me' : ''}`} data-testid="game-rank-row">
              <span className="sf-game-rank__n">{r.rank}</span>
              <span className="sf-game-rank__name">{r.name}{r.store ? <small>{r.store}</small> : null}</span>
              <span className="sf-game-rank__score">{formatNumber(r.score)}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="sf-game-muted">{t('games.noScores')}</p>
      )}
      {data?.me ? <p className="sf-game-me" data-testid="game-my-rank">{t('games.you')}: {t('games.rank', { rank: data.me.rank })} · {formatNumber(data.me.score)}</p> : null}
    </section>
  );
}

export function GamePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isLoading, isError } = useGame(id);
  const [starting, setStarting] = useState(false);
  const play = async () => {
    setStarting(true);
    try {
      const { play } = await startPlay(id);
      navigate(`/club/games/play/${play.id}`, { state: { play } });
    } catch (e) {
      notify.error(gameErrorText(t, e), 'game-start');
      setStarting(false);
    }
  };
  const g = data?.game;
  return (
    <div className="sf-page sf-club-page sf-games-page">
      <ClubHeader title={g?.title ?? t('games.title')} to="/club/games" backLabel={t('games.back')} />
      {isError ? (
        <EmptyState icon={<StarOutline />} title={t('games.empty')} />
      ) : isLoading || !g || !data ? (
        <div className="sf-card" aria-busy="true"><Skeleton.Paragraph lineCount={6} animated /></div>
      ) : (
        <>
          <section className="sf-card sf-game-hero">
            <span className="sf-game-cover is-large"><Cover game={g} /></span>
            <Meta game={g} />
            <p className="sf-game-muted">
              {g.attemptsLeft > 0 ? t('games.attemptsLeft', { count: g.attemptsLeft }) : t('games.noAttempts')}
              {g.endAt ? ` · ${t('games.endsAt', { date: formatDate(g.endAt, true) })}` : ''}
            </p>
            <p className="sf-game-muted" data-testid="game-points-today">{t('games.pointsToday', { n: formatNumber(data.pointsToday), cap: formatNumber(data.dailyCap) })}</p>
            <Button block color="primary" size="large" shape="rounded" disabled={g.attemptsLeft <= 0} loading={starting} loadingText={t('games.starting')} onClick={() => void play()} data-testid="game-play">
              {g.best !== null ? t('games.playAgain') : t('games.play')}
            </Button>
          </section>
          <Board gameId={g.id} />
        </>
      )}
    </div>
  );
}

export function PlayPage() {
  const { playId = '' } = useParams();
  const { t } = useTranslation();
  // Fresh from the Play button: the play as the start answered it (its first question's timer already runs).
  const fresh = (useLocation().state as { play?: Play } | null)?.play;
  const { data: fetched, isError } = usePlay(fresh?.id === playId ? '' : playId);
  const data = fresh?.id === playId ? { play: fresh } : fetched;
  if (isError) return <div className="sf-page"><EmptyState icon={<StarOutline />} title={t('games.error.generic')} /></div>;
  if (!data) return <div className="sf-page" aria-busy="true"><Skeleton.Paragraph lineCount={6} animated /></div>;
  return data.play.kind === 'quiz' ? <QuizPlay initial={data.play} /> : <MatchingPlay initial={data.play} />;
}
