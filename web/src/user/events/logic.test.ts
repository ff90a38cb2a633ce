import { describe, expect, it } from 'vitest';
import { canCancel, eventErrorKey, placeText, rsvpState, soonest } from './logic';
import type { EventItem } from './types';

const base = { mine: null, registration: 'open' as const, placesLeft: 3 };

describe('rsvpState', () => {
  it('shows my place first', () => {
    expect(rsvpState({ ...base, mine: { status: 'going', position: null, code: 'A', checkedInAt: null } })).toEqual({ kind: 'going' });
    expect(rsvpState({ ...base, registration: 'ended', mine: { status: 'going', position: null, code: 'A', checkedInAt: '2026-01-01T00:00:00Z' } })).toEqual({ kind: 'checkedIn' });
    expect(rsvpState({ ...base, mine: { status: 'waitlisted', position: 4, code: 'A', checkedInAt: null } })).toEqual({ kind: 'waitlisted', position: 4 });
  });
  it('offers the waitlist when full, and nothing outside the window', () => {
    expect(rsvpState(base)).toEqual({ kind: 'join' });
    expect(rsvpState({ ...base, placesLeft: null })).toEqual({ kind: 'join' });
    expect(rsvpState({ ...base, placesLeft: 0 })).toEqual({ kind: 'joinWaitlist' });
    expect(rsvpState({ ...base, registration: 'not_yet' })).toEqual({ kind: 'notYet' });
    expect(rsvpState({ ...base, registration: 'started' })).toEqual({ kind: 'closed' });
  });
});

describe('helpers', () => {
  it('cancels only before it starts and before check-in', () => {
    const mine = { status: 'going' as const, position: null, code: 'A', checkedInAt: null };
    expect(canCancel({ mine, registration: 'open' })).toBe(true);
    expect(canCancel({ mine, registration: 'started' })).toBe(false);
    expect(canCancel({ mine: { ...mine, checkedInAt: 'x' }, registration: 'open' })).toBe(false);
    expect(canCancel({ mine: null, registration: 'open' })).toBe(false);
  });
  it('names the place by its kind', () => {
    expect(placeText({ kind: 'store', store: { id: '1', name: 'สยาม' }, address: null, onlineLink: null })).toBe('สยาม');
    expect(placeText({ kind: 'online', store: null, address: null, onlineLink: 'https://meet' })).toBe('https://meet');
  });
  it('maps codes and sorts the soonest', () => {
    expect(eventErrorKey('NOT_OPEN')).toBe('events.error.notOpen');
    expect(eventErrorKey('X')).toBeNull();
    const a = { id: 'a', startsAt: '2030-01-02T00:00:00Z', registration: 'open' } as EventItem;
    const b = { id: 'b', startsAt: '2030-01-01T00:00:00Z', registration: 'open' } as EventItem;
    const c = { id: 'c', startsAt: '2029-01-01T00:00:00Z', registration: 'ended' } as EventItem;
    expect(soonest([[a], [b, c]], 5).map((x) => x.id)).toEqual(['b', 'a']);
  });
});
