import { describe, expect, it } from 'vitest';
import { audienceSummary, isEveryone, normaliseAudience, parseAudience } from '../resources/audience';
import { htmlExcerpt, safeLinkUrl } from '../resources/html';
import { mediaIds, mediaKindOf } from '../resources/fieldKinds';
import { windowPairs } from '../resources/ResourceForm';
import { contentFieldVisible, TARGET_RESOURCE } from './LearningLists';
import {
  addChoice,
  changeKind,
  choiceProblems,
  fieldOfServerError,
  moveIds,
  orderPayload,
  removeChoice,
  toggleCorrect,
  type QuestionDraft,
} from './logic';

const t = (key: string, v?: Record<string, unknown>) => (v ? `${key}(${JSON.stringify(v)})` : key);

describe('audience', () => {
  it('reads objects, JSON text and null alike', () => {
    expect(parseAudience(null)).toEqual({ stores: [], regions: [], positions: [], groups: [], subgroups: [] });
    expect(parseAudience('{"stores":["s1"],"positions":["Cashier",""]}').stores).toEqual(['s1']);
    expect(parseAudience({ positions: ['Cashier', '', 3] }).positions).toEqual(['Cashier']);
    expect(parseAudience('not json').stores).toEqual([]);
  });
  it('is everyone when every kind is empty', () => {
    expect(isEveryone(null)).toBe(true);
    expect(isEveryone({ stores: [], groups: [] })).toBe(true);
    expect(isEveryone({ regions: ['r1'] })).toBe(false);
  });
  it('stores only the kinds with values, trimmed and unique; null for everyone', () => {
    expect(normaliseAudience({ stores: [], positions: [' Cashier', 'Cashier'] })).toEqual({ positions: ['Cashier'] });
    expect(normaliseAudience({ stores: [] })).toBeNull();
  });
  it('summarises for lists', () => {
    expect(audienceSummary(null, t)).toBe('audiencePicker.everyone');
    expect(audienceSummary({ stores: ['a', 'b'], positions: ['Cashier'] }, t)).toBe('audiencePicker.count.stores({"count":2}) · audiencePicker.one.positions Cashier');
    expect(audienceSummary({ regions: ['r1'] }, t, (k, id) => (k === 'regions' && id === 'r1' ? 'North' : undefined))).toBe('audiencePicker.one.regions North');
    expect(audienceSummary({ groups: ['g1'] }, t)).toBe('audiencePicker.one.groups audiencePicker.oneItem');
  });
});

describe('lesson and question order', () => {
  const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }];
  it('moves an id onto another position', () => {
    expect(moveIds(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(moveIds(['a', 'b', 'c', 'd'], 'd', 'a')).toEqual(['d', 'a', 'b', 'c']);
  });
  it('sends every id in the new order, or nothing when nothing moved', () => {
    expect(orderPayload(items, 'c', 'a')).toEqual({ ids: ['c', 'a', 'b', 'd'] });
    expect(orderPayload(items, 'b', 'b')).toBeNull();
    expect(orderPayload(items, 'x', 'a')).toBeNull();
  });
});

