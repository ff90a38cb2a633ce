// Reads a QR code from a picture (a camera frame or a photo of a ticket): the browser's BarcodeDetector where
// it exists, else jsQR (loaded on first use) on the pixels.
interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (opts: { formats: string[] }) => Detector;

let detector: Detector | null | undefined;

function nativeDetector(): Detector | null {
  if (detector !== undefined) return detector;
  const D = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  try {
    detector = D ? new D({ formats: ['qr_code'] }) : null;
  } catch {
    detector = null;
  }
  return detector;
}

/** The text of the first QR code in the canvas, or null. */
export async function decodeCanvas(canvas: HTMLCanvasElement): Promise<string | null> {
  const native = nativeDetector();
  if (native) {
    try {
      const found = await native.detect(canvas);
      if (found[0]?.rawValue) return found[0].rawValue;
    } catch {
      /* fall through to jsQR */
    }
  }
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx || !canvas.width || !canvas.height) return null;
  const { default: jsQR } = await import('jsqr');
  const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height);
  return jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

/** Draws a picture into `canvas`, at most `max` pixels on its long side (a phone photo is large). */
export function drawScaled(canvas: HTMLCanvasElement, source: CanvasImageSource, width: number, height: number, max = 1280): void {
  const scale = Math.min(1, max / Math.max(width, height));
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  canvas.getContext('2d', { willReadFrequently: true })?.drawImage(source, 0, 0, canvas.width, canvas.height);
}

/** The QR text of an image file (a photo or a screenshot of a ticket), or null. */
export async function decodeFile(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  drawScaled(canvas, bitmap, bitmap.width, bitmap.height);
  bitmap.close();
  return decodeCanvas(canvas);
}
