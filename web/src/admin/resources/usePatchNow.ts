// A patch of one or a few fields (publish, archive, hide) on an item as it is now, for quick row actions.
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { updateItem, useInvalidateResource } from './data';
import type { Item } from './schema';

/** One-field intents (publish, archive, hide) apply to the item as it is now: fetch its version first. */
export function usePatchNow(resource: string) {
  const invalidate = useInvalidateResource();
  const { t } = useTranslation();
  return async (id: string, body: Record<string, unknown>, done?: string): Promise<Item | undefined> => {
    try {
      const fresh = await api<Item>(`/api/admin/${resource}/${encodeURIComponent(id)}`);
      const saved = await updateItem(resource, id, { ...body, version: fresh.version });
      if (done) notify.success(done);
      return saved;
    } catch (e) {
      notify.error(e instanceof ApiError && e.status === 422 ? Object.values(e.fields).join(' ') || e.message : e instanceof ApiError ? e.message : t('resource.saveFailed'));
      return undefined;
    } finally {
      void invalidate(resource);
    }
  };
}
