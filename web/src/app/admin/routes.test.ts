import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import th from '../../i18n/th.json';
import {
  adminRoutes,
  adminRoutesFor,
  flattenAdminRoutes,
  isGroup,
  matchAdminPage,
  movedAdminPaths,
  openKeysFor,
  relativeAdminPath,
  selectedKeyFor,
} from './routes';
import type { AdminEntry } from '../../admin/resources/pages';

// An area added after the seed carries its menu label in admin/<area>/i18n.{th,en}.json (the shell reads them).
const areaCatalogs = import.meta.glob<Record<string, unknown>>('../../admin/*/i18n.*.json', { eager: true, import: 'default' });
const areaLabel = (lang: 'th' | 'en', key: string) =>
  Object.entries(areaCatalogs).filter(([f]) => f.endsWith(`.${lang}.json`)).map(([, c]) => walk(c, key)).find((v) => typeof v === 'string');

function walk(catalog: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], catalog);
}

function label(catalog: unknown, key: string): string {
  return (walk(catalog, key) ?? areaLabel(catalog === th ? 'th' : 'en', key)) as string;
}

// [Thai, English, path, minRole]; groups as [Thai, English, children]
type Row = [string, string, string, 'editor' | 'admin'];
type GroupRow = [string, string, Row[]];
const expected: (Row | GroupRow)[] = [
  ['แดชบอร์ด', 'Dashboard', '/admin', 'editor'],
  ['จัดการผู้ใช้', 'Users', '/admin/users', 'admin'],
  ['จัดการเนื้อหา', 'Content', [
    ['เนื้อหา', 'Contents', '/admin/contents', 'editor'],
    ['หมวดหมู่', 'Categories', '/admin/contents/category', 'editor'],
    ['หมวดหมู่ย่อย', 'Sub-categories', '/admin/contents/sub-categories', 'editor'],
    ['กลุ่ม', 'Groups', '/admin/contents/groups', 'editor'],
    ['กลุ่มย่อย', 'Subgroups', '/admin/contents/subgroups', 'editor'],
  ]],
  ['บทความ', 'Articles', '/admin/articles', 'editor'],
  ['เรื่องเล่าความสำเร็จ', 'Success stories', '/admin/stories', 'editor'],
  ['เนื้อหาเฉพาะบุคคล', 'Personalized', '/admin/personalized', 'editor'],
  ['กิจกรรม', 'Events', '/admin/events', 'editor'],
  ['หลักสูตร', 'Courses', '/admin/courses', 'editor'],
  ['ข้อสอบ', 'Examinations', '/admin/examinations', 'editor'],
  ['แลกของรางวัล', 'Redeem', '/admin/redeem', 'admin'],
  ['แคมเปญ', 'Campaigns', [
    ['แคมเปญ', 'Campaigns', '/admin/campaigns', 'editor'],
    ['ประกวดตั้งชื่อ', 'Contest names', '/admin/campaigns/votenames', 'editor'],
    ['โซเชียลคลับ', 'Social club', '/admin/socialclub', 'editor'],
  ]],
  ['เกม', 'Games', [
    ['เกมตอบคำถาม', 'Quiz', '/admin/games/quiz', 'editor'],
    ['เกมจับคู่', 'Matching', '/admin/games/matching', 'editor'],
    ['เกมทั้งหมด', 'Games', '/admin/games/games', 'editor'],
  ]],
  ['เหรียญตรา', 'Badges', '/admin/badges', 'editor'],
  ['สติกเกอร์', 'Stickers', '/admin/stickers', 'editor'],
  ['คูปอง', 'Coupons', '/admin/coupons', 'admin'],
  ['ของขวัญปีใหม่', 'New year gifts', '/admin/gifts', 'admin'],
  ['อีบุ๊ก', 'Ebooks', '/admin/ebooks', 'editor'],
  ['โหวต', 'Votes', '/admin/votes', 'editor'],
  ['แกลเลอรี', 'Gallery', [
    ['แกลเลอรี', 'Galleries', '/admin/galleries', 'editor'],
    ['คลังสื่อ', 'Media library', '/admin/medias', 'editor'],
  ]],
  ['หน้าแรก', 'Home page', [
    ['สไลด์หน้าแรก', 'Slides', '/admin/homeoptions', 'editor'],
    ['โฆษณา', 'Ads', '/admin/ads', 'editor'],
    ['ข้อความถึงพนักงาน', 'Messages', '/admin/messages', 'editor'],
  ]],
  ['แบบสำรวจ', 'Surveys', '/admin/survey', 'editor'],
  ['แบบสำรวจสั้น (พัลส์)', 'Pulse surveys', '/admin/pulse', 'editor'],
  ['ความพึงพอใจ', 'Satisfaction', '/admin/satisfactions', 'admin'],
  ['แบบฟอร์ม', 'Forms', '/admin/forms', 'editor'],
  ['รายงาน', 'Reports', '/admin/reports', 'admin'],
  ['บันทึกการใช้งาน', 'Logs', '/admin/logs', 'admin'],
];

