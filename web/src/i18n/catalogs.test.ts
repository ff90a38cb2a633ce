import { describe, expect, it } from 'vitest';
import { leaves, type Tree } from './leaves';
import adminEn from './admin.en.json';
import adminTh from './admin.th.json';
import clubScreensEn from './clubScreens.en.json';
import clubScreensTh from './clubScreens.th.json';
import pollsEn from './polls.en.json';
import pollsTh from './polls.th.json';
import eventsEn from './events.en.json';
import eventsTh from './events.th.json';
import gamesEn from './games.en.json';
import gamesTh from './games.th.json';
import leaderboardEn from './leaderboard.en.json';
import leaderboardTh from './leaderboard.th.json';
import recognitionEn from './recognition.en.json';
import recognitionTh from './recognition.th.json';
import adsEn from './ads.en.json';
import adsTh from './ads.th.json';
import registerEn from './register.en.json';
import registerTh from './register.th.json';
import storiesEn from './stories.en.json';
import storiesTh from './stories.th.json';
import satisfactionEn from './satisfaction.en.json';
import satisfactionTh from './satisfaction.th.json';
import surveysEn from './surveys.en.json';
import surveysTh from './surveys.th.json';
import pulseTh from './pulse.th.json';
import pulseEn from './pulse.en.json';
import formsEn from './forms.en.json';
import formsTh from './forms.th.json';
import reportsEn from './reports.en.json';
import reportsTh from './reports.th.json';
import serverEn from './server.en.json';
import serverTh from './server.th.json';
import { enCatalog } from './en';
import { thCatalog } from './index';

// An area's own catalogs, in its folder (user/<area>/i18n.{th,en}.json loaded by its i18n.ts with its chunk;
// admin/<area>/i18n.{th,en}.json joined by the back office's shell): found here, so none is listed by hand.
const areaModules = import.meta.glob<Tree>(['../user/*/i18n.*.json', '../admin/*/i18n.*.json', '../app/*/i18n.*.json'], { eager: true, import: 'default' });
const areaCatalogs = Object.entries(areaModules).filter(([f]) => f.endsWith('.th.json')).map(([f, th]) => ({ file: f, th, en: areaModules[f.replace(/th\.json$/, 'en.json')] ?? {} }));

/** `base` with `extra` merged in, every leaf of `extra` new (an area never overwrites another's text). */
function mergeNew(base: Tree, extra: Tree, where: string): Tree {
  const out: Tree = { ...base };
  for (const [k, v] of Object.entries(extra)) {
    const mine = out[k];
    if (mine === undefined) out[k] = v;
    else if (typeof mine !== 'string' && typeof v !== 'string') out[k] = mergeNew(mine, v, `${where}.${k}`);
    else throw new Error(`${where}.${k} is already in another catalog`);
  }
  return out;
}

// The back office's, the club screens', the recognition screens' and the leaderboard's own strings ship with
// their lazy chunks; together they are one catalog per language.
const thMain = Object.assign({}, ...thCatalog, serverTh) as Record<string, unknown>;
const thAll = { ...thMain, ...adminTh, ...clubScreensTh, ...recognitionTh, ...leaderboardTh, ...pollsTh, ...eventsTh, ...gamesTh, ...adsTh, ...registerTh, ...storiesTh, ...satisfactionTh, ...surveysTh, ...pulseTh, ...formsTh, ...reportsTh };
const enAll = { ...Object.assign({}, ...enCatalog, serverEn), ...adminEn, ...clubScreensEn, ...recognitionEn, ...leaderboardEn, ...pollsEn, ...eventsEn, ...gamesEn, ...adsEn, ...registerEn, ...storiesEn, ...satisfactionEn, ...surveysEn, ...pulseEn, ...formsEn, ...reportsEn };
const th = areaCatalogs.reduce((all, c) => mergeNew(all, c.th, c.file), thAll as Tree);
const en = areaCatalogs.reduce((all, c) => mergeNew(all, c.en, c.file.replace(/th\.json$/, 'en.json')), enAll as Tree);


const thLeaves = leaves(th as Tree);
const enLeaves = leaves(en as Tree);

describe('i18n catalogs', () => {
  it('have the same keys in th and en', () => {
    expect([...thLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort());
  });

  it('have no empty values', () => {
    for (const [key, value] of [...thLeaves, ...enLeaves]) expect(value.trim(), key).not.toBe('');
  });

  it('use the same interpolation variables in both languages', () => {
    const vars = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const [key, value] of thLeaves) expect(vars(value), key).toEqual(vars(enLeaves.get(key) ?? ''));
  });

  it('keep each area’s catalog file apart (no shared top-level keys)', () => {
    for (const files of [[...thCatalog, serverTh], [...enCatalog, serverEn]]) {
      const seen = new Set<string>();
      for (const file of files)
        for (const k of Object.keys(file)) {
          expect(seen.has(k), k).toBe(false);
          seen.add(k);
        }
    }
  });

  it('keep the back-office catalogs apart from the user app’s (no shared top-level keys)', () => {
    for (const k of Object.keys(adminTh)) expect(Object.keys(thMain), k).not.toContain(k);
  });

  // Each area's lazy catalog joins the same translation namespace when its chunk loads: a top-level key it
  // shared with another catalog would overwrite that one's texts.
  const lazyCatalogs: Record<string, [object, object]> = {
    club: [clubScreensTh, clubScreensEn],
    recognition: [recognitionTh, recognitionEn],
    leaderboard: [leaderboardTh, leaderboardEn],
    polls: [pollsTh, pollsEn],
    events: [eventsTh, eventsEn],
    games: [gamesTh, gamesEn],
    ads: [adsTh, adsEn],
    register: [registerTh, registerEn],
    stories: [storiesTh, storiesEn],
    satisfaction: [satisfactionTh, satisfactionEn],
    surveys: [surveysTh, surveysEn],
    pulse: [pulseTh, pulseEn],
    forms: [formsTh, formsEn],
    reports: [reportsTh, reportsEn],
  };
  it.each(Object.keys(lazyCatalogs))('keep the %s screens’ lazy catalog apart from the others, in both languages', (name) => {
    const [own, ownEn] = lazyCatalogs[name]!;
    const others = [thMain, adminTh, ...Object.entries(lazyCatalogs).filter(([n]) => n !== name).map(([, [th]]) => th)];
    for (const k of Object.keys(own)) for (const other of others) expect(Object.keys(other), k).not.toContain(k);
    expect(Object.keys(ownEn)).toEqual(Object.keys(own));
  });

  it.each(areaCatalogs.map((c) => c.file))('find both languages of the area catalog %s', (file) => {
    const c = areaCatalogs.find((x) => x.file === file)!;
    expect([...leaves(c.en).keys()].sort()).toEqual([...leaves(c.th).keys()].sort());
  });

  it('carry the exact Thai search placeholder and menu labels', () => {
    expect(thLeaves.get('admin.search')).toBe('ค้นหา');
    expect(thLeaves.get('admin.menu.dashboard')).toBe('แดชบอร์ด');
    expect(enLeaves.get('admin.menu.dashboard')).toBe('Dashboard');
  });
});

describe("the server's messages (their own chunk per language)", () => {
  it('are not in the catalog the entry carries, and loadServerMessages adds them', async () => {
    const { default: i18n, loadServerMessages } = await import('./index');
    for (const file of thCatalog) expect(Object.keys(file)).not.toContain('serverCode');
    await loadServerMessages('th');
    expect(i18n.t('serverCode.NO_PERMISSION', { lng: 'th' })).toBe(serverTh.serverCode.NO_PERMISSION);
  });
});
