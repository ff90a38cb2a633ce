// The recognition back office's pure logic: the threshold's unit, the backfill's progress, the
// holders' query, the stickers' rarity and their drop chances. No antd: unit tested in logic.test.ts.
import { RARITIES, rarityRank } from '../../lib/rarity';

/** The unit of a threshold, as an i18n key under recognitionAdmin.threshold (null: the rule has none). */
export function thresholdUnit(criteria: unknown): 'courses' | 'points' | 'days' | null {
  switch (criteria) {
    case 'courses_completed':
      return 'courses';
    case 'points_earned':
      return 'points';
    case 'learning_streak':
      return 'days';
    default:
      return null;
  }
}

export type BackfillState = 'idle' | 'running' | 'done';

export interface Backfill {
  state: BackfillState;
  done: number;
  total: number;
}

/** The item's `backfill` as the list shows it (anything else, or one with no people to check: null). */
export function backfillOf(value: unknown): Backfill | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const state = v.state === 'running' || v.state === 'done' || v.state === 'idle' ? v.state : null;
  if (!state) return null;
  const total = Math.max(0, Number(v.total) || 0);
  const done = Math.min(Math.max(0, Number(v.done) || 0), total || Number.MAX_SAFE_INTEGER);
  // Nothing to say: never ran, or a finished run that had nobody to check (the demo seed's badges too).
  if (state !== 'running' && !total) return null;
  return { state, done, total };
}

export const isRunning = (b: Backfill | null) => b?.state === 'running';

/** 0..100 (a run with nothing to do is complete). */
export function backfillPercent(b: Backfill): number {
  if (b.state === 'done') return 100;
  if (!b.total) return 0;
  return Math.min(100, Math.floor((b.done / b.total) * 100));
}

/** While a backfill runs, its badge is read again this often (ms); otherwise not at all. */
export const BACKFILL_POLL_MS = 2000;
export const backfillPollInterval = (b: Backfill | null): number | false => (isRunning(b) ? BACKFILL_POLL_MS : false);

export function holdersUrl(badgeId: string, { page = 1, pageSize = 20, q = '' }: { page?: number; pageSize?: number; q?: string }): string {
  const s = new URLSearchParams();
  if (q.trim()) s.set('q', q.trim());
  if (page > 1) s.set('page', String(page));
  s.set('pageSize', String(pageSize));
  return `/api/admin/badges/${encodeURIComponent(badgeId)}/holders?${s.toString()}`;
}

/** Who awarded a holding: a person's name, else the rule (null). */
export function awardedByName(v: unknown): string | null {
  if (!v) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.name === 'string' && o.name) return o.name;
    if (typeof o.id === 'string') return o.id;
  }
  return null;
}

/** The weight of each rarity when a set gives a random sticker (docs/API.md: 60, 30, 9, 1). */
export const RARITY_WEIGHTS: Record<string, number> = { common: 60, rare: 30, epic: 9, legendary: 1 };

export { RARITIES, rarityRank };

export const rarityColor = (rarity: unknown): string => ['default', 'blue', 'purple', 'gold'][rarityRank(String(rarity ?? ''))]!;

/**
 * The chance (0..1) that a random draw from the set gives each sticker: its rarity's weight over the set's
 * total weight. Empty set: none.
 */
export function dropChances(stickers: { id: string; rarity?: unknown }[]): Map<string, number> {
  const weight = (r: unknown) => RARITY_WEIGHTS[String(r)] ?? RARITY_WEIGHTS.common!;
  const total = stickers.reduce((n, s) => n + weight(s.rarity), 0);
  return new Map(stickers.map((s) => [s.id, total ? weight(s.rarity) / total : 0]));
}

/** How many stickers of each rarity a set has, rarest last (for the set's summary line). */
export function rarityCounts(stickers: Record<string, unknown>[]): { rarity: string; count: number }[] {
  return RARITIES.map((rarity) => ({ rarity, count: stickers.filter((s) => RARITIES[rarityRank(String(s.rarity ?? ''))] === rarity).length })).filter((x) => x.count > 0);
}
