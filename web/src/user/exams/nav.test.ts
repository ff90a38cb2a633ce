import { describe, expect, it } from 'vitest';
import { courseParam, examPaths } from './nav';

describe('exam links', () => {
  it('carries the course along and rejects odd ids', () => {
    expect(courseParam(new URLSearchParams('course=abc-1'))).toBe('abc-1');
    expect(courseParam(new URLSearchParams('course=../x'))).toBeNull();
    expect(examPaths.result('e', 'a', 'c')).toBe('/learning/exam/e/result/a?course=c');
    expect(examPaths.back(null)).toBe('/learning');
    expect(examPaths.back('c')).toBe('/learning/course/c');
  });
});
