import { describe, expect, it } from 'vitest';
import { storesFromQuery } from '../../lib/learning/assignmentLink';
import { refresherLink, type WeakTopic } from './weakTopics';

const topic = (over: Partial<WeakTopic> = {}): WeakTopic => ({
  id: 'cat1', name: 'Safety', retention: 71.2, people: 12, course: { id: 'c 1', title: 'Refresher' }, stores: [], ...over,
});

describe('refresherLink', () => {
  it('opens a new assignment of the refresher with the stores concerned', () => {
    const link = refresherLink(topic({ stores: [{ id: 's1', name: 'A', retention: 60 }, { id: 's2', name: 'B', retention: 70 }] }));
    expect(link).toBe('/admin/courses/c%201?anew=1&astores=s1%2Cs2');
    expect(storesFromQuery(new URL(link, 'http://x').searchParams)).toEqual(['s1', 's2']);
  });
  it('opens a new assignment for everyone when no store is below the target', () => {
    expect(refresherLink(topic())).toBe('/admin/courses/c%201?anew=1');
    expect(storesFromQuery(new URLSearchParams('anew=1'))).toEqual([]);
  });
  it('goes to the courses to make one when the topic has no refresher', () => {
    expect(refresherLink(topic({ course: null }))).toBe('/admin/courses');
  });
});
