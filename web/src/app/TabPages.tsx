// The staff app's tab pages, put together from the areas that show on them. An area never imports another
// (src/layers.test.ts), so what one area draws on another's page is handed in here: Home's cards, rows and
// article items, the Club tab's entries (ClubTab.tsx), the article's sticker reactions (ArticleRoute.tsx) and
// the profile's achievements (App.tsx).
// (Imports in the order Home draws them: the first chunk keeps its order, and so its compressed size.)
import { lazy } from 'react';
// The Learning tab lives with the rest of the learning screens.
export { LearningPage } from '../user/learning/LearningPage';
import { HomePage, type HomeParts } from '../user/home/HomePage';
import { ArticleFeedItem } from '../user/articles/ArticleFeedItem';
import { CardRow } from '../user/learning/CardRow';

// The Success Story tab (/stores) is a lazy chunk of its own (user/stories, loaded by App.tsx).

// The Club tab (balance and entries) is ClubTab.tsx; its screens are a lazy chunk (user/club).
export { ClubPage } from './ClubTab';

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
