// Who is online, live: GET /api/admin/presence for the first picture, then the realtime feed
// (presence_snapshot, then one presence event per change). People who go offline while the page is open
// stay in the list with their last-seen time. Only admins see who (SPEC §1: the users area is theirs):
// for editors the server answers the count alone, polled here instead of the feed.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../lib/api';
import { usePresenceFeed, type ConnectionState, type PresenceMessage, type PresenceUser } from '../../lib/presence';

export interface AdminPresence {
  online: number;
  /** Absent for editors. */
  users?: PresenceUser[];
}

const COUNT_POLL_MS = 30_000;

export type PresenceMap = ReadonlyMap<string, PresenceUser>;

/** The full list of online users (GET or snapshot) merged into what we know: anyone missing is offline now. */
export function mergeOnlineList(prev: PresenceMap, online: PresenceUser[]): Map<string, PresenceUser> {
  const next = new Map<string, PresenceUser>();
  const ids = new Set(online.map((u) => u.userId));
  for (const [id, u] of prev) if (!ids.has(id)) next.set(id, u.online ? { ...u, online: false, lastSeen: new Date().toISOString() } : u);
  for (const u of online) {
    const known = prev.get(u.userId);
    // A list fetched before a logout we already heard about must not bring that user back.
    const staler = known && !known.online && known.lastSeen && u.lastSeen && Date.parse(known.lastSeen) > Date.parse(u.lastSeen);
    next.set(u.userId, staler ? known : { ...u, online: true });
  }
  return next;
}

/** One change from the feed. Returns the new map, or null when the user is unknown (names must be fetched). */
export function applyChange(
  prev: PresenceMap,
  change: { userId: string; online: boolean; lastSeen: string | null },
): Map<string, PresenceUser> | null {
  const known = prev.get(change.userId);
  if (!known) return change.online ? null : new Map(prev);
  const next = new Map(prev);
  next.set(change.userId, { ...known, online: change.online, lastSeen: change.lastSeen ?? known.lastSeen });
  return next;
}

/** Online first (most recent first), then those who left, most recently seen first. */
export function sortPresence(users: Iterable<PresenceUser>): PresenceUser[] {
  const time = (u: PresenceUser) => (u.lastSeen ? Date.parse(u.lastSeen) : 0);
  return [...users].sort((a, b) => Number(b.online) - Number(a.online) || time(b) - time(a) || a.name.localeCompare(b.name));
}

export function useLivePresence(details: boolean): {
  users: PresenceUser[];
  online: number;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
  connection: ConnectionState;
} {
  const query = useQuery({
    queryKey: ['admin', 'presence', details],
    queryFn: ({ signal }) => api<AdminPresence>('/api/admin/presence', { signal }),
    staleTime: 0,
    refetchInterval: details ? false : COUNT_POLL_MS,
  });
  const [map, setMapState] = useState<Map<string, PresenceUser>>(() => new Map());
  const current = useRef(map);
  const setMap = useCallback((next: Map<string, PresenceUser>) => {
    current.current = next;
    setMapState(next);
  }, []);
  const { data, refetch } = query;

  useEffect(() => {
    if (data?.users) setMap(mergeOnlineList(current.current, data.users));
  }, [data, setMap]);

  const onMessage = useCallback(
    (m: PresenceMessage) => {
      if (m.type === 'presence_snapshot') {
        setMap(mergeOnlineList(current.current, m.users));
        return;
      }
      const next = applyChange(current.current, m);
      if (next) setMap(next);
      // Someone new came online: their name, code and store come with the list.
      else void refetch();
    },
    [refetch, setMap],
  );
  const connection = usePresenceFeed(onMessage, undefined, details);

  const users = useMemo(() => sortPresence(map.values()), [map]);
  return {
    users,
    online: details ? users.filter((u) => u.online).length : (data?.online ?? 0),
    isLoading: query.isLoading,
    isError: query.isError,
    refetch: () => void refetch(),
    connection,
  };
}
