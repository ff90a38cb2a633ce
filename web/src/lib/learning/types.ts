// The staff learning API's shapes (docs/LEARNING.md). One file, shared by the Learning tab, Home, exams
// and articles.
import type { MediaSummary } from '../media';

export type { MediaSummary };

export type ItemType = 'content' | 'course' | 'exam' | 'ebook' | 'article';
export type ContentKind = 'article' | 'video' | 'pdf' | 'images' | 'link';

export interface Card {
  type: ItemType;
  id: string;
  title: string;
  summary: string | null;
  kind?: ContentKind;
  cover: MediaSummary | null;
  category: { id: string; name: string } | null;
  points: number;
  durationMinutes: number | null;
  progress: { percent: number; completed: boolean } | null;
  dueAt?: string | null;
}

export interface LearningHome {
  categories: { id: string; name: string; count: number; subcategories: { id: string; name: string }[] }[];
  forYou: Card[];
  myCourses: { inProgress: Card[]; mandatory: Card[]; completed: Card[] };
  courses: Card[];
  exams: Card[];
  ebooks: Card[];
  latest: Card[];
}

export interface SearchResult {
  items: Card[];
  total: number;
  page: number;
  pageSize: number;
}

export interface Progress {
  position: number;
  percent: number;
  completed?: boolean;
  completedAt: string | null;
  /** A video reached its end faster than it plays: seconds still to watch before it counts. */
  watchMoreSeconds?: number;
  /** A reading lesson not yet counted: seconds until it has been open long enough (server clock). */
  readyInSeconds?: number;
  /** Picture indexes (image sets) or page numbers (PDFs, ebooks) the server counted as seen. */
  seen?: number[];
  /** Pictures or pages all seen and only the time missing: a report after readyInSeconds completes it. */
  waiting?: boolean;
}

/** A progress report (POST /api/contents/:id/progress). */
export interface ProgressReport {
  position?: number;
  percent?: number;
  seen?: number[];
  pages?: number;
  linkOpened?: boolean;
}

export interface ContentDetail extends Card {
  bodyHtml: string | null;
  media: MediaSummary | null;
  images: MediaSummary[];
  linkUrl: string | null;
  tags: string[];
  progress: Card['progress'] & Progress;
  courses: { id: string; title: string }[];
}

export interface CompletedCourse {
  id: string;
  title: string;
  pointsAwarded: number;
}

export interface ProgressAnswer {
  progress: Progress;
  pointsAwarded: number;
  completedCourses: CompletedCourse[];
  balance: number;
}

export interface Lesson {
  id: string;
  position: number;
  kind: 'content' | 'exam';
  title: string;
  item: Card;
  completed: boolean;
}

export interface CourseDetail extends Card {
  descriptionHtml: string | null;
  lessons: Lesson[];
  progress: Card['progress'] & {
    completedLessons: number;
    totalLessons: number;
    percent: number;
    startedAt: string | null;
    completedAt: string | null;
  };
  mandatory: { dueAt: string | null } | null;
}

export interface EbookDetail extends Card {
  author: string | null;
  description: string | null;
  pdf: MediaSummary;
  progress: Card['progress'] & { position: number; percent: number };
}

export interface ExamQuestion {
  id: string;
  kind: 'single' | 'multiple' | 'truefalse';
  prompt: string;
  choices: { id: string; text: string }[];
}

/** The exam's "show correct answers" setting (server/src/exams/review.hpp). */
export type ShowAnswers = 'never' | 'passed' | 'last_attempt' | 'passed_or_last' | 'immediately';

export interface ExamReviewItem {
  questionId: string;
  selected: string[];
  /** null (and explanation null) while the exam's setting keeps the answers hidden from this person. */
  correct: string[] | null;
  isCorrect: boolean;
  explanation: string | null;
}

export interface Attempt {
  id: string;
  examId: string;
  number: number;
  startedAt: string;
  deadlineAt: string | null;
  serverNow: string;
  submittedAt: string | null;
  autoSubmitted: boolean;
  questions: ExamQuestion[];
  answers: Record<string, string[]>;
  score?: number;
  maxScore?: number;
  percent?: number;
  passed?: boolean;
  review?: ExamReviewItem[];
  /** After submission: whether the review shows the correct answers, and the setting that decides it. */
  answersShown?: boolean;
  showAnswers?: ShowAnswers;
}

export interface ExamDetail extends Card {
  description: string | null;
  questionCount: number;
  timeLimitSeconds: number | null;
  passPercent: number;
  maxAttempts: number | null;
  showAnswers: ShowAnswers;
  attemptsUsed: number;
  passed: boolean;
  bestPercent: number | null;
  openAttempt: { id: string; deadlineAt: string | null } | null;
  attempts: { id: string; number: number; submittedAt: string | null; percent: number | null; passed: boolean; autoSubmitted: boolean }[];
}

export interface ArticleCard extends Card {
  likeCount: number;
  commentCount: number;
  liked: boolean;
  pinned: boolean;
  publishedAt: string;
}

export interface ArticleDetail extends ArticleCard {
  bodyHtml: string | null;
  tags: string[];
  allowComments: boolean;
}

export interface Comment {
  id: string;
  body: string;
  createdAt: string;
  author: { id: string; name: string; image: string | null };
  mine: boolean;
}

/** A Home slide (GET /api/home): `link` is an in-app path or an https address. */
export interface HomeSlide {
  id: string;
  title: string;
  link: string | null;
  image: { id: string; url: string; kind: string; width: number | null; height: number | null };
}

export interface HomeFeed {
  points: { balance: number };
  /** Always sent by the server; optional for older cached answers. */
  slides?: HomeSlide[];
  continueLearning: Card[];
  forYou: Card[];
  articles: ArticleCard[];
}

export interface PointsHistory {
  balance: number;
  earned: number;
  spent: number;
  entries: { id: string; delta: number; reason: string; source: string; sourceId: string | null; createdAt: string }[];
  hasMore: boolean;
}
