// The staff games API's shapes (docs/API.md "Games").
import type { MediaSummary } from '../../lib/media';

export type GameKind = 'quiz' | 'matching';
export type Period = 'today' | 'week' | 'all';

export interface GameCard {
  id: string;
  title: string;
  kind: GameKind;
  cover: MediaSummary | null;
  endAt: string | null;
  attemptsPerDay: number;
  attemptsLeft: number;
  best: number | null;
  rank: number | null;
  players: number;
}

export interface Choice {
  id: string;
  text: string;
}

export interface Round {
  id: string;
  index: number;
  kind: 'single' | 'multiple' | 'truefalse';
  prompt: string;
  image: MediaSummary | null;
  choices: Choice[];
  timerSeconds: number;
  pointsPossible: number;
  issuedAt: string;
  deadlineAt: string;
}

export interface Outcome {
  roundId: string;
  correct: boolean;
  late: boolean;
  responseMs: number | null;
  points: number;
  bonus: number;
  streak: number;
  correctIds: string[];
  explanation: string | null;
}

export interface AnswerReview extends Outcome {
  index: number;
  kind: Round['kind'];
  prompt: string;
  choices: Choice[];
  myIds: string[];
}

export interface Card {
  id: string;
  text: string;
  image: MediaSummary | null;
}

export interface Play {
  id: string;
  gameId: string;
  kind: GameKind;
  status: 'playing' | 'finished';
  score: number;
  startedAt: string;
  finishedAt: string | null;
  questionCount?: number;
  answered?: number;
  streak?: number;
  round: Round | null;
  board: { cards: Card[]; pairs: number; found: [string, string][]; moves: number; startedAt: string } | null;
  result: {
    score: number;
    points: number;
    capped: boolean;
    rank: number;
    correctCount?: number;
    questionCount?: number;
    answers?: AnswerReview[];
    moves?: number;
    seconds?: number;
  } | null;
}

export interface Leaderboard {
  period: Period;
  items: { rank: number; userId: string; name: string; store: string | null; score: number }[];
  me: { rank: number; score: number } | null;
}
