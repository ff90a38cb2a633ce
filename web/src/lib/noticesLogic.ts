// What a notification says, in the reader's language: its type picks the text (notices.types.* in
// th.json / en.json), its params fill it in. Pure, so vitest covers it.

export interface NoticeItem {
  id: string;
  type: string;
  params: Record<string, unknown>;
  link: string | null;
  read: boolean;
  createdAt: string;
}

export interface NoticePage {
  items: NoticeItem[];
  unread: number;
  hasMore: boolean;
}

/** The types the web has texts for; any other (a later area's) falls back to a generic line. */
export const KNOWN_TYPES = [
  'badge_earned',
  'sticker_earned',
  'redemption_status',
  'course_assigned',
  'course_due',
  'course_due_tomorrow',
  'certificate_issued',
  'certificate_expiring',
  'drill_streak',
  'message',
  'event',
  'campaign_won',
  'event_promoted',
  'entry_approved',
  'entry_rejected',
  'story_published',
  'story_rejected',
  'points_received',
  'points_deducted',
  'event_going',
  'event_waitlisted',
  'event_cancelled',
  'event_reminder',
  'live_quiz_started',
] as const;

export const REDEMPTION_STATUSES = ['pending', 'approved', 'fulfilled', 'rejected', 'cancelled'];
/** The points ledger's sources with a text of their own (points_received); any other reads as "other". */
export const POINT_SOURCES = ['lesson', 'course', 'exam', 'game', 'event', 'survey', 'campaign', 'story', 'manual'];

/** The i18n key of a notice's text and the values it names. */
export function noticeText(n: Pick<NoticeItem, 'type' | 'params'>): { key: string; values: Record<string, string> } {
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(n.params ?? {})) if (typeof v === 'string' || typeof v === 'number') values[k] = String(v);
  if (n.type === 'redemption_status') {
    const status = REDEMPTION_STATUSES.includes(values.status ?? '') ? values.status : 'other';
    return { key: `notices.types.redemption_status.${status}`, values };
  }
  if (n.type === 'points_received') {
    const source = POINT_SOURCES.includes(values.source ?? '') ? values.source : 'other';
    return { key: `notices.types.points_received.${source}`, values };
  }
  // A day before, or within the hour (events/reminders.hpp).
  if (n.type === 'event_reminder') return { key: `notices.types.event_reminder.${values.when === 'hour' ? 'hour' : 'day'}`, values };
  // The points an approval or a win paid, when it paid any.
  if ((n.type === 'entry_approved' || n.type === 'campaign_won') && Number(values.points) > 0)
    return { key: `notices.types.${n.type}_points`, values };
  if ((KNOWN_TYPES as readonly string[]).includes(n.type)) return { key: `notices.types.${n.type}`, values };
  return { key: 'notices.types.other', values };
}

/** The badge on a bell: nothing at 0, "99+" past 99. */
export function badgeLabel(count: number | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

/** Only in-app paths are followed (a notice never sends anyone off the site). */
export function safeLink(link: string | null | undefined): string | null {
  return link && link.startsWith('/') && !link.startsWith('//') ? link : null;
}

/** The `before` of the next page: the last id of this one, while the server says there is more. */
export function nextPageBefore(last: NoticePage): string | undefined {
  return last.hasMore ? last.items.at(-1)?.id : undefined;
}

/** How recent a notice must be to show as a toast when a push arrives (older ones were there before). */
export const FRESH_MS = 5 * 60_000;

/**
 * Whether a push's newest notice is news to toast: unread, not toasted already this session, and recent.
 * Decided on the notice itself, not on the count rising: a refetch racing the push (the socket's hello
 * refetches the count) can already hold the new count when the push arrives.
 */
export function isNews(n: Pick<NoticeItem, 'id' | 'read' | 'createdAt'> | undefined, announced: ReadonlySet<string>, now: number): boolean {
  if (!n || n.read || announced.has(n.id)) return false;
  const at = Date.parse(n.createdAt);
  return Number.isFinite(at) && now - at < FRESH_MS;
}
