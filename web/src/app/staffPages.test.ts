// The staff app's page names (lib/staffPages.ts) and its route table (App.tsx) are the same list: every page
// the app mounts has a name, every named page is one the app mounts, and a telemetry page key finds its page
// or none. The reports show these names instead of routes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import reportsEn from '../i18n/reports.en.json';
import reportsTh from '../i18n/reports.th.json';
import { addedAreaOf, STAFF_PAGES, staffPageOf } from '../lib/staffPages';

const app = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'App.tsx'), 'utf8');
/** The staff routes of App.tsx: every `<Route path="…">` but the back office's. */
const routes = [...app.matchAll(/<Route\s[^>]*path="([^"]+)"/g)].map((m) => m[1]!).filter((p) => !p.startsWith('/admin'));
/** Areas added with one line (`lazyArea`): their pages are named in the area's own catalog. */
const addedAreas = [...app.matchAll(/<Route\s[^>]*path="\/([\w-]+)\/\*"\s+element=\{lazyArea\(/g)].map((m) => m[1]!);
const areaCatalogs = import.meta.glob<Record<string, unknown>>('../admin/*/i18n.*.json', { eager: true, import: 'default' });
const areaName = (lang: string, area: string) =>
  Object.entries(areaCatalogs)
    .filter(([f]) => f.endsWith(`.${lang}.json`))
    .map(([, c]) => ((c.staffPages as { areas?: Record<string, string> } | undefined)?.areas ?? {})[area])
    .find(Boolean);
/** Routes that are no page of their own: a redirect, the not-found page, the tabs' catch-alls (named by their base). */
const NOT_PAGES = new Set(['/', '*', '/p', '/learning/*', '/club/*']);
/** A concrete address of a route: parameters filled with an id. */
const sample = (route: string) => route.replace(/:\w+/g, '0190c0de-0000-7000-8000-000000000001').replace(/\*$/, 'x');

describe('the staff pages', () => {
  it('reads the route table', () => expect(routes.length).toBeGreaterThan(40));

  it('names every page App.tsx mounts', () => {
    const named = new Set(STAFF_PAGES.map((p) => p.path));
    const added = new Set(addedAreas.map((a) => `/${a}/*`));
    expect(routes.filter((r) => !NOT_PAGES.has(r) && !named.has(r) && !added.has(r))).toEqual([]);
  });

  it('names an added area’s pages from its catalog, in Thai and English', () => {
    for (const area of addedAreas) {
      expect(areaName('th', area), area).toBeTruthy();
      expect(areaName('en', area), area).toBeTruthy();
      expect(staffPageOf(`/${area}/:id`), 'no page of the table').toBeUndefined();
    }
  });

  it('names only pages App.tsx mounts', () => {
    const unmounted = STAFF_PAGES.filter((p) => !routes.some((r) => r !== '*' && matchPath({ path: r, end: true }, sample(p.path))));
    expect(unmounted.map((p) => p.path)).toEqual([]);
  });

  it('gives each page a name of its own in Thai and English', () => {
    const names = STAFF_PAGES.map((p) => p.name);
    const th = reportsTh.staffPages as Record<string, string>;
    const en = reportsEn.staffPages as Record<string, string>;
    for (const n of names) {
      expect(th[n], n).toBeTruthy();
      expect(en[n], n).toBeTruthy();
    }
    // Two routes share a name only when they are the same page.
    const byName = new Map<string, string[]>();
    for (const p of STAFF_PAGES) byName.set(p.name, [...(byName.get(p.name) ?? []), p.path]);
    expect([...byName].filter(([, paths]) => paths.length > 1)).toEqual([]);
    expect(Object.keys(th).sort()).toEqual([...new Set(names)].sort());
  });

  it('finds the page of a telemetry key, the most specific first, and none for an address the app does not have', () => {
    expect(staffPageOf('/learning/content/:id')?.name).toBe('content');
    expect(staffPageOf('/stores/mine')?.name).toBe('storiesMine');
    expect(staffPageOf('/stores/:id')?.name).toBe('story');
    expect(staffPageOf('/stores/:id/edit')?.name).toBe('storyEdit');
    expect(staffPageOf('/club/games/play/:id')?.name).toBe('gamePlay');
    expect(staffPageOf('/club/games/live')?.name).toBe('liveQuiz');
    expect(staffPageOf('/p/:id')?.name).toBe('profile');
    expect(staffPageOf('/main')?.name).toBe('home');
    expect(staffPageOf('/club')?.name).toBe('club');
    expect(staffPageOf('/share/article/:id')?.name).toBe('share');
    expect(addedAreaOf('/announcements/:id')).toBe('announcements');
    expect(addedAreaOf('/learning/content/:id')).toBeUndefined();
    for (const missing of ['/stories', '/events', '/games/:id', '/profile/:id/comments', '/stores/latest', '/club/nothing', '/admin/users', '/', '/campaigns/new'])
      expect(staffPageOf(missing), missing).toBeUndefined();
  });
});
