// The daily drill's shapes (docs/API.md "Daily drill").
export interface DrillChoice {
  id: string;
  text: string;
}

/** A matching question's answer: a left item's id to a right item's id (ids are positions: l1.., r1..). */
export interface DrillPair {
  left: string;
  right: string;
}

export interface DrillPicture {
  url: string;
  width?: number | null;
  height?: number | null;
}

export interface DrillQuestion {
  id: string;
  kind: 'single' | 'multiple' | 'truefalse' | 'match';
  prompt: string;
  choices: DrillChoice[];
  /** match only: the left side in order and the right side shuffled for this person. */
  left?: DrillChoice[];
  right?: DrillChoice[];
  /** A quiz question's picture (null when none). */
  image?: DrillPicture | null;
  /** The question's own time (the deadline already counts it). */
  seconds: number;
  position: number;
  shownAt: string;
  deadlineAt: string;
}

export interface DrillProgress {
  day: string;
  total: number;
  answered: number;
  right: number;
  finished: boolean;
  streak: number;
  questionSeconds: number;
}

export interface DrillToday extends DrillProgress {
  question: DrillQuestion | null;
}

/** A question fetched ahead for the offline drill: no clock started (docs/API.md "Offline"). */
export type DrillAheadQuestion = Omit<DrillQuestion, 'shownAt' | 'deadlineAt'>;

/** GET /api/drill/today/ahead: every question of the day not yet answered. */
export interface DrillAhead extends DrillProgress {
  questions: DrillAheadQuestion[];
}

/** An answer as sent: a choice question's choices, or a board's pairs. */
export interface DrillAnswer {
  questionId: string;
  choices?: string[];
  pairs?: DrillPair[];
}

export interface DrillOutcome extends DrillProgress {
  questionId: string;
  correct: boolean;
  counted: boolean;
  rating: 1 | 2 | 3 | 4 | null;
  repeat: boolean;
  correctChoices: string[];
  /** match only: the right pairs, sent with the answer's result. */
  correctPairs?: DrillPair[];
  explanation: string | null;
  pointsAwarded: number;
}
