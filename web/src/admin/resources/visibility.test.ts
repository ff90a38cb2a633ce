import { describe, expect, it } from 'vitest';
import type { FieldSchema } from './schema';
import { fakeField } from './schemaFakes';
import { clearHidden, hiddenByRule, isVisible } from './visibility';

const field = (name: string, more: Partial<FieldSchema> = {}) => fakeField(name, more.type ?? 'string', more);

const criteria = field('criteria', { type: 'enum' });
const course = field('course', { type: 'reference', visibleWhen: { field: 'criteria', values: ['course_completed'] } });
const threshold = field('threshold', { type: 'integer', visibleWhen: { field: 'criteria', values: ['courses_completed', 'points_earned', 'learning_streak'] } });
const name = field('name');
const fields = [criteria, course, threshold, name];

describe('visibleWhen', () => {
  it('shows a field without a rule', () => {
    expect(isVisible(criteria, {})).toBe(true);
    expect(isVisible(name, { criteria: 'manual' })).toBe(true);
  });

  it('shows a field while the other field holds one of the values', () => {
    expect(isVisible(course, { criteria: 'course_completed' })).toBe(true);
    expect(isVisible(course, { criteria: 'exam_passed' })).toBe(false);
    expect(isVisible(course, {})).toBe(false);
  });

  it('follows the schema’s rule for every value of the controlling field', () => {
    const shown = (c: string) => fields.filter((f) => isVisible(f, { criteria: c }, fields)).map((f) => f.name);
    expect(shown('manual')).toEqual(['criteria', 'name']);
    expect(shown('course_completed')).toEqual(['criteria', 'course', 'name']);
    expect(shown('points_earned')).toEqual(['criteria', 'threshold', 'name']);
  });

  it('hides a field whose controlling field is hidden, and a loop', () => {
    const kind = field('kind', { visibleWhen: { field: 'criteria', values: ['course_completed'] } });
    const sub = field('sub', { visibleWhen: { field: 'kind', values: ['x'] } });
    expect(isVisible(sub, { criteria: 'manual', kind: 'x' }, [criteria, kind, sub])).toBe(false);
    expect(isVisible(sub, { criteria: 'course_completed', kind: 'x' }, [criteria, kind, sub])).toBe(true);
    const a = field('a', { visibleWhen: { field: 'b', values: [1] } });
    const b = field('b', { visibleWhen: { field: 'a', values: [1] } });
    expect(isVisible(a, { a: 1, b: 1 }, [a, b])).toBe(false);
  });

  it('lists the hidden fields for the current values', () => {
    expect(hiddenByRule(fields, { criteria: 'manual' }).map((f) => f.name)).toEqual(['course', 'threshold']);
    expect(hiddenByRule(fields, { criteria: 'course_completed' }).map((f) => f.name)).toEqual(['threshold']);
  });

  it('leaves hidden fields out of a create and empties stored ones on an edit', () => {
    const hidden = hiddenByRule(fields, { criteria: 'courses_completed' });
    expect(clearHidden({ criteria: 'courses_completed', course: 'c1', threshold: 5 }, hidden, 'create')).toEqual({ criteria: 'courses_completed', threshold: 5 });
    expect(clearHidden({ criteria: 'courses_completed', version: 2 }, hidden, 'edit', { criteria: 'course_completed', course: 'c1' })).toEqual({ criteria: 'courses_completed', version: 2, course: null });
    expect(clearHidden({ version: 2 }, hidden, 'edit', { course: null })).toEqual({ version: 2 });
    const createOnly = [field('course', { createOnly: true })];
    expect(clearHidden({ version: 2 }, createOnly, 'edit', { course: 'c1' })).toEqual({ version: 2 });
  });
});
