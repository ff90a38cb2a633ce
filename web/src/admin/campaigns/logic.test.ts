import { describe, expect, it } from 'vitest';
import { entriesOf, listPath, summaryFields, toggleWinner, votingOver, type AdminEntry } from './logic';

const e = (id: string, status: AdminEntry['status']): AdminEntry => ({ id, status, text: null, reason: null, photo: null, rejectReason: null, votes: 0, winner: false, author: { id: 'u', name: 'n', code: 'c' }, createdAt: '' });

describe('contests admin logic', () => {
  it('lists each kind on its own page and shows the entry type only for campaigns', () => {
    expect(listPath('naming')).toBe('/admin/campaigns/votenames');
    expect(listPath('campaign')).toBe('/admin/campaigns');
    expect(summaryFields('naming')).not.toContain('entryType');
    expect(summaryFields('campaign')[0]).toBe('entryType');
  });
  it('knows when voting is over', () => {
    expect(votingOver('2020-01-01T00:00:00Z')).toBe(true);
    expect(votingOver(new Date(Date.now() + 60_000).toISOString())).toBe(false);
    expect(votingOver(null)).toBe(false);
  });
  it('filters entries by status tab', () => {
    const all = [e('a', 'pending'), e('b', 'approved'), e('c', 'rejected')];
    expect(entriesOf(all, 'pending').map((x) => x.id)).toEqual(['a']);
    expect(entriesOf(all, 'all')).toHaveLength(3);
  });
  it('keeps at most max winners', () => {
    expect(toggleWinner(['a'], 'b', 1)).toEqual(['b']);
    expect(toggleWinner(['a', 'b'], 'a', 2)).toEqual(['b']);
    expect(toggleWinner([], 'a', 3)).toEqual(['a']);
  });
});
