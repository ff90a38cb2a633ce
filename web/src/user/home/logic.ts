// Pure bits of Home.
import type { ArticleCard } from '../../lib/learning/types';

/** Good morning / afternoon / evening by the local hour. */
export function greetingKey(hour: number): string {
  if (hour >= 5 && hour < 12) return 'feed.morning';
  if (hour >= 12 && hour < 17) return 'feed.afternoon';
  return 'feed.evening';
}

/** Home's articles, then older pages, each article once (pages can overlap when new ones are published). */
export function mergeArticles(first: ArticleCard[], more: ArticleCard[]): ArticleCard[] {
  const seen = new Set(first.map((a) => a.id));
  const out = [...first];
  for (const a of more) if (!seen.has(a.id)) { seen.add(a.id); out.push(a); }
  return out;
}
