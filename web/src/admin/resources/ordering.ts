// Children kept in order within a parent (a course's lessons, an exam's questions, Home's slides), on the
// kit's one route: PUT /api/admin/:resource/order (server/src/resources/ordering.hpp).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { useInvalidateResource, useList } from './data';
import { moveIds } from './order';
import type { Item } from './schema';

/**
 * The ordered children of one parent (a course's lessons, an exam's questions): the list as shown, and a drag
 * move that shows the new order at once, saves it with PUT `orderUrl` and puts the old one back if that fails.
 * `parent` is sent in the body for the kit's own route (`PUT /api/admin/:resource/order {parent, ids}`).
 */
export function useOrderedChildren({
  resource,
  filters,
  orderUrl,
  savedText,
  parent,
}: {
  resource: string;
  filters: Record<string, string>;
  orderUrl: string;
  savedText: string;
  parent?: string;
}) {
  const { t } = useTranslation();
  const invalidate = useInvalidateResource();
  const list = useList(resource, { filters, sort: 'position', pageSize: 100 }, Object.values(filters).every(Boolean));
  const [order, setOrder] = useState<Item[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (list.data) setOrder(list.data.items);
  }, [list.data]);

  const move = async (activeId: string, overId: string) => {
    const before = order;
    const ids = moveIds(before.map((x) => x.id), activeId, overId);
    setOrder(ids.map((x) => before.find((l) => l.id === x)!));
    setSaving(true);
    try {
      await api(orderUrl, { method: 'PUT', body: parent ? { parent, ids } : { ids } });
      notify.success(savedText);
    } catch (e) {
      setOrder(before);
      notify.error(e instanceof ApiError ? e.message : t('resource.saveFailed'));
    } finally {
      setSaving(false);
      void invalidate(resource);
    }
  };

  return { list, order, saving, move };
}
