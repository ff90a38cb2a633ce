import { describe, expect, it } from 'vitest';
import {
  addressDraft, addressProblems, applyPick, balanceAfter, buildTimeline, canCancel, canConfirm, canPickOption, claimBlockReason,
  claimState, clubErrorKey, countPending, daysUntil, defaultMethod, defaultStoreId, emptyAddress, isAddressComplete, isPhone,
  isPostcode, limitLeft, pickedOption, pointsShort, redeemBlockReason, redeemBody, sortClaims, statusTone,
  timelineCurrent, toAddress,
} from './logic';
import type { CouponClaim, GiftPeriod, Redemption, Reward } from './types';

const NOW = Date.parse('2026-05-10T10:00:00Z');

const reward = (over: Partial<Reward> = {}): Reward => ({
  id: 'r1', title: 'Mug', image: null, cost: 100, left: 5, limit: 2, mine: 0,
  startAt: '2026-05-01T00:00:00Z', endAt: '2026-06-01T00:00:00Z', pickup: true, delivery: true, ...over,
});

describe('redeeming', () => {
  it('computes the balance after', () => {
    expect(balanceAfter(250, 100)).toBe(150);
    expect(balanceAfter(50, 100)).toBe(-50);
    expect(pointsShort(50, 100)).toBe(50);
    expect(pointsShort(150, 100)).toBe(0);
  });

  it('counts what my limit leaves', () => {
    expect(limitLeft({ limit: null, mine: 4 })).toBeNull();
    expect(limitLeft({ limit: 2, mine: 1 })).toBe(1);
    expect(limitLeft({ limit: 2, mine: 3 })).toBe(0);
  });

  it('gives the reason the Redeem button is disabled', () => {
    expect(redeemBlockReason(reward(), 500, NOW)).toBeNull();
    expect(redeemBlockReason(reward({ cost: 500 }), 500, NOW)).toBeNull();
    expect(redeemBlockReason(reward(), 99, NOW)).toBe('insufficientPoints');
    expect(redeemBlockReason(reward({ left: 0 }), 99, NOW)).toBe('outOfStock');
    expect(redeemBlockReason(reward({ mine: 2 }), 99, NOW)).toBe('limitReached');
    expect(redeemBlockReason(reward({ limit: null, mine: 9 }), 500, NOW)).toBeNull();
    expect(redeemBlockReason(reward({ startAt: '2026-05-11T00:00:00Z' }), 500, NOW)).toBe('notStarted');
    expect(redeemBlockReason(reward({ endAt: '2026-05-10T10:00:00Z' }), 500, NOW)).toBe('ended');
    expect(redeemBlockReason(reward({ startAt: null, endAt: null }), 500, NOW)).toBeNull();
    expect(redeemBlockReason(reward({ pickup: false, delivery: false }), 500, NOW)).toBe('noMethod');
  });

  it('defaults to pickup at my own store', () => {
    expect(defaultMethod({ pickup: true, delivery: true })).toBe('pickup');
    expect(defaultMethod({ pickup: false, delivery: true })).toBe('delivery');
    const stores = [{ id: 's1', name: 'A' }, { id: 's2', name: 'B' }];
    expect(defaultStoreId({ id: 's2', name: 'B' }, stores)).toBe('s2');
    expect(defaultStoreId({ id: 's9', name: 'Z' }, stores)).toBe('s1');
    expect(defaultStoreId(null, stores)).toBe('s1');
    expect(defaultStoreId({ id: 's9', name: 'Z' }, [])).toBe('s9');
    expect(defaultStoreId(null, [])).toBe('');
  });
});

