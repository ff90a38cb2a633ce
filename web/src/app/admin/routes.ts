// The back office's ONE route table: it draws the sidebar menu and generates the routes.
// Plain data (no antd import) so it is cheap to test; icons are looked up by name in the layout. An entry
// names its screen directly, as a lazy import: nothing is loaded until the route is opened.
import type { Role } from '../../lib/session';
import type { AdminEntry, AdminGroup, AdminPage, AdminRole, AdminTab, Screen, ScreenLoader } from '../../admin/resources/pages';

/** The export `name` of a module loaded on demand, as a screen. */
function lazyExport<M>(load: () => Promise<M>, name: keyof M): ScreenLoader {
  return () => load().then((m) => m[name] as unknown as Screen);
}

const learningLists = () => import('../../admin/learning/LearningLists');
const galleries = () => import('../../admin/galleries/GalleryEditor');
const club = () => import('../../admin/club');
const recognition = () => import('../../admin/recognition');
const polls = () => import('../../admin/polls');
const surveys = () => import('../../admin/surveys');
const forms = () => import('../../admin/forms');
const contests = () => import('../../admin/campaigns');
const events = () => import('../../admin/events');
const games = () => import('../../admin/games');
const stories = () => import('../../admin/stories');
const messages = () => import('../../admin/messages');
const satisfactions = () => import('../../admin/satisfactions');
const pulse = () => import('../../admin/pulse');
const reports = () => import('../../admin/reports');

const page = (key: string, path: string, minRole: AdminRole, icon?: string, more: Partial<AdminPage> = {}): AdminPage => ({
  key,
  path,
  labelKey: `admin.menu.${key}`,
  minRole,
  icon,
  ...more,
});

/** A resource's page: its list, and the item's own screen when `detail` names one, both from one chunk. */
function resourcePage<M>(key: string, path: string, minRole: AdminRole, icon: string | undefined, resource: string, load: () => Promise<M>, list: keyof M, detail?: keyof M): AdminPage {
  return page(key, path, minRole, icon, { resource, screen: lazyExport(load, list), ...(detail ? { detail: lazyExport(load, detail) } : {}) });
}

/** A menu group: its label is `admin.menu.<key>`. */
const group = (key: string, icon: string, children: AdminPage[]): AdminGroup => ({ key, labelKey: `admin.menu.${key}`, icon, children });

const tab = (key: string, path: string, more: Partial<AdminTab> = {}): AdminTab => ({ key, path, labelKey: `admin.tabs.${key}`, ...more });

