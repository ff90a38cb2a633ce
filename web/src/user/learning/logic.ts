// Pure logic of the learning screens (links, search parameters, due dates, progress and resume maths),
// kept apart from React so it is unit-tested.
import type { Card, CourseDetail, ItemType, Lesson } from '../../lib/learning/types';
import { shortDate } from '../../lib/dateText';

// ---------- Links ----------

/** Where a card opens. `courseId` keeps a lesson inside its course (next-lesson bar). */
export function cardHref(card: Pick<Card, 'type' | 'id'>, courseId?: string | null): string {
  const id = encodeURIComponent(card.id);
  const inCourse = courseId ? `?course=${encodeURIComponent(courseId)}` : '';
  switch (card.type) {
    case 'content':
      return `/learning/content/${id}${inCourse}`;
    case 'course':
      return `/learning/course/${id}`;
    case 'exam':
      return `/learning/exam/${id}${inCourse}`;
    case 'ebook':
      return `/learning/ebook/${id}`;
    case 'article':
      return `/main/articles/${id}`;
    default:
      return '/learning';
  }
}

export function lessonHref(lesson: Lesson, courseId: string): string {
  return cardHref(lesson.item ?? { type: lesson.kind, id: lesson.id }, courseId);
}

// ---------- Search parameters ----------

