// The full-screen photo viewer's picture size, shared by galleries and learning contents (both lazy: kept out
// of lib/image.tsx, which the first screen loads).
import { allowedWidth } from './image';

/** The width the full-screen viewer asks for: the screen in device pixels, as an allowed width. */
export function viewerWidth(screenWidth = globalThis.innerWidth || 390, dpr = globalThis.devicePixelRatio || 1): number {
  return allowedWidth(Math.min(screenWidth * dpr, 2048));
}
