// Queries and writes of the staff game screens (docs/API.md "Games", Staff).
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api } from '../../lib/api';
import { errorText } from '../../lib/errorText';
import type { GameCard, Leaderboard, Outcome, Period, Play } from './types';

const enc = encodeURIComponent;

export const gamesKey = ['games'] as const;

export const useGames = () =>
  useQuery({ queryKey: gamesKey, queryFn: ({ signal }) => api<{ items: GameCard[] }>('/api/games', { signal }), staleTime: 0 });

export const useGame = (id: string) =>
  useQuery({
    queryKey: ['games', id],
    queryFn: ({ signal }) => api<{ game: GameCard; pointsToday: number; dailyCap: number }>(`/api/games/${enc(id)}`, { signal }),
    staleTime: 0,
  });

export const useLeaderboard = (id: string, period: Period) =>
  useQuery({
    queryKey: ['games', id, 'leaderboard', period],
    queryFn: ({ signal }) => api<Leaderboard>(`/api/games/${enc(id)}/leaderboard?period=${period}`, { signal }),
    staleTime: 0,
  });

export const usePlay = (playId: string) =>
  useQuery({ queryKey: ['game-play', playId], queryFn: ({ signal }) => api<{ play: Play }>(`/api/game-plays/${enc(playId)}`, { signal }), staleTime: Infinity, enabled: !!playId });

const post = <T,>(path: string, body: unknown = {}) => api<T>(path, { method: 'POST', body });

export const startPlay = (gameId: string) => post<{ play: Play }>(`/api/games/${enc(gameId)}/plays`);
export const answerRound = (playId: string, roundId: string, optionIds: string[]) =>
  post<{ outcome: Outcome; play: Play }>(`/api/game-plays/${enc(playId)}/answer`, { roundId, optionIds });
export const nextRound = (playId: string) => post<{ play: Play }>(`/api/game-plays/${enc(playId)}/next`);
export const finishPlay = (playId: string) => post<{ play: Play }>(`/api/game-plays/${enc(playId)}/finish`);
export const tryPair = (playId: string, cardIds: [string, string]) =>
  post<{ match: boolean; pair: [string, string] | null; play: Play }>(`/api/game-plays/${enc(playId)}/pair`, { cardIds });

/** An error in the UI language: the server's localised message, the network's, else a generic one. */
export const gameErrorText = (t: TFunction, error: unknown) =>
  errorText(t, error, { generic: 'games.error.generic', ownKey: (code) => (code === 'ATTEMPTS_USED' ? 'games.error.attempts' : null) });
