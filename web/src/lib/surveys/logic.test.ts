import { describe, expect, it } from 'vitest';
import { answersToSend, canGoOn, isAnswered, resumeAt, stepsOf, toAnswer, togglePick } from './logic';
import type { Survey, SurveyListItem } from './types';

const q = (id: string, required = false) => ({ id, kind: 'short_text' as const, text: id, help: null, required, options: [], maxChoices: null });
const survey: Survey = {
  id: 's', title: 't', description: null, anonymous: false, endAt: null, submitted: false, draft: null,
  sections: [{ id: 'a', title: 'A', description: '', questions: [q('1', true), q('2')] }, { id: 'b', title: 'B', description: '', questions: [q('3')] }],
};

describe('survey logic', () => {
  it('flattens sections into steps and resumes at the first unanswered', () => {
    const steps = stepsOf(survey);
    expect(steps.map((s) => [s.question.id, s.section])).toEqual([['1', 'A'], ['2', 'A'], ['3', 'B']]);
    expect(resumeAt(steps, { '1': 'x' })).toBe(1);
    expect(resumeAt(steps, { '1': 'x', '2': 'y', '3': 'z' })).toBe(2);
    expect(resumeAt(steps, {})).toBe(0);
  });
  it('counts answers as the server does', () => {
    expect([isAnswered(''), isAnswered('  '), isAnswered([]), isAnswered(0), isAnswered([1])]).toEqual([false, false, false, true, true]);
    expect(canGoOn(q('1', true), undefined)).toBe(false);
    expect(canGoOn(q('2'), undefined)).toBe(true);
    expect(answersToSend({ a: '', b: 3, c: [] })).toEqual({ b: 3 });
  });
  it('toggles picks up to the maximum', () => {
    expect(togglePick([2], 0, 2)).toEqual([0, 2]);
    expect(togglePick([0, 2], 1, 2)).toEqual([0, 2]);
    expect(togglePick([0, 2], 2, 2)).toEqual([0]);
  });
});

describe('home card', () => {
  const item = (id: string, over: Partial<SurveyListItem> = {}): SurveyListItem => ({
    id, title: id, description: null, anonymous: false, endAt: null, questionsCount: 3, submitted: false, started: false, ...over,
  });
  it('picks a started survey first, then the one closing soonest, and counts the open ones', () => {
    expect(toAnswer(undefined)).toEqual({ first: undefined, count: 0 });
    expect(toAnswer([item('a', { submitted: true })]).first).toBeUndefined();
    const soon = item('soon', { endAt: '2026-12-01T00:00:00Z' });
    const later = item('later', { endAt: '2026-12-09T00:00:00Z' });
    expect(toAnswer([item('never'), later, soon])).toEqual({ first: soon, count: 3 });
    expect(toAnswer([soon, item('mine', { started: true }), item('done', { submitted: true })])).toMatchObject({ first: { id: 'mine' }, count: 2 });
  });
});
