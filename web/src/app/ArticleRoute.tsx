// An article (/main/articles/:id) with recognition's sticker reactions handed in (an area never imports
// another). Lazy with the page (App.tsx), so the reactions' loader stays out of the first JS; the reactions
// themselves are a chunk of their own (picker, chips, their strings), fetched as soon as the page opens.
import { lazy } from 'react';
import { ArticlePage } from '../user/articles/ArticlePage';

const reactionsChunk = () => import('../user/recognition/Reactions');
const StickerReactions = Object.assign(lazy(() => reactionsChunk().then((m) => ({ default: m.StickerReactions }))), { preload: reactionsChunk });

export default function ArticleRoute() {
  return <ArticlePage Reactions={StickerReactions} />;
}
