// The recognition staff API shapes (docs/API.md "Recognition: badges and stickers (issue 12)", Staff).

/** A picture as the staff answers may carry it: a media summary `{url, ...}`, a bare url, or nothing. */
export type Picture = { id?: string; url: string; width?: number | null; height?: number | null } | string | null;

/** The rule that awards a badge (the server's registry; later areas add more, e.g. `story_published`). */
export type Criteria = 'manual' | 'course_completed' | 'exam_passed' | 'courses_completed' | 'points_earned' | 'learning_streak' | (string & {});

export interface Badge {
  id: string;
  name: string;
  /** Sanitised html (or text) from the back office. */
  description: string | null;
  image: Picture;
  criteria: Criteria;
}

export interface Progress {
  current: number;
  target: number;
}

export interface EarnedBadge {
  badge: Badge;
  awardedAt: string;
  /** Only on my own badges: the public verification page to share (/share/badge/<award>), the Open Badges 3.0
   *  credential (VC-JWT) and the baked PNG. */
  verifyUrl?: string;
  credentialUrl?: string;
  pngUrl?: string;
}

export interface LockedBadge {
  badge: Badge;
  progress: Progress | null;
}

export interface BadgesAnswer {
  earned: EarnedBadge[];
  /** Only in GET /api/me/badges (another person's answer has no progress). */
  locked?: LockedBadge[];
}

export type Rarity = 'common' | 'rare' | 'epic' | 'legendary';

export interface Sticker {
  id: string;
  name: string;
  image: Picture;
  rarity: Rarity | (string & {});
  /** How many the person has; 0 = missing (shown as a silhouette). */
  count: number;
}

export interface StickerSet {
  id: string;
  name: string;
  image: Picture;
  stickers: Sticker[];
}

export interface StickersAnswer {
  sets: StickerSet[];
}

/** One sticker's reactions on an article or a comment. */
export interface Reaction {
  sticker: { id: string; image: Picture; name: string };
  count: number;
  mine: boolean;
}

/** GET /api/articles/:id/reactions: the article's, and each comment's that has any (by comment id). */
export interface ArticleReactions {
  article: Reaction[];
  comments: Record<string, Reaction[]>;
}

/** One of my certificates (GET /api/me/certificates): valid, expiring within 30 days, or expired. */
export interface Certificate {
  id: string;
  title: string;
  /** What it is for: a course, or a learning path of courses. */
  subject: { kind: 'course' | 'path'; id: string; title: string };
  /** The course's certificate: its course; a path's: null. */
  course: { id: string; title: string } | null;
  path: { id: string; title: string } | null;
  /** The course to learn again to renew it (a path's: its first required course; none when it has none). */
  learnCourseId: string | null;
  issuedAt: string;
  firstIssuedAt: string;
  expiresAt: string;
  renewals: number;
  status: 'valid' | 'expiring' | 'expired';
  verifyUrl: string;
  pdfUrl: string;
  credentialUrl: string;
}