export const SEARCH_TYPES = ['content', 'course', 'exam', 'ebook'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export interface SearchParams {
  q: string;
  type: SearchType | '';
  category: string;
  subcategory: string;
}

export function isSearchType(v: unknown): v is SearchType {
  return typeof v === 'string' && (SEARCH_TYPES as readonly string[]).includes(v);
}

/** The page's URL parameters, cleaned: trimmed query (max 100 chars), a known type or none. */
export function parseSearchParams(sp: URLSearchParams): SearchParams {
  const type = sp.get('type') ?? '';
  return {
    q: (sp.get('q') ?? '').trim().slice(0, 100),
    type: isSearchType(type) ? type : '',
    category: (sp.get('category') ?? '').trim(),
    subcategory: (sp.get('subcategory') ?? '').trim(),
  };
}

/** URL parameters for the search page, without empty values. */
export function searchQueryString(p: Partial<SearchParams>): string {
  const sp = new URLSearchParams();
  for (const key of ['q', 'type', 'category', 'subcategory'] as const) {
    const v = p[key]?.trim();
    if (v) sp.set(key, v);
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

export function searchApiPath(p: SearchParams, page: number, pageSize: number): string {
  const sp = new URLSearchParams();
  if (p.q) sp.set('q', p.q);
  if (p.type) sp.set('type', p.type);
  if (p.category) sp.set('category', p.category);
  if (p.subcategory) sp.set('subcategory', p.subcategory);
  sp.set('page', String(page));
  sp.set('pageSize', String(pageSize));
  return `/api/learning/search?${sp.toString()}`;
}

// ---------- Due dates ----------

export type DueState = 'overdue' | 'soon' | 'later';
const DAY = 24 * 3600 * 1000;

/** Overdue once past, "soon" within 3 days, else later; null without a (valid) date. */
export function dueState(dueAt: string | null | undefined, now: number): DueState | null {
  if (!dueAt) return null;
  const t = Date.parse(dueAt);
  if (Number.isNaN(t)) return null;
  if (t < now) return 'overdue';
  if (t - now <= 3 * DAY) return 'soon';
  return 'later';
}

/** Mandatory courses by due date, earliest (most overdue) first; no date last; stable otherwise. */
export function sortByDue<T extends Pick<Card, 'dueAt'>>(cards: readonly T[]): T[] {
  const key = (c: T) => {
    const t = c.dueAt ? Date.parse(c.dueAt) : Number.NaN;
    return Number.isNaN(t) ? Number.POSITIVE_INFINITY : t;
  };
  return cards
    .map((c, i) => ({ c, i, k: key(c) }))
    .sort((a, b) => (a.k === b.k ? a.i - b.i : a.k < b.k ? -1 : 1))
    .map((x) => x.c);
}

// ---------- Progress ----------

export function clampPercent(p: number): number {
  if (!Number.isFinite(p)) return 0;
  return Math.max(0, Math.min(100, Math.round(p)));
}

/** Reading progress of a scrolled article: 0-99 while reading (100 is for the end marker). */
export function scrollPercent(scrollTop: number, viewportHeight: number, contentTop: number, contentHeight: number): number {
  if (contentHeight <= 0) return 0;
  const seen = scrollTop + viewportHeight - contentTop;
  return Math.min(99, clampPercent((seen / contentHeight) * 100));
}

export function videoPercent(currentTime: number, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  return clampPercent((currentTime / duration) * 100);
}

/** Pages 1-based; the last page is 100. */
/** An image set's percent: the share of its pictures seen (100 once all were). */
export function imagesPercent(seen: number, total: number): number {
  if (total <= 0) return 0;
  return seen >= total ? 100 : Math.min(99, Math.floor((seen * 100) / total));
}

export function pagePercent(page: number, pages: number): number {
  if (pages <= 0) return 0;
  if (page >= pages) return 100;
  return clampPercent((Math.max(0, page) / pages) * 100);
}

/**
 * Where a video starts: the saved position, unless it is unknown, too close to the start to matter, or at
 * the very end (then from the start, so "watch again" works).
 */
export function videoResumeAt(position: number | null | undefined, duration: number): number {
  if (!position || !Number.isFinite(position) || position < 3) return 0;
  if (Number.isFinite(duration) && duration > 0 && position >= duration - 3) return 0;
  return position;
}

/** The page a PDF opens at: the saved one inside 1..pages. */
export function resumePage(position: number | null | undefined, pages: number): number {
  const p = Math.floor(Number(position) || 1);
  if (pages <= 0) return Math.max(1, p);
  return Math.max(1, Math.min(pages, p));
}

/** Whether a periodic save is due: every `intervalMs`, and only when the value moved. */
export function shouldSave(lastAt: number, now: number, lastValue: number, value: number, intervalMs = 5000): boolean {
  return now - lastAt >= intervalMs && Math.abs(value - lastValue) >= 1;
}

// ---------- Courses ----------

/** The lesson to do next: the first one not completed (null when all are). */
export function nextLesson(course: Pick<CourseDetail, 'lessons'>): Lesson | null {
  const ordered = [...course.lessons].sort((a, b) => a.position - b.position);
  return ordered.find((l) => !l.completed) ?? null;
}

/** The lesson after the one showing `itemId` (by position), or null at the end / when not in the course. */
export function lessonAfter(course: Pick<CourseDetail, 'lessons'>, type: ItemType, itemId: string): Lesson | null {
  const ordered = [...course.lessons].sort((a, b) => a.position - b.position);
  const i = ordered.findIndex((l) => l.item?.id === itemId && l.item?.type === type);
  if (i < 0) return null;
  return ordered[i + 1] ?? null;
}

// ---------- Formatting ----------

export function formatDate(iso: string, locale: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  return shortDate(new Date(t), locale === 'th' ? 'th-TH' : 'en-GB');
}

/**
 * For each list of a page (in page order), the cards that already appeared in an earlier list: the same
 * course can be in "For you" and "Courses"; only its first card carries the test id.
 */
export function repeatsByList(lists: readonly (readonly Pick<Card, 'type' | 'id'>[])[]): Set<string>[] {
  const seen = new Set<string>();
  return lists.map((list) => {
    const repeats = new Set<string>();
    for (const c of list) {
      const key = `${c.type}-${c.id}`;
      if (seen.has(key)) repeats.add(key);
    }
    for (const c of list) seen.add(`${c.type}-${c.id}`);
    return repeats;
  });
}
