// A drill question's picture (a quiz question's), apart from logic.ts so Home's drill card does not carry it.
import { imageUrl, isOptimisable } from '../../lib/image';
import type { DrillPicture } from './types';

/** A question's picture at one width (not a srcset): the same URL online and when fetched ahead for offline,
 * where the service worker keeps it (offline.ts). */
export function pictureUrl(p: DrillPicture): string {
  return isOptimisable(p.url) ? imageUrl(p.url, 750) : p.url;
}
