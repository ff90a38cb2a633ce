// The staff API of events and social club activities (docs/API.md "Events and social club").
import type { MediaSummary } from '../../lib/media';

export type Area = 'events' | 'socialclub';

export interface Mine {
  status: 'going' | 'waitlisted';
  position: number | null;
  code: string;
  checkedInAt: string | null;
}

export interface EventItem {
  id: string;
  kind: 'event' | 'social';
  title: string;
  description: string | null;
  cover: MediaSummary | null;
  startsAt: string;
  endsAt: string;
  place: { kind: 'store' | 'address' | 'online'; store: { id: string; name: string } | null; address: string | null; onlineLink: string | null };
  capacity: number | null;
  going: number;
  waitlisted: number;
  placesLeft: number | null;
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
  registration: 'open' | 'not_yet' | 'closed' | 'started' | 'ended';
  points: number;
  mine: Mine | null;
  activityKind?: 'csr' | 'sports' | 'volunteering';
  hours?: number;
  photos?: MediaSummary[];
}

export interface EventsAnswer {
  items: EventItem[];
  past: EventItem[];
}
