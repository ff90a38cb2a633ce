// One word per meaning (docs/GLOSSARY.md): "คะแนน" is a game's or an exam's score (and a rating given),
// "แต้ม" the points people earn and spend, "แต้มคงเหลือ" their balance. Every catalog pair (th/en) is read,
// so a new catalog is checked too: where the English says points, the Thai says แต้ม and not the score word;
// where it says balance, the Thai says แต้มคงเหลือ; where the Thai says แต้ม, the English does not say score.
import { describe, expect, it } from 'vitest';
import { leaves, type Tree } from './leaves';

const modules = import.meta.glob<{ default: Tree }>('./*.json', { eager: true });

/** [catalog, key, th, en] for every key of every th/en pair, placeholders ({{balance}}) left out. */
function pairs(): [string, string, string, string][] {
  const out: [string, string, string, string][] = [];
  const bare = (s: string) => s.replace(/\{\{[^}]*\}\}/g, '');
  for (const [file, mod] of Object.entries(modules)) {
    if (!/(^|[./])th\.json$/.test(file)) continue;
    const en = modules[file.replace(/th\.json$/, 'en.json')];
    if (!en) continue;
    const enLeaves = leaves(en.default);
    for (const [key, th] of leaves(mod.default)) out.push([file, key, bare(th), bare(enLeaves.get(key) ?? '')]);
  }
  return out;
}

const POINTS = /\b(points?|pts?)\b/i;
const SCORE = /\bscor/i;
const BALANCE = /\bbalance\b/i;
const SCORE_WORD = 'คะแนน';
const POINTS_WORD = 'แต้ม';
const BALANCE_WORD = 'แต้มคงเหลือ';

describe('the glossary', () => {
  const all = pairs();

  it('reads every catalog pair', () => {
    expect(all.length).toBeGreaterThan(2000);
    expect(new Set(all.map(([file]) => file)).size).toBeGreaterThan(15);
  });

  it('never calls points by the score word', () => {
    const wrong = all.filter(([, , th, en]) => POINTS.test(en) && (!th.includes(POINTS_WORD) || (th.includes(SCORE_WORD) && !SCORE.test(en))));
    expect(wrong.map(([file, key, th, en]) => `${file} ${key}: ${th} | ${en}`)).toEqual([]);
  });

  it('calls the balance แต้มคงเหลือ', () => {
    const wrong = all.filter(([, , th, en]) => BALANCE.test(en) && !th.includes(BALANCE_WORD));
    expect(wrong.map(([file, key, th, en]) => `${file} ${key}: ${th} | ${en}`)).toEqual([]);
  });

  it('never calls points a score in English', () => {
    const wrong = all.filter(([, , th, en]) => th.includes(POINTS_WORD) && !th.includes(SCORE_WORD) && SCORE.test(en));
    expect(wrong.map(([file, key, th, en]) => `${file} ${key}: ${th} | ${en}`)).toEqual([]);
  });
});
