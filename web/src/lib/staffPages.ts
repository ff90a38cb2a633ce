// The staff app's pages by their routes, as app/App.tsx mounts them (staffPages.test.ts holds the two
// together both ways), each with the key of its name. What telemetry reports per page (time spent, first
// scroll, speed) names a page by its route with ids as ":id" (the server's rollups::page_key); the back office
// shows the page's name instead, and leaves out addresses the app does not have.

export interface StaffPage {
  /** The route as App.tsx writes it (`:name` a parameter, a trailing `/*` anything below). */
  path: string;
  /** The name's key: `staffPages.<name>` in the catalogs that show page names. */
  name: string;
}

export const STAFF_PAGES: readonly StaffPage[] = [
  { path: '/login', name: 'login' },
  { path: '/register', name: 'register' },
  { path: '/reset', name: 'reset' },
  { path: '/share/*', name: 'share' },
  { path: '/ads', name: 'ads' },
  { path: '/ads/:id', name: 'ad' },
  { path: '/pulsesurvey/*', name: 'pulse' },
  { path: '/messager/*', name: 'messages' },
  { path: '/main', name: 'home' },
  { path: '/main/articles/:id', name: 'article' },
  { path: '/search', name: 'search' },
  { path: '/learning', name: 'learning' },
  { path: '/learning/search', name: 'learningSearch' },
  { path: '/learning/category/:id', name: 'category' },
  { path: '/learning/content/:id', name: 'content' },
  { path: '/learning/course/:id', name: 'course' },
  { path: '/learning/ebooks', name: 'ebooks' },
  { path: '/learning/ebook/:id', name: 'ebook' },
  { path: '/learning/exam/:id', name: 'exam' },
  { path: '/learning/exam/:id/attempt/:attemptId', name: 'examAttempt' },
  { path: '/learning/exam/:id/result/:attemptId', name: 'examResult' },
  { path: '/stores', name: 'stories' },
  { path: '/stores/new', name: 'storyNew' },
  { path: '/stores/mine', name: 'storiesMine' },
  { path: '/stores/:id', name: 'story' },
  { path: '/stores/:id/edit', name: 'storyEdit' },
  { path: '/club', name: 'club' },
  { path: '/club/points', name: 'points' },
  { path: '/club/rewards', name: 'rewards' },
  { path: '/club/rewards/:id', name: 'reward' },
  { path: '/club/redemptions', name: 'redemptions' },
  { path: '/club/coupons', name: 'coupons' },
  { path: '/club/gifts', name: 'gifts' },
  { path: '/club/leaderboard', name: 'leaderboard' },
  { path: '/club/polls', name: 'polls' },
  { path: '/club/surveys', name: 'surveys' },
  { path: '/club/surveys/:id', name: 'survey' },
  { path: '/club/forms', name: 'forms' },
  { path: '/club/forms/:id', name: 'form' },
  { path: '/club/campaigns', name: 'campaigns' },
  { path: '/club/campaigns/:id', name: 'campaign' },
  { path: '/club/events', name: 'events' },
  { path: '/club/events/:id', name: 'event' },
  { path: '/club/social', name: 'social' },
  { path: '/club/social/:id', name: 'socialActivity' },
  { path: '/club/games', name: 'games' },
  { path: '/club/games/:id', name: 'game' },
  { path: '/club/games/play/:playId', name: 'gamePlay' },
  { path: '/club/games/live', name: 'liveQuiz' },
  { path: '/club/galleries', name: 'galleries' },
  { path: '/club/galleries/:id', name: 'gallery' },
  { path: '/notifications', name: 'notifications' },
  { path: '/profile', name: 'myProfile' },
  { path: '/p/:userId', name: 'profile' },
];

const segments = (path: string) => path.split('/').filter(Boolean);

/**
 * How well a route matches a page key: the number of literal segments it shares (the most specific route
 * wins), or -1 when it does not match.
 */
function score(route: string, key: string[]): number {
  const parts = segments(route);
  const splat = parts[parts.length - 1] === '*';
  const fixed = splat ? parts.slice(0, -1) : parts;
  if (splat ? key.length < fixed.length : key.length !== fixed.length) return -1;
  let literal = 0;
  for (let i = 0; i < fixed.length; i++) {
    // A parameter is an item's id, which the key holds as ":id" (a word there is no item: no page).
    if (fixed[i]!.startsWith(':')) {
      if (key[i] !== ':id') return -1;
      continue;
    }
    if (fixed[i] !== key[i]) return -1;
    literal++;
  }
  return literal;
}

/** The staff page a telemetry page key (`/learning/content/:id`) is, or undefined when the app has none. */
export function staffPageOf(pageKey: string): StaffPage | undefined {
  const key = segments(pageKey.split(/[?#]/)[0] ?? '');
  let best: StaffPage | undefined;
  let bestScore = -1;
  for (const page of STAFF_PAGES) {
    const s = score(page.path, key);
    if (s > bestScore) {
      best = page;
      bestScore = s;
    }
  }
  return best;
}

/**
 * The area a page key belongs to when no page above is it: its first segment (`/announcements/:id` →
 * `announcements`). An area added with one line (App.tsx's lazyArea) names its pages for the reports in its
 * own catalog, `staffPages.areas.<area>`; the caller shows that name only where the catalog has one.
 */
export function addedAreaOf(pageKey: string): string | undefined {
  if (staffPageOf(pageKey)) return undefined;
  return segments(pageKey.split(/[?#]/)[0] ?? '')[0];
}
