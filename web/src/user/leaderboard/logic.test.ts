import { describe, expect, it } from 'vitest';
import { boardPath, effectiveScope, initials, parseChoices, periodRange, shouldPinMe, splitPodium } from './logic';
import type { PersonRow } from './types';

const row = (rank: number, id = `u${rank}`): PersonRow => ({ rank, user: { id, name: `N ${rank}`, image: null, store: null }, points: 100 - rank });

describe('leaderboard logic', () => {
  it('asks the people or the stores board with the chosen scope and period', () => {
    expect(boardPath('people', 'store', 'week')).toBe('/api/leaderboards?scope=store&period=week');
    expect(boardPath('stores', 'all', 'month')).toBe('/api/leaderboards/stores?scope=all&period=month');
    // Stores are never ranked within one store: "my store" means my region there.
    expect(effectiveScope('stores', 'store')).toBe('region');
    expect(boardPath('stores', 'store', 'all')).toBe('/api/leaderboards/stores?scope=region&period=all');
  });

  it('reads choices from the address with safe defaults', () => {
    expect(parseChoices(new URLSearchParams(''))).toEqual({ view: 'people', scope: 'store', period: 'week' });
    expect(parseChoices(new URLSearchParams('view=stores&scope=all&period=month'))).toEqual({ view: 'stores', scope: 'all', period: 'month' });
    expect(parseChoices(new URLSearchParams('scope=galaxy&period=year'))).toEqual({ view: 'people', scope: 'store', period: 'week' });
  });

  it('puts the first in the middle of the podium', () => {
    const { podium, rest } = splitPodium([row(1), row(2), row(3), row(4)]);
    expect(podium.map((r) => r.rank)).toEqual([2, 1, 3]);
    expect(rest.map((r) => r.rank)).toEqual([4]);
    expect(splitPodium([row(1), row(2)]).podium.map((r) => r.rank)).toEqual([2, 1]);
    expect(splitPodium([row(1)]).podium.map((r) => r.rank)).toEqual([1]);
    expect(splitPodium([]).podium).toEqual([]);
  });

  it('pins my row only when I am ranked outside the list', () => {
    const items = [row(1, 'a'), row(2, 'b')];
    expect(shouldPinMe({ items, me: { rank: 77, points: 5 } }, 'me')).toBe(true);
    expect(shouldPinMe({ items, me: { rank: 2, points: 98 } }, 'b')).toBe(false);
    expect(shouldPinMe({ items, me: { rank: null, points: 0 } }, 'me')).toBe(false);
    expect(shouldPinMe({ items, me: null }, 'me')).toBe(false);
  });

  it('shows the period in Bangkok days whatever the device time zone', () => {
    // Monday 23 November 2026 00:00 in Bangkok is 22 November 17:00 UTC; `to` is exclusive.
    const week = periodRange('2026-11-22T17:00:00.000Z', '2026-11-29T17:00:00.000Z', 'en-GB')!;
    expect(week).toMatch(/23/);
    expect(week).toMatch(/29/);
    expect(week).not.toMatch(/22/);
    expect(periodRange('2026-11-30T17:00:00.000Z', '2026-12-31T17:00:00.000Z', 'en-GB')).toMatch(/1.*31 Dec 2026/);
    expect(periodRange(null, null, 'th-TH')).toBeNull();
  });

  it('makes initials from Thai and English names', () => {
    expect(initials('สมชาย ใจดี')).toBe('สจ');
    expect(initials('เกศินี')).toBe('ก');
    expect(initials('jane doe smith')).toBe('JD');
    expect(initials('  ')).toBe('');
  });
});
