// The back office's ONE route table: it draws the sidebar menu and generates the routes.
// Plain data (no antd import) so it is cheap to test; icons are looked up by name in the layout.
import type { Role } from '../lib/session';

export type AdminRole = Extract<Role, 'editor' | 'admin'>;

export interface AdminPage {
  key: string;
  path: string;
  /** i18n key of the label (Thai in th.json, English in en.json). */
  labelKey: string;
  /** The lowest role that may use the page (SPEC §1). */
  minRole: AdminRole;
  icon?: string;
}

export interface AdminGroup {
  key: string;
  labelKey: string;
  icon: string;
  children: AdminPage[];
}

export type AdminEntry = AdminPage | AdminGroup;

const page = (key: string, path: string, minRole: AdminRole, icon?: string): AdminPage => ({
  key,
  path,
  labelKey: `admin.menu.${key}`,
  minRole,
  icon,
});

export const adminRoutes: AdminEntry[] = [
  page('dashboard', '/admin', 'editor', 'dashboard'),
  page('users', '/admin/users', 'admin', 'users'),
  {
    key: 'contentGroup',
    labelKey: 'admin.menu.contentGroup',
    icon: 'content',
    children: [
      page('contents', '/admin/contents', 'editor'),
      page('categories', '/admin/contents/category', 'editor'),
      page('subCategories', '/admin/contents/sub-categories', 'editor'),
      page('groups', '/admin/contents/groups', 'editor'),
      page('subgroups', '/admin/contents/subgroups', 'editor'),
    ],
  },
  page('articles', '/admin/articles', 'editor', 'articles'),
  page('personalized', '/admin/personalized', 'editor', 'personalized'),
  page('events', '/admin/events', 'editor', 'events'),
  page('courses', '/admin/courses', 'editor', 'courses'),
  page('examinations', '/admin/examinations', 'editor', 'examinations'),
  page('redeem', '/admin/redeem', 'admin', 'redeem'),
  {
    key: 'campaignGroup',
    labelKey: 'admin.menu.campaignGroup',
    icon: 'campaigns',
    children: [
      page('campaigns', '/admin/campaigns', 'editor'),
      page('votenames', '/admin/campaigns/votenames', 'editor'),
      page('socialclub', '/admin/socialclub', 'editor'),
    ],
  },
  {
    key: 'gameGroup',
    labelKey: 'admin.menu.gameGroup',
    icon: 'games',
    children: [
      page('quiz', '/admin/games/quiz', 'editor'),
      page('matching', '/admin/games/matching', 'editor'),
      page('games', '/admin/games/games', 'editor'),
    ],
  },
  page('badges', '/admin/badges', 'editor', 'badges'),
  page('stickers', '/admin/stickers', 'editor', 'stickers'),
  page('coupons', '/admin/coupons', 'admin', 'coupons'),
  page('gifts', '/admin/gifts', 'admin', 'gifts'),
  page('ebooks', '/admin/ebooks', 'editor', 'ebooks'),
  page('votes', '/admin/votes', 'editor', 'votes'),
  {
    key: 'galleryGroup',
    labelKey: 'admin.menu.galleryGroup',
    icon: 'gallery',
    children: [page('galleries', '/admin/galleries', 'editor'), page('medias', '/admin/medias', 'editor')],
  },
  {
    key: 'homeGroup',
    labelKey: 'admin.menu.homeGroup',
    icon: 'home',
    children: [page('homeoptions', '/admin/homeoptions', 'editor'), page('ads', '/admin/ads', 'editor')],
  },
  page('survey', '/admin/survey', 'editor', 'survey'),
  page('satisfactions', '/admin/satisfactions', 'admin', 'satisfactions'),
  page('forms', '/admin/forms', 'editor', 'forms'),
  page('reports', '/admin/reports', 'admin', 'reports'),
  page('logs', '/admin/logs', 'admin', 'logs'),
];

export const isGroup = (e: AdminEntry): e is AdminGroup => 'children' in e;

const rank: Record<Role, number> = { staff: 0, editor: 1, admin: 2 };

export function canUse(role: Role | undefined, minRole: AdminRole): boolean {
  return role !== undefined && rank[role] >= rank[minRole];
}

/** Every page of the table, groups flattened, in menu order. */
export function flattenAdminRoutes(entries: AdminEntry[] = adminRoutes): AdminPage[] {
  return entries.flatMap((e) => (isGroup(e) ? e.children : [e]));
}

/** The table as `role` may see it: pages above the role removed, empty groups dropped. */
export function adminRoutesFor(role: Role | undefined, entries: AdminEntry[] = adminRoutes): AdminEntry[] {
  const out: AdminEntry[] = [];
  for (const e of entries) {
    if (isGroup(e)) {
      const children = e.children.filter((c) => canUse(role, c.minRole));
      if (children.length) out.push({ ...e, children });
    } else if (canUse(role, e.minRole)) {
      out.push(e);
    }
  }
  return out;
}

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The page a path belongs to: exact match, else the longest whole-segment prefix (`/admin` itself only exactly). */
export function matchAdminPage(pathname: string, entries: AdminEntry[] = adminRoutes): AdminPage | undefined {
  const path = normalise(pathname);
  let best: AdminPage | undefined;
  for (const p of flattenAdminRoutes(entries)) {
    const hit = path === p.path || (p.path !== '/admin' && path.startsWith(`${p.path}/`));
    if (hit && (!best || p.path.length > best.path.length)) best = p;
  }
  return best;
}

/** The menu key selected for a path; Dashboard when nothing else matches. */
export function selectedKeyFor(pathname: string, entries: AdminEntry[] = adminRoutes): string {
  return matchAdminPage(pathname, entries)?.key ?? 'dashboard';
}

/** The submenu that holds the current page, to open it. */
export function openKeysFor(pathname: string, entries: AdminEntry[] = adminRoutes): string[] {
  const pageKey = matchAdminPage(pathname, entries)?.key;
  const group = entries.find((e) => isGroup(e) && e.children.some((c) => c.key === pageKey));
  return group ? [group.key] : [];
}

/** Route path relative to the `/admin/*` parent route. */
export function relativeAdminPath(path: string): string {
  return path.replace(/^\/admin\/?/, '');
}
