// The daily drill's shapes (docs/API.md "Daily drill").
export interface DrillChoice {
  id: string;
  text: string;
}

export interface DrillQuestion {
  id: string;
  kind: 'single' | 'multiple' | 'truefalse';
  prompt: string;
  choices: DrillChoice[];
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

export interface DrillOutcome extends DrillProgress {
  questionId: string;
  correct: boolean;
  counted: boolean;
  rating: 1 | 2 | 3 | 4 | null;
  repeat: boolean;
  correctChoices: string[];
  explanation: string | null;
  pointsAwarded: number;
}