describe('choice editor rules', () => {
  const single: QuestionDraft = { kind: 'single', choices: [{ id: 'a', text: 'One' }, { id: 'b', text: 'Two' }], correct: [] };
  it('needs a correct answer, texts, no duplicates', () => {
    expect(choiceProblems(single)).toEqual(['noCorrect']);
    expect(choiceProblems({ ...single, correct: ['a'] })).toEqual([]);
    expect(choiceProblems({ ...single, choices: [{ id: 'a', text: 'Same' }, { id: 'b', text: ' same ' }], correct: ['a'] })).toEqual(['duplicateText']);
    expect(choiceProblems({ ...single, choices: [{ id: 'a', text: '' }, { id: 'b', text: 'x' }], correct: ['b'] })).toEqual(['emptyText']);
    expect(choiceProblems({ ...single, choices: [{ id: 'a', text: 'x' }], correct: ['a'] })).toEqual(['tooFew']);
    expect(choiceProblems({ ...single, correct: ['a', 'b'] })).toEqual(['oneCorrect']);
    expect(choiceProblems({ ...single, kind: 'multiple', correct: ['a', 'b'] })).toEqual([]);
  });
  it('marks correct with radio semantics for single, checkbox for multiple', () => {
    expect(toggleCorrect({ ...single, correct: ['a'] }, 'b').correct).toEqual(['b']);
    const multi = { ...single, kind: 'multiple' as const, correct: ['a'] };
    expect(toggleCorrect(multi, 'b').correct).toEqual(['a', 'b']);
    expect(toggleCorrect(multi, 'a').correct).toEqual([]);
  });
  it('keeps between 2 and 8 choices', () => {
    let d: QuestionDraft = single;
    for (let i = 0; i < 10; i++) d = addChoice(d);
    expect(d.choices).toHaveLength(8);
    expect(new Set(d.choices.map((c) => c.id)).size).toBe(8);
    let e: QuestionDraft = { ...single, correct: ['b'] };
    e = removeChoice(e, 'b');
    expect(e.choices).toHaveLength(2);
    const three = addChoice(single);
    const removed = removeChoice({ ...three, correct: [three.choices[2]!.id] }, three.choices[2]!.id);
    expect(removed.choices).toHaveLength(2);
    expect(removed.correct).toEqual([]);
  });
  it('switches kinds sensibly', () => {
    const tf = changeKind({ ...single, correct: ['a'] }, 'truefalse', ['True', 'False']);
    expect(tf.choices).toEqual([{ id: 'true', text: 'True' }, { id: 'false', text: 'False' }]);
    expect(tf.correct).toEqual([]);
    expect(addChoice(tf)).toBe(tf);
    expect(removeChoice(tf, 'true')).toBe(tf);
    const back = changeKind({ ...tf, correct: ['true'] }, 'single', ['True', 'False']);
    expect(back.choices).toHaveLength(2);
    expect(back.choices.every((c) => c.text === '')).toBe(true);
    expect(back.correct).toEqual([]);
    expect(changeKind({ ...single, kind: 'multiple', correct: ['a', 'b'] }, 'single', ['T', 'F']).correct).toEqual(['a']);
  });
  it('puts server errors on the choice editor', () => {
    expect(fieldOfServerError('choices[2].text')).toBe('choices');
    expect(fieldOfServerError('correct')).toBe('correct');
    expect(fieldOfServerError('prompt')).toBe('prompt');
  });
});

describe('forms', () => {
  it('pairs start / end windows', () => {
    expect([...windowPairs(['title', 'startAt', 'endAt', 'dueAt'])]).toEqual([['startAt', 'endAt']]);
    expect(windowPairs(['startAt']).size).toBe(0);
  });
  it('shows the fields of a content kind only', () => {
    expect(contentFieldVisible('media', { kind: 'video' })).toBe(true);
    expect(contentFieldVisible('media', { kind: 'link' })).toBe(false);
    expect(contentFieldVisible('images', { kind: 'images' })).toBe(true);
    expect(contentFieldVisible('linkUrl', { kind: 'link' })).toBe(true);
    expect(contentFieldVisible('linkUrl', {})).toBe(false);
    expect(contentFieldVisible('title', {})).toBe(true);
  });
  it('maps personalised target types to their resource', () => {
    expect(TARGET_RESOURCE.exam).toBe('examinations');
    expect(TARGET_RESOURCE.content).toBe('contents');
  });
  it('accepts http(s) links only', () => {
    expect(safeLinkUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(safeLinkUrl('example.com')).toBe('https://example.com/');
    expect(safeLinkUrl('javascript:alert(1)')).toBeNull();
    expect(safeLinkUrl('data:text/html,x')).toBeNull();
    expect(safeLinkUrl('  ')).toBeNull();
  });
});

describe('media and rich text helpers', () => {
  it('reads media id lists from lists, JSON text or media objects', () => {
    expect(mediaIds(['a', 'b'])).toEqual(['a', 'b']);
    expect(mediaIds('["a"]')).toEqual(['a']);
    expect(mediaIds([{ id: 'm1', url: '/x' }])).toEqual(['m1']);
    expect(mediaIds('nope')).toEqual([]);
    expect(mediaIds(null)).toEqual([]);
  });
  it('knows the media kind of a field', () => {
    expect(mediaKindOf('cover')).toBe('image');
    expect(mediaKindOf('pdf')).toBe('pdf');
    expect(mediaKindOf('media')).toBeUndefined();
    expect(mediaKindOf('media', 'video')).toBe('video');
  });
  it('shows stored HTML as short plain text in lists', () => {
    expect(htmlExcerpt('<h2>Hi</h2><p>a &amp; b</p>')).toBe('Hi a & b');
    expect(htmlExcerpt(`<p>${'x'.repeat(100)}</p>`, 10)).toBe(`${'x'.repeat(9)}…`);
    expect(htmlExcerpt(null)).toBe('');
  });
});
