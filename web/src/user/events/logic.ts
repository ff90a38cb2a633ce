// Pure rules of the event screens (vitest covers them): which RSVP button an item shows, the place as text,
// the API base and web path of an area, and the error keys the screens have texts for.
import type { Area, EventItem } from './types';

export const eventsKey = (area: Area) => ['events', area] as const;
export const eventKey = (area: Area, id: string) => ['events', area, id] as const;

export const apiBase = (area: Area) => (area === 'events' ? '/api/events' : '/api/socialclub');
export const webPath = (area: Area) => (area === 'events' ? '/club/events' : '/club/social');
export const areaOf = (kind: EventItem['kind']): Area => (kind === 'event' ? 'events' : 'socialclub');

export type RsvpState =
  | { kind: 'checkedIn' }
  | { kind: 'going' }
  | { kind: 'waitlisted'; position: number }
  | { kind: 'join' }
  | { kind: 'joinWaitlist' }
  | { kind: 'notYet' }
  | { kind: 'closed' };

/** What the RSVP area shows: my place, or the button to take one (a full event offers the waitlist). */
export function rsvpState(item: Pick<EventItem, 'mine' | 'registration' | 'placesLeft'>): RsvpState {
  if (item.mine?.checkedInAt) return { kind: 'checkedIn' };
  if (item.mine?.status === 'going') return { kind: 'going' };
  if (item.mine?.status === 'waitlisted') return { kind: 'waitlisted', position: item.mine.position ?? 0 };
  if (item.registration === 'not_yet') return { kind: 'notYet' };
  if (item.registration !== 'open') return { kind: 'closed' };
  return item.placesLeft === 0 ? { kind: 'joinWaitlist' } : { kind: 'join' };
}

/** A going or waitlisted person may cancel until it starts. */
export const canCancel = (item: Pick<EventItem, 'mine' | 'registration'>) =>
  !!item.mine && !item.mine.checkedInAt && (item.registration === 'open' || item.registration === 'not_yet' || item.registration === 'closed');

/** The place in one line: the store's name, the address, or the online link. */
export function placeText(place: EventItem['place']): string {
  if (place.kind === 'store') return place.store?.name ?? '';
  if (place.kind === 'address') return place.address ?? '';
  return place.onlineLink ?? '';
}

/** The screens' own texts for the server's codes; others use the server's localised message. */
export function eventErrorKey(code: string | undefined): string | null {
  switch (code) {
    case 'NOT_OPEN':
      return 'events.error.notOpen';
    case 'ALREADY_REGISTERED':
      return 'events.error.already';
    case 'NOT_REGISTERED':
      return 'events.error.notRegistered';
    case 'NOT_FOUND':
      return 'events.error.gone';
    default:
      return null;
  }
}

/** Upcoming items of both areas, soonest first (Home's card). */
export function soonest(lists: (EventItem[] | undefined)[], n: number): EventItem[] {
  return lists
    .flatMap((l) => l ?? [])
    .filter((i) => i.registration !== 'ended')
    // ISO times compare as plain strings; localeCompare would make an ICU collator inside Home's first render.
    .sort((a, b) => (a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : 0))
    .slice(0, n);
}
