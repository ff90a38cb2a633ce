// The staff survey API's shapes (docs/API.md "Surveys (issue 16 …)", Staff).
export type QuestionKind = 'single' | 'multiple' | 'short_text' | 'long_text' | 'rating' | 'nps';
export type AnswerValue = number | number[] | string;
export type Answers = Record<string, AnswerValue>;

export interface SurveyQuestion {
  id: string;
  kind: QuestionKind;
  text: string;
  help: string | null;
  required: boolean;
  options: string[];
  maxChoices: number | null;
}

export interface Survey {
  id: string;
  title: string;
  description: string | null;
  anonymous: boolean;
  /** Points paid once on submitting (0 = none). */
  points?: number;
  endAt: string | null;
  submitted: boolean;
  sections: { id: string; title: string; description: string; questions: SurveyQuestion[] }[];
  draft: { answers: Answers } | null;
}

export interface SurveyListItem {
  id: string;
  title: string;
  description: string | null;
  anonymous: boolean;
  endAt: string | null;
  questionsCount: number;
  submitted: boolean;
  started: boolean;
}

/** What the back office reads of one question's answers (a survey's results, a pulse's period): the scores
 *  its kind has (rating: average and CSAT; NPS: the score and its three groups; text: the answers). */
export interface AnswerScores {
  average?: number | null;
  csat?: number | null;
  nps?: number | null;
  promoters?: number;
  passives?: number;
  detractors?: number;
  texts?: string[];
}
