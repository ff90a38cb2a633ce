// Uploads one file to the media library: the raw bytes with their Content-Type and the name in X-Filename
// (docs/API.md "Media library"). 201 new, 200 the same bytes already stored.
import { api } from '../../lib/api';
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