export const adminRoutes: AdminEntry[] = [
  page('dashboard', '/admin', 'editor', 'dashboard'),
  page('users', '/admin/users', 'admin', 'users', {
    tabs: [
      tab('users', '/admin/users', { resource: 'users', screen: lazyExport(() => import('../../admin/users/UsersView'), 'UsersView') }),
      tab('pendingUsers', '/admin/users/pending', { resource: 'users', screen: lazyExport(() => import('../../admin/users/UsersView'), 'PendingUsersView') }),
      tab('accountCodes', '/admin/users/codes', { screen: lazyExport(() => import('../../admin/users/AccountCodesView'), 'AccountCodesView') }),
      tab('stores', '/admin/users/stores', { resource: 'stores' }),
      tab('regions', '/admin/users/regions', { resource: 'regions' }),
      tab('positions', '/admin/users/positions', { resource: 'positions' }),
      tab('sso', '/admin/users/sso', { resource: 'sso-settings', screen: lazyExport(() => import('../../admin/users/SsoSettingsView'), 'SsoSettingsView') }),
      // PDPA (issue 34): whether usage tracking waits for each person's consent (one row).
      tab('privacy', '/admin/users/privacy', { resource: 'privacy-settings' }),
    ],
  }),
  group('contentGroup', 'content', [
    resourcePage('contents', '/admin/contents', 'editor', undefined, 'contents', learningLists, 'ContentsView'),
    page('categories', '/admin/contents/category', 'editor', undefined, { resource: 'categories' }),
    page('subCategories', '/admin/contents/sub-categories', 'editor', undefined, { resource: 'subcategories' }),
    page('groups', '/admin/contents/groups', 'editor', undefined, { resource: 'groups' }),
    page('subgroups', '/admin/contents/subgroups', 'editor', undefined, { resource: 'subgroups' }),
  ]),
  page('articles', '/admin/articles', 'editor', 'articles', {
    tabs: [
      tab('articles', '/admin/articles', { resource: 'articles', screen: lazyExport(learningLists, 'ArticlesView'), labelKey: 'admin.menu.articles' }),
      tab('articleComments', '/admin/articles/comments', { resource: 'article-comments', screen: lazyExport(learningLists, 'ArticleCommentsView'), labelKey: 'commentModeration.tab' }),
    ],
  }),
  // Not in the seed's menu: staff's success stories are moderated here, apart from the company's articles.
  page('stories', '/admin/stories', 'editor', 'stories', {
    tabs: [
      tab('stories', '/admin/stories', { resource: 'stories', screen: lazyExport(stories, 'StoriesView'), labelKey: 'storyModeration.tab' }),
      tab('storyComments', '/admin/stories/comments', { resource: 'story-comments', screen: lazyExport(stories, 'StoryCommentsView'), labelKey: 'storyModeration.commentsTab' }),
    ],
  }),
  resourcePage('personalized', '/admin/personalized', 'editor', 'personalized', 'personalized', learningLists, 'PersonalizedView'),
  resourcePage('events', '/admin/events', 'editor', 'events', 'events', events, 'EventsView', 'EventScreen'),
  page('courses', '/admin/courses', 'editor', 'courses', {
    resource: 'courses',
    screen: lazyExport(learningLists, 'CoursesView'),
    detail: lazyExport(() => import('../../admin/learning/CourseEditor'), 'CourseEditor'),
  }),
  // Learning paths (issue 32): courses in order, each required or optional, and the path's certificate.
  page('learningPaths', '/admin/learning-paths', 'editor', 'courses', {
    resource: 'learning-paths',
    screen: lazyExport(() => import('../../admin/learning/PathEditor'), 'PathsView'),
    detail: lazyExport(() => import('../../admin/learning/PathEditor'), 'PathEditor'),
  }),
  page('examinations', '/admin/examinations', 'editor', 'examinations', {
    resource: 'examinations',
    screen: lazyExport(learningLists, 'ExaminationsView'),
    detail: lazyExport(() => import('../../admin/learning/ExamEditor'), 'ExamEditor'),
  }),
  // The daily drill: its own questions (besides the exams' and the quizzes'), and its settings (one row: desired
  // retention, the day's points; admins write them, editors read).
  page('drill', '/admin/drill', 'editor', 'drill', {
    tabs: [
      tab('drillQuestions', '/admin/drill', { resource: 'drill-questions', screen: lazyExport(() => import('../../admin/drill/DrillQuestions'), 'DrillQuestionsView') }),
      tab('drillSettings', '/admin/drill/settings', { resource: 'drill-settings' }),
    ],
  }),
  page('redeem', '/admin/redeem', 'admin', 'redeem', {
    tabs: [
      tab('rewards', '/admin/redeem', { resource: 'rewards', screen: lazyExport(club, 'RewardsView'), labelKey: 'clubAdmin.tabs.rewards' }),
      tab('redemptions', '/admin/redeem/redemptions', { screen: lazyExport(club, 'RedemptionsView'), labelKey: 'clubAdmin.tabs.redemptions' }),
    ],
  }),
  group('campaignGroup', 'campaigns', [
    resourcePage('campaigns', '/admin/campaigns', 'editor', undefined, 'campaigns', contests, 'CampaignsView', 'ContestEditor'),
    resourcePage('votenames', '/admin/campaigns/votenames', 'editor', undefined, 'campaigns', contests, 'NamingView', 'ContestEditor'),
    resourcePage('socialclub', '/admin/socialclub', 'editor', undefined, 'socialclub', events, 'EventsView', 'EventScreen'),
  ]),
  group('gameGroup', 'games', [
    resourcePage('quiz', '/admin/games/quiz', 'editor', undefined, 'game-quizzes', games, 'QuizzesView', 'QuizEditor'),
    resourcePage('matching', '/admin/games/matching', 'editor', undefined, 'game-matchings', games, 'MatchingsView', 'MatchingEditor'),
    resourcePage('games', '/admin/games/games', 'editor', undefined, 'games', games, 'GamesView'),
  ]),
  resourcePage('badges', '/admin/badges', 'editor', 'badges', 'badges', recognition, 'BadgesView', 'BadgeEditor'),
  // Certificates that expire (issue 32): the issued list per store with exports, and which courses grant one.
  page('certificates', '/admin/certificates', 'editor', 'certificates', {
    tabs: [
      tab('certificatesIssued', '/admin/certificates', { screen: lazyExport(() => import('../../admin/certificates'), 'CertificatesView') }),
      tab('certificateDefinitions', '/admin/certificates/definitions', { resource: 'certificate-definitions' }),
    ],
  }),
  resourcePage('stickers', '/admin/stickers', 'editor', 'stickers', 'sticker-sets', recognition, 'StickerSetsView', 'StickerSetEditor'),
  resourcePage('coupons', '/admin/coupons', 'admin', 'coupons', 'coupon-batches', club, 'CouponBatchesView', 'CouponBatchEditor'),
  resourcePage('gifts', '/admin/gifts', 'admin', 'gifts', 'gift-periods', club, 'GiftPeriodsView', 'GiftPeriodEditor'),
  resourcePage('ebooks', '/admin/ebooks', 'editor', 'ebooks', 'ebooks', learningLists, 'EbooksView'),
  resourcePage('votes', '/admin/votes', 'editor', 'votes', 'polls', polls, 'PollsView', 'PollEditor'),
  group('galleryGroup', 'gallery', [
    resourcePage('galleries', '/admin/galleries', 'editor', undefined, 'galleries', galleries, 'GalleriesView', 'GalleryEditor'),
    page('medias', '/admin/medias', 'editor', undefined, { resource: 'medias', screen: lazyExport(() => import('../../admin/medias/MediaLibrary'), 'MediaLibrary') }),
  ]),
  group('homeGroup', 'home', [
    page('homeoptions', '/admin/homeoptions', 'editor', undefined, { resource: 'home-slides', screen: lazyExport(() => import('../../admin/home/HomeSlidesView'), 'HomeSlidesView') }),
    page('ads', '/admin/ads', 'editor', undefined, { resource: 'ads', screen: lazyExport(() => import('../../admin/home/AdsView'), 'AdsView') }),
    // Not in the seed's menu: broadcasts to staff and the threads' inbox (also the top bar's icon).
    page('messages', '/admin/messages', 'editor', undefined, {
      tabs: [
        tab('broadcasts', '/admin/messages', { resource: 'broadcasts', screen: lazyExport(messages, 'BroadcastsView'), labelKey: 'messagesAdmin.tabs.broadcasts' }),
        tab('inbox', '/admin/messages/inbox', { screen: lazyExport(messages, 'ThreadsInbox'), labelKey: 'messagesAdmin.tabs.inbox' }),
      ],
    }),
  ]),
  resourcePage('survey', '/admin/survey', 'editor', 'survey', 'surveys', surveys, 'SurveysView', 'SurveyEditor'),
  page('pulse', '/admin/pulse', 'editor', 'pulse', {
    tabs: [
      tab('pulses', '/admin/pulse', { resource: 'pulses', screen: lazyExport(pulse, 'PulsesView'), labelKey: 'pulseAdmin.tabs.pulses' }),
      tab('pulseUpdates', '/admin/pulse/updates', { resource: 'pulse-updates', labelKey: 'pulseAdmin.tabs.updates' }),
    ],
    detail: lazyExport(pulse, 'PulseEditor'),
  }),
  page('satisfactions', '/admin/satisfactions', 'admin', 'satisfactions', { screen: lazyExport(satisfactions, 'SatisfactionsView') }),
  resourcePage('forms', '/admin/forms', 'editor', 'forms', 'forms', forms, 'FormsView', 'FormEditor'),
  // One page draws every report (/admin/reports = the actives, /admin/reports/:name the others).
  page('reports', '/admin/reports', 'admin', 'reports', { fullPage: lazyExport(reports, 'ReportsView'), detail: lazyExport(reports, 'ReportsView') }),
  page('logs', '/admin/logs', 'admin', 'logs', { fullPage: lazyExport(() => import('../../admin/logs/LogsView'), 'LogsView') }),
];