function describeTable(entries: AdminEntry[]): (Row | GroupRow)[] {
  return entries.map((e) =>
    isGroup(e)
      ? [label(th, e.labelKey), label(en, e.labelKey), e.children.map((c) => [label(th, c.labelKey), label(en, c.labelKey), c.path, c.minRole] as Row)]
      : [label(th, e.labelKey), label(en, e.labelKey), e.path, e.minRole],
  );
}

// The seed's pages, and the pages of areas added after it (docs/AREAS.md "Worked example"): the seed's menu
// holds exactly, and an added page only joins it, with its labels in both languages.
const seedPaths = new Set(expected.flatMap((r) => (Array.isArray(r[2]) ? r[2].map((c) => c[2]) : [r[2]])));
const isSeed = (p: { path: string }) => seedPaths.has(p.path);
const seedOnly = (entries: AdminEntry[]): AdminEntry[] =>
  entries.flatMap((e): AdminEntry[] => (isGroup(e) ? [{ ...e, children: e.children.filter(isSeed) }] : isSeed(e) ? [e] : []));
const added = flattenAdminRoutes().filter((p) => !isSeed(p));

describe('admin route table', () => {
  it('is exactly the seed menu: order, Thai and English labels, paths, minimum roles', () => {
    expect(describeTable(seedOnly(adminRoutes))).toEqual(expected);
  });

  it('labels every page added after the seed in Thai and English', () => {
    for (const p of added) {
      expect(label(th, p.labelKey), p.path).toMatch(/\S/);
      expect(label(en, p.labelKey), p.path).toMatch(/\S/);
    }
  });

  it('has unique keys and paths', () => {
    const pages = flattenAdminRoutes();
    expect(new Set(pages.map((p) => p.path)).size).toBe(pages.length);
    expect(new Set(pages.map((p) => p.key)).size).toBe(pages.length);
    expect(pages.filter(isSeed)).toHaveLength(37);
  });

  it('shows admins everything', () => {
    expect(adminRoutesFor('admin')).toEqual(adminRoutes);
  });

  it('hides admin-only areas from editors', () => {
    const paths = flattenAdminRoutes(adminRoutesFor('editor')).map((p) => p.path);
    for (const hidden of ['/admin/users', '/admin/redeem', '/admin/coupons', '/admin/gifts', '/admin/reports', '/admin/logs', '/admin/satisfactions']) {
      expect(paths).not.toContain(hidden);
    }
    expect(paths).toContain('/admin');
    expect(paths).toContain('/admin/contents/subgroups');
    expect(paths).toContain('/admin/games/games');
    expect(paths.filter((p) => seedPaths.has(p))).toHaveLength(30);
  });

  it('shows staff and anonymous nothing', () => {
    expect(adminRoutesFor('staff')).toEqual([]);
    expect(adminRoutesFor(undefined)).toEqual([]);
  });

  it('drops a group whose every child is hidden', () => {
    const table: AdminEntry[] = [{ key: 'g', labelKey: 'x', icon: 'x', children: [{ key: 'a', path: '/admin/a', labelKey: 'a', minRole: 'admin' }] }];
    expect(adminRoutesFor('editor', table)).toEqual([]);
  });

  it.each([
    ['/admin', 'dashboard', []],
    ['/admin/', 'dashboard', []],
    ['/admin/users', 'users', []],
    ['/admin/users/0192', 'users', []],
    ['/admin/contents', 'contents', ['contentGroup']],
    ['/admin/contents/category', 'categories', ['contentGroup']],
    ['/admin/contents/sub-categories', 'subCategories', ['contentGroup']],
    ['/admin/campaigns/votenames', 'votenames', ['campaignGroup']],
    ['/admin/socialclub', 'socialclub', ['campaignGroup']],
    ['/admin/games/matching', 'matching', ['gameGroup']],
    ['/admin/medias', 'medias', ['galleryGroup']],
    ['/admin/ads', 'ads', ['homeGroup']],
    ['/admin/nowhere', 'dashboard', []],
  ])('%s selects %s and opens %j', (path, key, open) => {
    expect(selectedKeyFor(path)).toBe(key);
    expect(openKeysFor(path)).toEqual(open);
  });

  it('does not match a longer sibling segment', () => {
    expect(matchAdminPage('/admin/usersx')).toBeUndefined();
  });

  it('sends a moved page to a page of the table, never to another moved one', () => {
    const paths = new Set(flattenAdminRoutes().flatMap((p) => [p.path, ...(p.tabs ?? []).map((t) => t.path)]));
    expect(Object.keys(movedAdminPaths).length).toBeGreaterThan(0);
    for (const [from, to] of Object.entries(movedAdminPaths)) {
      expect(paths.has(to), to).toBe(true);
      expect(paths.has(from), from).toBe(false);
    }
    expect(matchAdminPage('/admin/stories/comments')?.key).toBe('stories');
  });

  it('makes route paths relative to /admin/*', () => {
    expect(relativeAdminPath('/admin')).toBe('');
    expect(relativeAdminPath('/admin/contents/category')).toBe('contents/category');
  });
});
