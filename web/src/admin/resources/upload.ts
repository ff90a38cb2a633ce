// Uploads one file to the media library: the raw bytes with their Content-Type and the name in X-Filename
// (docs/API.md "Media library"). 201 new, 200 the same bytes already stored.
import type { UploadProps } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { useInvalidateResource } from './data';
import type { Item } from './schema';

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
function uploadErrorMessage(t: TFunction, e: unknown, name: string): string {
  const code = e instanceof ApiError ? e.code : '';
  return code === 'UNSUPPORTED_MEDIA_TYPE'
    ? t('media.unsupported', { name })
    : code === 'PAYLOAD_TOO_LARGE'
      ? t('media.tooLarge', { name })
      : t('media.uploadFailed', { name });
}

/**
 * An antd Upload's customRequest that stores each file in the library, says why one failed, hands each stored
 * item to `onUploaded` and refreshes the library; `uploading` counts the files still on their way.
 */
export function useMediaUpload(onUploaded: (item: Item, name: string) => void) {
  const { t } = useTranslation();
  const invalidate = useInvalidateResource();
  const [uploading, setUploading] = useState(0);
  const customRequest: UploadProps['customRequest'] = async ({ file, onSuccess, onError }) => {
    const f = file as File;
    setUploading((n) => n + 1);
    try {
      const item = await uploadMedia(f);
      onSuccess?.(item);
      onUploaded(item, f.name);
      void invalidate('medias');
    } catch (e) {
      onError?.(e as Error);
      notify.error(uploadErrorMessage(t, e, f.name));
    } finally {
      setUploading((n) => n - 1);
    }
  };
  return { uploading, customRequest };
}
