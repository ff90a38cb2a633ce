import { describe, expect, it } from 'vitest';
import { changedFields } from './AuditLogs';

describe('changedFields', () => {
  it('names the fields an update changed, ignoring bookkeeping', () => {
    expect(
      changedFields(
        { name: 'เดิม', code: 'BKK01', version: 1, updatedAt: 'a' },
        { name: 'ใหม่', code: 'BKK01', version: 2, updatedAt: 'b' },
      ),
    ).toEqual(['name']);
  });
  it('lists every field of a create or a delete', () => {
    expect(changedFields(null, { code: 'EST', name: 'ภาคตะวันออก' })).toEqual(['code', 'name']);
    expect(changedFields({ code: 'EST' }, null)).toEqual(['code']);
  });
  it('compares nested values by content', () => {
    expect(changedFields({ groups: ['a', 'b'] }, { groups: ['a', 'b'] })).toEqual([]);
    expect(changedFields({ groups: ['a'] }, { groups: ['a', 'b'] })).toEqual(['groups']);
  });
});
