// A real RGB PNG made from bytes (no image tools needed), shared by the media and learning test files.
import { encodePng } from '../../../scripts/lib/png.mjs';

/** A real RGB PNG of width x height (a gradient, so it is a genuine image); `seed` shifts it (another hash). */
export function png(width, height, seed = 0) {
  return encodePng(width, height, (x, y) => [x + seed, y, x * y]);
}
