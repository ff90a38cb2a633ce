// Uploads one file to the media library: the raw bytes with their Content-Type and the name in X-Filename
// (docs/API.md "Media library"). 201 new, 200 the same bytes already stored.
import type { TFunction } from 'i18next';
import { api, ApiError } from '../../lib/api';
import type { Item } from '../resources/schema';

export const ACCEPTED_MEDIA = 'image/png,image/jpeg,image/webp,image/gif,application/pdf,video/mp4,video/quicktime';

export function uploadMedia(file: File, signal?: AbortSignal): Promise<Item> {
  return api<Item>('/api/admin/media', {
    method: 'POST',
    rawBody: file,
    contentType: file.type || 'application/octet-stream',
    headers: { 'X-Filename': encodeURIComponent(file.name) },
    signal,
  });
}

/** The toast text for a failed upload of `name`: unsupported type, too large, or any other failure. */
export function uploadErrorMessage(t: TFunction, e: unknown, name: string): string {
  const code = e instanceof ApiError ? e.code : '';
  return code === 'UNSUPPORTED_MEDIA_TYPE'
    ? t('media.unsupported', { name })
    : code === 'PAYLOAD_TOO_LARGE'
      ? t('media.tooLarge', { name })
      : t('media.uploadFailed', { name });
}