/** Pages that moved, by their old address (bookmarks and links in old notices keep working). */
export const movedAdminPaths: Record<string, string> = {
  '/admin/articles/stories': '/admin/stories',
  '/admin/articles/story-comments': '/admin/stories/comments',
};

export const isGroup = (e: AdminEntry): e is AdminGroup => 'children' in e;

// A grouped page names its group, so the page header draws the breadcrumb from the page alone.
for (const e of adminRoutes) if (isGroup(e)) for (const c of e.children) c.groupLabelKey = e.labelKey;

const rank: Record<Role, number> = { staff: 0, editor: 1, admin: 2 };

export function canUse(role: Role | undefined, minRole: AdminRole): boolean {
  return role !== undefined && rank[role] >= rank[minRole];
}

/** Every page of the table, groups flattened, in menu order. */
export function flattenAdminRoutes(entries: AdminEntry[] = adminRoutes): AdminPage[] {
  return entries.flatMap((e) => (isGroup(e) ? e.children : [e]));
}

/** The page of the table with this key (a screen test mounts an editor with its real page). */
export function adminPage(key: string, entries: AdminEntry[] = adminRoutes): AdminPage {
  const page = flattenAdminRoutes(entries).find((p) => p.key === key);
  if (!page) throw new Error(`no admin page ${key}`);
  return page;
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

/** The tab of a tabbed page a path belongs to (exact match, else the page's first tab). */
export function tabFor(page: AdminPage, pathname: string): AdminTab | undefined {
  if (!page.tabs) return undefined;
  const path = normalise(pathname);
  return page.tabs.find((t) => t.path === path) ?? page.tabs[0];
}

/** Which resource an item of the global search opens, and where: the first page or tab showing it. */
export function pathForResource(resource: string, entries: AdminEntry[] = adminRoutes): string | undefined {
  for (const p of flattenAdminRoutes(entries)) {
    if (p.resource === resource) return p.path;
    const t = p.tabs?.find((x) => x.resource === resource);
    if (t) return t.path;
  }
  return undefined;
}

/** Where the global search opens an item: the page's editor (`path/:id`) or its list with `?view=id`. */
export function itemPathFor(resource: string, id: string, entries: AdminEntry[] = adminRoutes): string | undefined {
  const page = flattenAdminRoutes(entries).find((p) => p.resource === resource);
  if (page?.detail) return `${page.path}/${encodeURIComponent(id)}`;
  const path = pathForResource(resource, entries);
  return path ? `${path}?view=${encodeURIComponent(id)}` : undefined;
}

/** Route path relative to the `/admin/*` parent route. */
export function relativeAdminPath(path: string): string {
  return path.replace(/^\/admin\/?/, '');
}

/** The screens the page at `pathname` shows, to load them at once with the frame instead of one after it. */
export function screensFor(pathname: string, entries: AdminEntry[] = adminRoutes): ScreenLoader[] {
  const page = matchAdminPage(pathname, entries);
  if (!page) return [];
  const path = normalise(pathname);
  if (path !== page.path && page.detail && !page.tabs?.some((t) => t.path === path)) return [page.detail];
  const target = tabFor(page, path) ?? page;
  return [target.screen ?? page.fullPage].filter((x): x is ScreenLoader => !!x);
}
