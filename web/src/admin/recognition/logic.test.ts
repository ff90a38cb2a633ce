import { describe, expect, it } from 'vitest';
import { awardedByName, backfillOf, backfillPercent, backfillPollInterval, dropChances, holdersUrl, rarityColor, rarityCounts, thresholdUnit } from './logic';

describe('badge thresholds', () => {
  it('names the threshold’s unit', () => {
    expect([thresholdUnit('courses_completed'), thresholdUnit('points_earned'), thresholdUnit('learning_streak'), thresholdUnit('manual')]).toEqual(['courses', 'points', 'days', null]);
  });
});

describe('backfill', () => {
  it('reads the item’s backfill, clamped', () => {
    expect(backfillOf({ state: 'running', done: 40, total: 100 })).toEqual({ state: 'running', done: 40, total: 100 });
    expect(backfillOf({ state: 'running', done: 140, total: 100 })).toEqual({ state: 'running', done: 100, total: 100 });
    expect(backfillOf({ state: 'idle', done: 0, total: 0 })).toBeNull();
    expect(backfillOf({ state: 'done', done: 0, total: 0 })).toBeNull();
    expect(backfillOf({ state: 'running', done: 0, total: 0 })).toEqual({ state: 'running', done: 0, total: 0 });
    expect(backfillOf({ state: 'weird' })).toBeNull();
    expect(backfillOf(null)).toBeNull();
  });

  it('is a percentage, complete when done', () => {
    expect(backfillPercent({ state: 'running', done: 1, total: 3 })).toBe(33);
    expect(backfillPercent({ state: 'running', done: 0, total: 0 })).toBe(0);
    expect(backfillPercent({ state: 'done', done: 0, total: 0 })).toBe(100);
  });

  it('polls only while running', () => {
    expect(backfillPollInterval({ state: 'running', done: 1, total: 3 })).toBe(2000);
    expect(backfillPollInterval({ state: 'done', done: 3, total: 3 })).toBe(false);
    expect(backfillPollInterval(null)).toBe(false);
  });
});

describe('holders', () => {
  it('builds the holders query', () => {
    expect(holdersUrl('b 1', {})).toBe('/api/admin/badges/b%201/holders?pageSize=20');
    expect(holdersUrl('b1', { page: 3, pageSize: 50, q: ' som ' })).toBe('/api/admin/badges/b1/holders?q=som&page=3&pageSize=50');
  });

  it('names who awarded a holding, null for the rule', () => {
    expect(awardedByName({ id: 'u1', name: 'Nok' })).toBe('Nok');
    expect(awardedByName('Nok')).toBe('Nok');
    expect(awardedByName(null)).toBeNull();
  });
});

describe('stickers', () => {
  it('gives each rarity a tag colour', () => {
    expect(['common', 'rare', 'epic', 'legendary', 'x'].map(rarityColor)).toEqual(['default', 'blue', 'purple', 'gold', 'default']);
  });

  it('computes drop chances from the rarity weights', () => {
    const chances = dropChances([
      { id: 'a', rarity: 'common' },
      { id: 'b', rarity: 'common' },
      { id: 'c', rarity: 'rare' },
      { id: 'd', rarity: 'legendary' },
    ]);
    expect(chances.get('a')).toBeCloseTo(60 / 151);
    expect(chances.get('c')).toBeCloseTo(30 / 151);
    expect(chances.get('d')).toBeCloseTo(1 / 151);
    expect([...chances.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1);
    expect(dropChances([]).size).toBe(0);
  });

  it('counts stickers per rarity, common first', () => {
    expect(rarityCounts([{ rarity: 'epic' }, { rarity: 'common' }, { rarity: 'common' }])).toEqual([
      { rarity: 'common', count: 2 },
      { rarity: 'epic', count: 1 },
    ]);
  });
});
