// The staff pulse API's shapes (docs/API.md "Pulse surveys (issue 16 …)", Staff).
import type { SurveyQuestion } from '../../lib/surveys/types';

export type Recurrence = 'weekly' | 'monthly';

export interface PulseItem {
  id: string;
  title: string;
  description: string | null;
  recurrence: Recurrence;
  anonymous: boolean;
  period: string;
  periodEndsAt: string;
  answered: boolean;
  questions: Omit<SurveyQuestion, 'maxChoices'>[];
}

export interface PulseUpdate {
  id: string;
  pulseId: string;
  pulseTitle: string;
  questionText: string;
  period: string | null;
  text: string;
  publishedAt: string;
}

export interface PulsesAnswer {
  items: PulseItem[];
  updates: PulseUpdate[];
}
