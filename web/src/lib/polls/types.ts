// Polls as the staff API returns them (docs/API.md "Polls (issue 13)", Staff).
import type { MediaSummary } from '../media';

export type PollChoice = 'single' | 'multiple';

export interface PollOption {
  id: string;
  text: string;
  image: MediaSummary | null;
}

export interface PollResultOption {
  id: string;
  text: string;
  image: MediaSummary | null;
  votes: number;
  /** Percent of ballots, one decimal (multiple choice: options can add up past 100). */
  percent: number;
}

export interface PollResults {
  /** Ballots cast. */
  total: number;
  options: PollResultOption[];
}

export interface Poll {
  id: string;
  title: string;
  description: string | null;
  image: MediaSummary | null;
  choice: PollChoice;
  maxChoices: number | null;
  endAt: string | null;
  open: boolean;
  options: PollOption[];
  myVote: string[] | null;
  results: PollResults | null;
}

export interface PollsAnswer {
  items: Poll[];
}
