import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { errorText } from './errorText';

const t = ((key: string) => `<${key}>`) as unknown as TFunction;
const own = (code: string | undefined) => (code === 'SOLD_OUT' ? 'area.error.SOLD_OUT' : null);

describe('errorText', () => {
  it('says a code the area knows in its own words, before anything else', () => {
    expect(errorText(t, new ApiError(409, 'SOLD_OUT', 'Sold out.', { x: 'field' }), { generic: 'area.error', ownKey: own, fieldFirst: true })).toBe('<area.error.SOLD_OUT>');
  });
  it('says a network failure as the network text', () => {
    expect(errorText(t, new ApiError(0, 'NETWORK_ERROR', 'offline'), { generic: 'area.error', ownKey: own })).toBe('<toast.network>');
  });
  it('says a network failure of an action that needs the server in its own words', () => {
    const e = new ApiError(0, 'NETWORK_ERROR', 'offline');
    expect(errorText(t, e, { generic: 'area.error', ownKey: own, offline: 'offlineActions.redeem' })).toBe('<offlineActions.redeem>');
    // Only the network failure: the server's answers keep their texts.
    expect(errorText(t, new ApiError(409, 'SOLD_OUT', 'Sold out.'), { generic: 'area.error', ownKey: own, offline: 'offlineActions.redeem' })).toBe('<area.error.SOLD_OUT>');
  });
  it("gives the server's message, or its first field's where the area's forms ask", () => {
    const e = new ApiError(422, 'VALIDATION', 'Check the form.', { title: 'Title is too long.' });
    expect(errorText(t, e, { generic: 'area.error' })).toBe('Check the form.');
    expect(errorText(t, e, { generic: 'area.error', fieldFirst: true })).toBe('Title is too long.');
  });
  it('falls back on the generic text for what is not an API error', () => {
    expect(errorText(t, new Error('boom'), { generic: 'area.error', ownKey: own })).toBe('<area.error>');
  });
});
