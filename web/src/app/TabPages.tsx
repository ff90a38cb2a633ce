// The staff app's tab pages, put together from the areas that show on them. An area never imports another
// (src/layers.test.ts), so what one area draws on another's page is handed in here: Home's cards, rows and
// article items, the Club tab's entries (ClubTab.tsx), the article's sticker reactions (ArticleRoute.tsx) and
// the profile's achievements (App.tsx).
// (Imports in the order Home draws them: the first chunk keeps its order, and so its compressed size.)
import { lazy } from 'react';
import { HomePage, type HomeParts } from '../user/home/HomePage';
import { ArticleFeedItem } from '../user/articles/ArticleFeedItem';
import { CardRow } from '../user/learning/CardRow';

// The Learning (user/learning/LearningPage.tsx), Success Story (user/stories), Club (ClubTab.tsx: balance and
// entries) and Profile (user/profile) tabs are lazy chunks of their own, loaded by App.tsx (issue 29): a phone
// opening one tab does not download the others' code first.

// The areas' Home cards come in one chunk of their own (homeCards.tsx), after the first screen.
const homeCards = () => import('./homeCards');
const homeParts: HomeParts = {
  ActionCards: lazy(() => homeCards().then((m) => ({ default: m.HomeActionCards }))),
  Ads: lazy(() => homeCards().then((m) => ({ default: m.HomeAds }))),
  Events: lazy(() => homeCards().then((m) => ({ default: m.HomeEvents }))),
  CardRow,
  ArticleItem: ArticleFeedItem,
};

/** Home (/main) with the other areas' parts. */
export function HomeTab() {
  return <HomePage parts={homeParts} />;
}
