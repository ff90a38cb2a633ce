/** A PNG of width × height, 8-bit RGB, whose pixel (x, y) is `rgb(x, y)` ([r, g, b], each kept to 0-255). */
export function encodePng(width: number, height: number, rgb: (x: number, y: number) => readonly [number, number, number]): Buffer;
