// The tabs whose screen is a lazy chunk (issue 29): every tab but Home, so a phone opening one tab does not
// download and run the others' code first. App.tsx routes to them and, for the address the app opens on, has
// the chunk in before the first render (the server sends it with the page: web/first-screen.json);
// UserLayout.tsx asks for a tab's chunk when a finger lands on the tab, so the tap draws it rather than a
// skeleton (the service worker's precache has it on the phone by then: no network).
import { lazyScreen } from '../lib/lazyScreen';
import type { TabKey } from './tabs';

export const storyScreens = () => import('../user/stories/screens');
export const StoriesPage = lazyScreen(() => storyScreens().then((m) => m.StoriesPage));
export const LearningPage = lazyScreen(() => import('../user/learning/LearningPage').then((m) => m.LearningPage));
export const ClubPage = lazyScreen(() => import('./ClubTab').then((m) => m.ClubPage));
export const ProfilePage = lazyScreen(() => import('../user/profile/ProfilePage').then((m) => m.ProfilePage));

const screens: Partial<Record<TabKey, { preload: () => Promise<unknown> }>> = {
  learning: LearningPage,
  stores: StoriesPage,
  club: ClubPage,
  profile: ProfilePage,
};

/** Loads a tab's screen ahead of the tap (a failure is left to the route, which asks again). */
export function preloadTab(key: TabKey): void {
  void screens[key]?.preload().catch(() => undefined);
}
