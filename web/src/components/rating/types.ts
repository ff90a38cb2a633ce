// Shapes of docs/API.md "Satisfaction ratings", Staff.
export type RatedType = 'content' | 'course' | 'event';

export interface Rating {
  type: RatedType;
  itemId: string;
  stars: number;
  comment: string | null;
  updatedAt: string;
}

export interface MyRating {
  item: { type: RatedType; id: string; title: string };
  rateable: boolean;
  /** Completed, not rated, not put off: the page opens the sheet by itself. */
  asked: boolean;
  rating: Rating | null;
}

export const COMMENT_MAX = 2000;
