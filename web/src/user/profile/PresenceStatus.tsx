import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { lastSeenText } from '../../lib/relativeTime';
import { useNow } from '../../lib/useNow';

export interface UserPresence {
  userId: string;
  online: boolean;
  lastSeen: string | null;
}

/** "Online" or "Last seen 5 minutes ago" for one user (GET /api/presence/:userId, refreshed every 30 s). */
export function PresenceStatus({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const now = useNow(30_000);
  const { data } = useQuery({
    queryKey: ['presence', userId],
    queryFn: ({ signal }) =>
      api<UserPresence>(`/api/presence/${encodeURIComponent(userId)}`, { signal, toastOnNetworkError: false }),
    enabled: !!userId,
    refetchInterval: 30_000,
  });
  if (!data) return null;
  const locale = i18n.language === 'en' ? 'en' : 'th';
  const text = data.online
    ? t('presence.online')
    : data.lastSeen
      ? lastSeenText(t, data.lastSeen, now, locale)
      : t('presence.neverSeen');
  return (
    <span className={`sf-presence-status${data.online ? ' is-online' : ''}`} data-testid="presence-status">
      <span className="sf-presence-status__dot" aria-hidden="true" />
      {text}
    </span>
  );
}
