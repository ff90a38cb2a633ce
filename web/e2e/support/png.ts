// A real PNG made in the test (no fixture files): RGB, a diagonal gradient so resizes are visible.
import { encodePng } from '../../../scripts/lib/png.mjs';

export function makePng(width: number, height: number, from: [number, number, number], to: [number, number, number]): Buffer {
  return encodePng(width, height, (x, y) => {
    const t = (x / width + y / height) / 2;
    const mix = (c: 0 | 1 | 2) => Math.round(from[c] + (to[c] - from[c]) * t);
    return [mix(0), mix(1), mix(2)];
  });
}