describe('address', () => {
  const full = { name: 'สมชาย ใจดี', phone: '081-234-5678', line1: '99/1 ถ.สุขุมวิท', line2: '', district: 'วัฒนา', province: 'กรุงเทพฯ', postcode: '10110' };

  it('prefills from the remembered address', () => {
    expect(addressDraft(null)).toEqual(emptyAddress());
    expect(addressDraft({ ...full, line2: null })).toEqual({ ...full, line2: '' });
  });

  it('knows when it is complete', () => {
    expect(isAddressComplete(full)).toBe(true);
    expect(addressProblems(emptyAddress())).toEqual({
      name: 'required', phone: 'required', line1: 'required', district: 'required', province: 'required', postcode: 'required',
    });
    expect(addressProblems({ ...full, phone: '12', postcode: '1011' })).toEqual({ phone: 'invalid', postcode: 'invalid' });
    expect(addressProblems({ ...full, district: '   ' })).toEqual({ district: 'required' });
  });

  it('checks Thai phones and postcodes', () => {
    expect(isPhone('0812345678')).toBe(true);
    expect(isPhone('02 123 4567')).toBe(true);
    expect(isPhone('+66812345678')).toBe(true);
    expect(isPhone('812345678')).toBe(false);
    expect(isPostcode('10110')).toBe(true);
    expect(isPostcode('1011a')).toBe(false);
  });

  it('builds the request body', () => {
    expect(toAddress({ ...full, name: ' สมชาย ใจดี ' })).toEqual({
      name: 'สมชาย ใจดี', phone: '081-234-5678', line1: '99/1 ถ.สุขุมวิท', district: 'วัฒนา', province: 'กรุงเทพฯ', postcode: '10110',
    });
    expect(toAddress({ ...full, line2: 'ชั้น 3' }).line2).toBe('ชั้น 3');
    expect(redeemBody('pickup', 's1', full)).toEqual({ method: 'pickup', storeId: 's1' });
    expect(redeemBody('pickup', '', full)).toEqual({ method: 'pickup' });
    expect(redeemBody('delivery', 's1', full)).toEqual({ method: 'delivery', address: toAddress(full) });
    expect(canConfirm('pickup', emptyAddress())).toBe(true);
    expect(canConfirm('delivery', emptyAddress())).toBe(false);
    expect(canConfirm('delivery', full)).toBe(true);
  });
});

describe('errors', () => {
  it('maps the club codes to catalog keys', () => {
    expect(clubErrorKey('INSUFFICIENT_POINTS')).toBe('clubScreens.error.INSUFFICIENT_POINTS');
    expect(clubErrorKey('ADDRESS_REQUIRED')).toBe('clubScreens.error.ADDRESS_REQUIRED');
    expect(clubErrorKey('INTERNAL')).toBeNull();
    expect(clubErrorKey(undefined)).toBeNull();
  });
});

describe('redemption timeline', () => {
  const base = (over: Partial<Redemption>): Pick<Redemption, 'status' | 'createdAt' | 'events' | 'reason'> => ({
    status: 'pending', createdAt: '2026-05-01T00:00:00Z', reason: null,
    events: [{ status: 'pending', reason: null, at: '2026-05-01T00:00:00Z' }], ...over,
  });

  it('shows pending in progress and the rest waiting', () => {
    const steps = buildTimeline(base({}));
    expect(steps.map((s) => [s.status, s.state])).toEqual([['pending', 'process'], ['approved', 'wait'], ['fulfilled', 'wait']]);
    expect(steps[0]!.at).toBe('2026-05-01T00:00:00Z');
    expect(timelineCurrent(steps)).toBe(0);
  });

  it('falls back to createdAt without events', () => {
    expect(buildTimeline(base({ events: [] }))[0]!.at).toBe('2026-05-01T00:00:00Z');
  });

  it('walks approved and fulfilled', () => {
    const events = [
      { status: 'pending' as const, reason: null, at: '2026-05-01T00:00:00Z' },
      { status: 'approved' as const, reason: null, at: '2026-05-02T00:00:00Z' },
    ];
    const approved = buildTimeline(base({ status: 'approved', events }));
    expect(approved.map((s) => s.state)).toEqual(['finish', 'process', 'wait']);
    expect(approved[1]!.at).toBe('2026-05-02T00:00:00Z');
    expect(timelineCurrent(approved)).toBe(1);
    const done = buildTimeline(base({ status: 'fulfilled', events: [...events, { status: 'fulfilled', reason: null, at: '2026-05-03T00:00:00Z' }] }));
    expect(done.map((s) => s.state)).toEqual(['finish', 'finish', 'finish']);
    expect(timelineCurrent(done)).toBe(2);
  });

  it('ends at a rejection with its reason', () => {
    const steps = buildTimeline(base({
      status: 'rejected', reason: 'Out of season',
      events: [
        { status: 'pending', reason: null, at: '2026-05-01T00:00:00Z' },
        { status: 'approved', reason: null, at: '2026-05-02T00:00:00Z' },
        { status: 'rejected', reason: 'หมดฤดูกาล', at: '2026-05-03T00:00:00Z' },
      ],
    }));
    expect(steps.map((s) => [s.status, s.state])).toEqual([['pending', 'finish'], ['approved', 'finish'], ['rejected', 'error']]);
    expect(steps[2]!.reason).toBe('หมดฤดูกาล');
    expect(steps[2]!.at).toBe('2026-05-03T00:00:00Z');
    expect(timelineCurrent(steps)).toBe(2);
  });

  it('ends at a cancellation, reason from the redemption when the event has none', () => {
    const steps = buildTimeline(base({ status: 'cancelled', reason: 'changed my mind', events: [{ status: 'pending', reason: null, at: '2026-05-01T00:00:00Z' }] }));
    expect(steps.map((s) => [s.status, s.state])).toEqual([['pending', 'finish'], ['cancelled', 'error']]);
    expect(steps[1]!.reason).toBe('changed my mind');
    expect(steps[1]!.at).toBeNull();
  });

  it('knows what can be cancelled, the tones and the pending count', () => {
    expect(canCancel({ status: 'pending' })).toBe(true);
    expect(canCancel({ status: 'approved' })).toBe(false);
    expect(statusTone('fulfilled')).toBe('success');
    expect(statusTone('rejected')).toBe('danger');
    expect(statusTone('cancelled')).toBe('default');
    expect(countPending([{ status: 'pending' }, { status: 'approved' }, { status: 'pending' }])).toBe(2);
  });
});

