// The admin side of the sign-up engine (docs/API.md "Events and social club", Back office).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export interface Attendee {
  id: string;
  userId: string;
  name: string;
  employeeCode: string;
  store: string | null;
  status: 'going' | 'waitlisted';
  seq: number;
  code: string;
  checkedInAt: string | null;
  hours: number;
  registeredAt: string;
}

export interface AttendeesAnswer {
  title: string;
  items: Attendee[];
  counts: { going: number; waitlisted: number; checkedIn: number };
}

const enc = encodeURIComponent;
export const attendeesKey = (resource: string, id: string) => ['admin', 'events', resource, id, 'attendees'] as const;
export const exportUrl = (resource: string, id: string, format: string) => `/api/admin/${enc(resource)}/${enc(id)}/attendees/export?format=${format}`;

export function useAttendees(resource: string, id: string, q = '') {
  return useQuery({
    queryKey: [...attendeesKey(resource, id), q],
    queryFn: ({ signal }) => api<AttendeesAnswer>(`/api/admin/${enc(resource)}/${enc(id)}/attendees${q ? `?q=${enc(q)}` : ''}`, { signal }),
    enabled: !!id,
    staleTime: 0,
  });
}

export function useCheckIn(resource: string, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api<{ attendee: Attendee; points: number }>(`/api/admin/${enc(resource)}/${enc(id)}/checkin`, { method: 'POST', body: { code } }),
    onSettled: () => void qc.invalidateQueries({ queryKey: attendeesKey(resource, id) }),
  });
}

/** The waitlist position of each waitlisted attendee (1-based, in arrival order). */
export function waitlistPositions(items: Attendee[]): Map<string, number> {
  const out = new Map<string, number>();
  let n = 0;
  for (const a of [...items].sort((x, y) => x.seq - y.seq)) if (a.status === 'waitlisted') out.set(a.id, ++n);
  return out;
}
