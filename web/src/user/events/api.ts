// Queries and writes of the staff event screens (docs/API.md "Events and social club", Staff).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api, ApiError } from '../../lib/api';
import { errorText } from '../../lib/errorText';
import { apiBase, eventErrorKey, eventKey, eventsKey } from './logic';
import type { Area, EventItem, EventsAnswer } from './types';

const enc = encodeURIComponent;

export const useEvents = (area: Area) =>
  useQuery({ queryKey: eventsKey(area), queryFn: ({ signal }) => api<EventsAnswer>(apiBase(area), { signal }), staleTime: 30_000 });

export const useEvent = (area: Area, id: string) =>
  useQuery({
    queryKey: eventKey(area, id),
    queryFn: ({ signal }) => api<{ item: EventItem }>(`${apiBase(area)}/${enc(id)}`, { signal }).then((r) => r.item),
    staleTime: 0,
  });

/** RSVP or cancel: the answered item replaces the cached one (detail and lists). */
export function useSignUp(area: Area, id: string) {
  const client = useQueryClient();
  return useMutation({
    // Offline: tried at once and said not sent (React Query would hold it and send it on its own later).
    networkMode: 'always',
    mutationFn: (action: 'rsvp' | 'cancel') =>
            // Offline, the page says which action was not sent (eventErrorText's offline text), not the generic toast.
      api<{ item: EventItem }>(`${apiBase(area)}/${enc(id)}/${action}`, { method: 'POST', body: {}, toastOnNetworkError: false }).then((r) => r.item),
    onSuccess: (item) => {
      client.setQueryData(eventKey(area, id), item);
      void client.invalidateQueries({ queryKey: eventsKey(area) });
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) void client.invalidateQueries({ queryKey: eventKey(area, id) });
    },
  });
}

/** `offline`: the action's own text when the connection is down (lib/errorText.ts). */
export const eventErrorText = (t: TFunction, error: unknown, offline?: string) =>
  errorText(t, error, { generic: 'events.error.generic', ownKey: eventErrorKey, offline });
