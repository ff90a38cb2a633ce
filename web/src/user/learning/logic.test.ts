import { describe, expect, it } from 'vitest';
import {
  cardHref,
  clampPercent,
  dueState,
  lessonAfter,
  nextLesson,
  imagesPercent,
  pagePercent,
  repeatsByList,
  parseSearchParams,
  resumePage,
  scrollPercent,
  searchApiPath,
  searchQueryString,
  shouldSave,
  sortByDue,
  videoPercent,
  videoResumeAt,
} from './logic';
import type { Card, Lesson } from '../../lib/learning/types';

const card = (over: Partial<Card>): Card => ({
  type: 'content', id: 'x', title: 't', summary: null, cover: null, category: null, points: 0,
  durationMinutes: null, progress: null, ...over,
});

describe('cardHref', () => {
  it('routes each type, with the course kept for lessons', () => {
    expect(cardHref({ type: 'content', id: 'a b' })).toBe('/learning/content/a%20b');
    expect(cardHref({ type: 'content', id: 'c1' }, 'k1')).toBe('/learning/content/c1?course=k1');
    expect(cardHref({ type: 'course', id: 'k1' }, 'k1')).toBe('/learning/course/k1');
    expect(cardHref({ type: 'exam', id: 'e1' }, 'k1')).toBe('/learning/exam/e1?course=k1');
    expect(cardHref({ type: 'ebook', id: 'b1' })).toBe('/learning/ebook/b1');
  });
});

describe('search parameters', () => {
  it('parses, trims, and drops unknown types', () => {
    expect(parseSearchParams(new URLSearchParams('q=  ขายดี &type=video&category=c1'))).toEqual({
      q: 'ขายดี', type: '', category: 'c1', subcategory: '',
    });
    expect(parseSearchParams(new URLSearchParams('type=exam')).type).toBe('exam');
    expect(parseSearchParams(new URLSearchParams('q=' + 'x'.repeat(300))).q).toHaveLength(100);
  });
  it('builds page and API query strings without empty values', () => {
    expect(searchQueryString({ q: 'สินค้า', type: '' })).toBe('?q=%E0%B8%AA%E0%B8%B4%E0%B8%99%E0%B8%84%E0%B9%89%E0%B8%B2');
    expect(searchQueryString({})).toBe('');
    expect(searchApiPath({ q: 'a&b', type: 'course', category: '', subcategory: 's' }, 2, 20)).toBe(
      '/api/learning/search?q=a%26b&type=course&subcategory=s&page=2&pageSize=20',
    );
  });
});

describe('due dates', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('classifies overdue, soon and later', () => {
    expect(dueState('2026-11-21T00:00:00Z', now)).toBe('overdue');
    expect(dueState('2026-11-24T00:00:00Z', now)).toBe('soon');
    expect(dueState('2026-12-24T00:00:00Z', now)).toBe('later');
    expect(dueState(null, now)).toBeNull();
    expect(dueState('nonsense', now)).toBeNull();
  });
  it('sorts earliest first, undated last, stable', () => {
    const cs = [
      card({ id: 'none1', dueAt: null }),
      card({ id: 'late', dueAt: '2026-12-30T00:00:00Z' }),
      card({ id: 'over', dueAt: '2026-11-01T00:00:00Z' }),
      card({ id: 'none2' }),
      card({ id: 'soon', dueAt: '2026-11-25T00:00:00Z' }),
    ];
    expect(sortByDue(cs).map((c) => c.id)).toEqual(['over', 'soon', 'late', 'none1', 'none2']);
  });
});

describe('progress maths', () => {
  it('clamps and rounds', () => {
    expect(clampPercent(-3)).toBe(0);
    expect(clampPercent(120)).toBe(100);
    expect(clampPercent(Number.NaN)).toBe(0);
    expect(clampPercent(49.6)).toBe(50);
  });
  it('scroll percent stays below 100 until the end marker', () => {
    expect(scrollPercent(0, 800, 100, 2000)).toBe(35);
    expect(scrollPercent(5000, 800, 100, 2000)).toBe(99);
    expect(scrollPercent(0, 800, 0, 0)).toBe(0);
  });
  it('video and page percent', () => {
    expect(videoPercent(45, 100)).toBe(45);
    expect(videoPercent(10, Number.NaN)).toBe(0);
    expect(pagePercent(1, 4)).toBe(25);
    expect(pagePercent(4, 4)).toBe(100);
    expect(pagePercent(9, 4)).toBe(100);
    expect(pagePercent(1, 0)).toBe(0);
    expect(imagesPercent(1, 3)).toBe(33);
    expect(imagesPercent(3, 3)).toBe(100);
    expect(imagesPercent(99, 100)).toBe(99);
    expect(imagesPercent(0, 0)).toBe(0);
  });
  it('saves only on interval and when moved', () => {
    expect(shouldSave(0, 4000, 0, 10)).toBe(false);
    expect(shouldSave(0, 5000, 0, 10)).toBe(true);
    expect(shouldSave(0, 9000, 10, 10.4)).toBe(false);
  });
});

describe('resume', () => {
  it('video resumes at the saved second, from the start near either end', () => {
    expect(videoResumeAt(42, 120)).toBe(42);
    expect(videoResumeAt(1, 120)).toBe(0);
    expect(videoResumeAt(119, 120)).toBe(0);
    expect(videoResumeAt(null, 120)).toBe(0);
    expect(videoResumeAt(42, Number.NaN)).toBe(42);
  });
  it('pdf resumes inside 1..pages', () => {
    expect(resumePage(3, 10)).toBe(3);
    expect(resumePage(0, 10)).toBe(1);
    expect(resumePage(12, 10)).toBe(10);
    expect(resumePage(undefined, 0)).toBe(1);
  });
});

describe('course navigation', () => {
  const lesson = (id: string, position: number, completed: boolean, type: Card['type'] = 'content'): Lesson => ({
    id: `l-${id}`, position, kind: type === 'exam' ? 'exam' : 'content', title: id, item: card({ id, type }), completed,
  });
  const course = { lessons: [lesson('b', 2, false), lesson('a', 1, true), lesson('e', 3, false, 'exam')] };
  it('next lesson is the first not completed by position', () => {
    expect(nextLesson(course)?.item.id).toBe('b');
    expect(nextLesson({ lessons: [lesson('a', 1, true)] })).toBeNull();
  });
  it('lesson after the current one', () => {
    expect(lessonAfter(course, 'content', 'a')?.item.id).toBe('b');
    expect(lessonAfter(course, 'content', 'b')?.item.id).toBe('e');
    expect(lessonAfter(course, 'exam', 'e')).toBeNull();
    expect(lessonAfter(course, 'content', 'zzz')).toBeNull();
  });
});

describe('repeatsByList', () => {
  it('marks cards already shown in an earlier list', () => {
    const a = { type: 'course' as const, id: '1' };
    const b = { type: 'content' as const, id: '1' };
    const c = { type: 'exam' as const, id: '2' };
    const r = repeatsByList([[a, b], [c, a], [b], []]);
    expect([...r[0]!]).toEqual([]);
    expect([...r[1]!]).toEqual(['course-1']);
    expect([...r[2]!]).toEqual(['content-1']);
    expect(r[3]!.size).toBe(0);
  });
});
