// A photo from the camera or gallery, resized in the browser before upload: drawn on a canvas at most
// PHOTO_MAX_SIDE px on its longest side and encoded as JPEG (a phone's 5 MB photo becomes ~300 KB).
import { fitWithin, PHOTO_MAX_SIDE } from './contestLogic';

async function decode(file: Blob): Promise<{ source: CanvasImageSource; width: number; height: number; close: () => void }> {
  if ('createImageBitmap' in window) {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
    } catch {
      // fall back to an <img> below (older Safari)
    }
  }
  const url = URL.createObjectURL(file);
  const img = new Image();
  img.src = url;
  await img.decode();
  return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => URL.revokeObjectURL(url) };
}

export async function resizePhoto(file: Blob, max = PHOTO_MAX_SIDE, quality = 0.85): Promise<Blob> {
  const image = await decode(file);
  try {
    const { width, height } = fitWithin(image.width, image.height, max);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.fillStyle = '#fff';  // a transparent PNG gets a white background in JPEG
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(image.source, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no blob'))), 'image/jpeg', quality));
  } finally {
    image.close();
  }
}
