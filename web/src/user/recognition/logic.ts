// The recognition screens' pure logic: a locked badge's progress text, rarity order, the sticker book, the
// stickers one can react with and the optimistic reaction summary. No React, no antd: cheap to unit test.
import { RARITIES, rarityRank } from '../../lib/rarity';
import type { Criteria, Picture, Progress, Reaction, Sticker, StickerSet } from './types';

/** The url of a picture in whatever shape the answer carries it. */
export function pictureUrl(p: Picture | undefined): string {
  if (!p) return '';
  return typeof p === 'string' ? p : typeof p.url === 'string' ? p.url : '';
}

/** A translation key under `recognition.` with its values (`t(key, values)`). */
export interface Text {
  key: string;
  values?: Record<string, string | number>;
}

const PROGRESS_KEYS: Record<string, string> = {
  courses_completed: 'recognition.progress.courses',
  points_earned: 'recognition.progress.points',
  learning_streak: 'recognition.progress.streak',
  course_completed: 'recognition.progress.course',
  exam_passed: 'recognition.progress.exam',
};

/**
 * What a locked badge says about how far the person is: "3 of 5 courses", "1,200 of 2,000 points", "4 of 7
 * days in a row"; a one-step rule (a given course, a given exam) says what to do; a manual badge says who
 * awards it; a rule of a later area uses the plain "3 of 5". `format` writes the numbers in the UI language.
 */
export function progressText(criteria: Criteria, progress: Progress | null | undefined, format: (n: number) => string = String): Text {
  if (criteria === 'manual') return { key: 'recognition.progress.manual' };
  const key = PROGRESS_KEYS[criteria];
  if (!progress) return key === PROGRESS_KEYS.course_completed || key === PROGRESS_KEYS.exam_passed ? { key: key! } : { key: 'recognition.progress.unknown' };
  const target = Math.max(0, progress.target);
  const current = Math.min(Math.max(0, progress.current), target || progress.current);
  if (criteria === 'course_completed' || criteria === 'exam_passed') return { key: key! };
  const values = { current: format(current), target: format(target) };
  // Plural forms (courses, points, days) follow the target; the plain count has none.
  return key ? { key, values: { count: target, ...values } } : { key: 'recognition.progress.generic', values };
}

/** 0..100, for the bar under a locked badge (null: no bar). */
export function progressPercent(progress: Progress | null | undefined): number | null {
  if (!progress || !(progress.target > 0)) return null;
  return Math.round((Math.min(Math.max(0, progress.current), progress.target) / progress.target) * 100);
}

export { RARITIES, rarityRank };

/** Rarest first, then by name (stable for equal ones). */
export function byRarity<T extends { rarity: string; name: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => rarityRank(b.rarity) - rarityRank(a.rarity) || a.name.localeCompare(b.name));
}

export interface BookPage {
  set: StickerSet;
  /** The set's stickers in the set's order. */
  stickers: Sticker[];
  /** Distinct stickers owned. */
  owned: number;
  total: number;
  /** Copies beyond the first (the ×N badges minus one each). */
  duplicates: number;
  complete: boolean;
}

export interface Book {
  pages: BookPage[];
  owned: number;
  total: number;
}

/** The sticker book: one page per set (empty sets left out), with what is collected of each. */
export function stickerBook(sets: StickerSet[] | undefined): Book {
  const pages: BookPage[] = [];
  for (const set of sets ?? []) {
    const stickers = set.stickers ?? [];
    if (!stickers.length) continue;
    const owned = stickers.filter((s) => s.count > 0).length;
    const duplicates = stickers.reduce((n, s) => n + Math.max(0, s.count - 1), 0);
    pages.push({ set, stickers, owned, total: stickers.length, duplicates, complete: owned === stickers.length });
  }
  return { pages, owned: pages.reduce((n, p) => n + p.owned, 0), total: pages.reduce((n, p) => n + p.total, 0) };
}

/** The stickers one can react with (owned, count > 0), grouped by set in the book's order. */
export function reactionChoices(sets: StickerSet[] | undefined): { set: StickerSet; stickers: Sticker[] }[] {
  return (sets ?? []).map((set) => ({ set, stickers: (set.stickers ?? []).filter((s) => s.count > 0) })).filter((g) => g.stickers.length > 0);
}

/** My current reaction's sticker id, if any. */
export function myReaction(reactions: Reaction[] | undefined): string | null {
  return reactions?.find((r) => r.mine)?.sticker.id ?? null;
}

/**
 * The summary after I react with `sticker` (null: take my reaction back), shown before the server answers:
 * my old chip loses one (and goes at zero), the new one gains one and is marked mine (added at the end when
 * new). Reacting with the sticker I already chose changes nothing.
 */
export function applyReaction(reactions: Reaction[] | undefined, sticker: Reaction['sticker'] | null): Reaction[] {
  const list = reactions ?? [];
  const before = myReaction(list);
  if ((sticker?.id ?? null) === before) return list;
  const out: Reaction[] = [];
  for (const r of list) {
    if (r.mine) {
      if (r.count > 1) out.push({ ...r, count: r.count - 1, mine: false });
      continue;
    }
    out.push(r);
  }
  if (!sticker) return out;
  const i = out.findIndex((r) => r.sticker.id === sticker.id);
  if (i >= 0) out[i] = { ...out[i]!, count: out[i]!.count + 1, mine: true };
  else out.push({ sticker, count: 1, mine: true });
  return out;
}

/** Chips in the order shown: most used first, mine before others on a tie, then as the server sent them. */
export function orderedReactions(reactions: Reaction[] | undefined): Reaction[] {
  return (reactions ?? [])
    .map((r, i) => ({ r, i }))
    .filter(({ r }) => r.count > 0)
    .sort((a, b) => b.r.count - a.r.count || Number(b.r.mine) - Number(a.r.mine) || a.i - b.i)
    .map(({ r }) => r);
}
