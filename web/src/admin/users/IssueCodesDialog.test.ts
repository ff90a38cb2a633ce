import { describe, expect, it } from 'vitest';
import { targetOf } from './IssueCodesDialog';

describe('targetOf', () => {
  it('names exactly one target, or none while the form names no one', () => {
    expect(targetOf('people', ['u1', 'u2'], 's1', 'i1')).toEqual({ userIds: ['u1', 'u2'] });
    expect(targetOf('people', [], 's1', 'i1')).toBeNull();
    expect(targetOf('store', ['u1'], 's1', undefined)).toEqual({ storeId: 's1' });
    expect(targetOf('store', ['u1'], undefined, 'i1')).toBeNull();
    expect(targetOf('import', [], undefined, 'i1')).toEqual({ importId: 'i1' });
    expect(targetOf('import', [], 's1', undefined)).toBeNull();
  });
});