describe('coupons', () => {
  const claim = (id: string, over: Partial<CouponClaim> = {}, expiresAt: string | null = '2026-06-01T00:00:00Z'): CouponClaim => ({
    id, code: `C${id}`, claimedAt: '2026-05-01T00:00:00Z', usedAt: null,
    batch: { id: 'b', partner: 'P', title: 'T', valueText: '50฿', image: null, expiresAt }, ...over,
  });

  it('marks used and expired coupons', () => {
    expect(claimState(claim('1'), NOW)).toBe('active');
    expect(claimState(claim('1', { usedAt: '2026-05-02T00:00:00Z' }), NOW)).toBe('used');
    expect(claimState(claim('1', {}, '2026-05-09T00:00:00Z'), NOW)).toBe('expired');
    expect(claimState(claim('1', {}, null), NOW)).toBe('active');
  });

  it('sorts active ones first, soonest to expire first', () => {
    const list = [
      claim('used', { usedAt: '2026-05-02T00:00:00Z' }),
      claim('late', {}, '2026-07-01T00:00:00Z'),
      claim('never', {}, null),
      claim('soon', {}, '2026-05-12T00:00:00Z'),
    ];
    expect(sortClaims(list, NOW).map((c) => c.id)).toEqual(['soon', 'late', 'never', 'used']);
  });

  it('gives the reason a batch cannot be claimed', () => {
    const b = { expiresAt: '2026-06-01T00:00:00Z', left: 3, limit: 1, claimed: 0 };
    expect(claimBlockReason(b, NOW)).toBeNull();
    expect(claimBlockReason({ ...b, claimed: 1 }, NOW)).toBe('limitReached');
    expect(claimBlockReason({ ...b, limit: null, claimed: 5 }, NOW)).toBeNull();
    expect(claimBlockReason({ ...b, left: 0 }, NOW)).toBe('outOfStock');
    expect(claimBlockReason({ ...b, expiresAt: '2026-05-01T00:00:00Z' }, NOW)).toBe('expired');
  });

  it('counts days until expiry', () => {
    expect(daysUntil('2026-05-11T09:00:00Z', NOW)).toBe(1);
    expect(daysUntil('2026-05-12T11:00:00Z', NOW)).toBe(3);
    expect(daysUntil('2026-05-01T00:00:00Z', NOW)).toBe(0);
  });
});

describe('gifts', () => {
  const period: GiftPeriod = {
    id: 'p', name: 'New year', startAt: null, endAt: null,
    options: [{ id: 'a', title: 'Basket', image: null, left: 3 }, { id: 'b', title: 'Voucher', image: null, left: 0 }, { id: 'c', title: 'Bag', image: null, left: 1 }],
    pick: { optionId: 'a', pickedAt: '2026-05-01T00:00:00Z' },
  };

  it('finds the pick and what can be picked', () => {
    expect(pickedOption(period)?.title).toBe('Basket');
    expect(pickedOption({ ...period, pick: null })).toBeNull();
    expect(canPickOption(period, period.options[0]!)).toBe(false);
    expect(canPickOption(period, period.options[1]!)).toBe(false);
    expect(canPickOption(period, period.options[2]!)).toBe(true);
  });

  it('moves one unit when the pick changes', () => {
    const next = applyPick(period, 'c', '2026-05-02T00:00:00Z');
    expect(next.pick).toEqual({ optionId: 'c', pickedAt: '2026-05-02T00:00:00Z' });
    expect(next.options.map((o) => o.left)).toEqual([4, 0, 0]);
    expect(applyPick(period, 'a', 'x')).toBe(period);
    expect(applyPick({ ...period, pick: null }, 'a', 'x').options[0]!.left).toBe(2);
  });
});
