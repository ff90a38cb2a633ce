// A photo from the camera or gallery, resized in the browser before upload: drawn on a canvas at most
// PHOTO_MAX_SIDE px on its longest side and encoded as JPEG (a phone's 5 MB photo becomes ~300 KB), then sent to
// POST /api/media/photos. Campaign entries and success stories both post photos this way.
import { api } from './api';

/** The longest side of a photo after the browser resizes it (a phone photo is 4000 px and 5 MB; this is ~300 KB). */
export const PHOTO_MAX_SIDE = 1600;

/** What POST /api/media/photos answers. */
export interface UploadedPhoto {
  id: string;
  url: string;
  kind: string;
  mime: string;
  width: number | null;
  height: number | null;
}

/** The size to draw a w x h photo at so its longest side is at most `max` (never enlarged). */
export function fitWithin(w: number, h: number, max = PHOTO_MAX_SIDE): { width: number; height: number } {
  if (w <= 0 || h <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, max / Math.max(w, h));
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

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

/** Resizes the photo in the browser, then POST /api/media/photos (the photo becomes mine to attach). */
export async function uploadPhoto(file: Blob): Promise<UploadedPhoto> {
  return uploadPrepared(await resizePhoto(file));
}

/** The side of a profile photo: cropped square in the browser (the server refuses non-square photos). */
export const PROFILE_PHOTO_SIDE = 512;

/** A crop in the source image's own pixels (what react-easy-crop reports as croppedAreaPixels). */
export interface CropArea { x: number; y: number; width: number; height: number }

/** The square `area` of the photo drawn at side x side and encoded as JPEG. */
export async function cropSquare(file: Blob, area: CropArea, side = PROFILE_PHOTO_SIDE, quality = 0.9): Promise<Blob> {
  const image = await decode(file);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, side, side);
    ctx.drawImage(image.source, area.x, area.y, area.width, area.height, 0, 0, side, side);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no blob'))), 'image/jpeg', quality));
  } finally {
    image.close();
  }
}

/** POST /api/media/photos with a photo already sized in the browser. */
export async function uploadPrepared(jpeg: Blob): Promise<UploadedPhoto> {
  const { photo } = await api<{ photo: UploadedPhoto }>('/api/media/photos', { method: 'POST', rawBody: jpeg, contentType: 'image/jpeg' });
  return photo;
}

