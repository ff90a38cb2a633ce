// Pure bits of the members club's staff screens (rewards, redemptions, coupons, gifts): no React, no fetch.
import type {
  Address, CouponBatch, CouponClaim, GiftOption, GiftPeriod, RedeemBody, Redemption, RedemptionStatus, Reward, StoreRef,
} from './types';

// ---------- Redeeming ----------

/** The balance once `cost` is spent (negative when it can't be). */
export function balanceAfter(balance: number, cost: number): number {
  return balance - cost;
}

/** How many more of this reward I may redeem; null = no per-person limit. */
export function limitLeft(reward: Pick<Reward, 'limit' | 'mine'>): number | null {
  return reward.limit == null ? null : Math.max(0, reward.limit - reward.mine);
}

export type RedeemBlock = 'notStarted' | 'ended' | 'outOfStock' | 'limitReached' | 'insufficientPoints' | 'noMethod';

/**
 * Why the Redeem button is disabled, or null when it isn't. The first reason that applies wins, in the order
 * a person can do something about it last: the window, the stock, my limit, then my points.
 */
export function redeemBlockReason(
  reward: Pick<Reward, 'cost' | 'left' | 'limit' | 'mine' | 'startAt' | 'endAt' | 'pickup' | 'delivery'>,
  balance: number,
  now: number = Date.now(),
): RedeemBlock | null {
  if (reward.startAt && Date.parse(reward.startAt) > now) return 'notStarted';
  if (reward.endAt && Date.parse(reward.endAt) <= now) return 'ended';
  if (reward.left <= 0) return 'outOfStock';
  if (limitLeft(reward) === 0) return 'limitReached';
  if (balance < reward.cost) return 'insufficientPoints';
  if (!reward.pickup && !reward.delivery) return 'noMethod';
  return null;
}

/** Points still missing to afford `cost` (0 when affordable). */
export function pointsShort(balance: number, cost: number): number {
  return Math.max(0, cost - balance);
}

export type RedeemMethod = RedeemBody['method'];

/** Pickup when the reward offers it, else delivery. */
export function defaultMethod(reward: Pick<Reward, 'pickup' | 'delivery'>): RedeemMethod {
  return reward.pickup || !reward.delivery ? 'pickup' : 'delivery';
}

/** My own store when it is among the pickup stores, else the first store; '' when there is none. */
export function defaultStoreId(myStore: StoreRef | null, stores: StoreRef[]): string {
  if (myStore && (stores.length === 0 || stores.some((s) => s.id === myStore.id))) return myStore.id;
  return stores[0]?.id ?? '';
}

// ---------- Address ----------

export const ADDRESS_FIELDS = ['name', 'phone', 'line1', 'line2', 'district', 'province', 'postcode'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export const REQUIRED_ADDRESS_FIELDS: readonly AddressField[] = ['name', 'phone', 'line1', 'district', 'province', 'postcode'];

export type AddressDraft = Record<AddressField, string>;

export function emptyAddress(): AddressDraft {
  return { name: '', phone: '', line1: '', line2: '', district: '', province: '', postcode: '' };
}

/** A form draft from the remembered address (or an empty one). */
export function addressDraft(remembered: Address | null | undefined): AddressDraft {
  const out = emptyAddress();
  if (!remembered) return out;
  for (const f of ADDRESS_FIELDS) out[f] = String(remembered[f] ?? '');
  return out;
}

/** Thai phone numbers: 9 or 10 digits (spaces, dashes and a +66 prefix allowed). */
export function isPhone(value: string): boolean {
  const digits = value.replace(/[\s\-()]/g, '').replace(/^\+66/, '0');
  return /^0\d{8,9}$/.test(digits);
}

/** Thai postcodes: five digits. */
export function isPostcode(value: string): boolean {
  return /^\d{5}$/.test(value.trim());
}

export type AddressProblem = 'required' | 'invalid';

/** Each field that keeps the address from being sent, and why. */
export function addressProblems(a: AddressDraft): Partial<Record<AddressField, AddressProblem>> {
  const out: Partial<Record<AddressField, AddressProblem>> = {};
  for (const f of REQUIRED_ADDRESS_FIELDS) if (!a[f].trim()) out[f] = 'required';
  if (!out.phone && !isPhone(a.phone)) out.phone = 'invalid';
  if (!out.postcode && !isPostcode(a.postcode)) out.postcode = 'invalid';
  return out;
}

export function isAddressComplete(a: AddressDraft): boolean {
  return Object.keys(addressProblems(a)).length === 0;
}

/** The address as the server takes it: trimmed, without an empty second line. */
export function toAddress(a: AddressDraft): Address {
  const out: Address = {
    name: a.name.trim(),
    phone: a.phone.trim(),
    line1: a.line1.trim(),
    district: a.district.trim(),
    province: a.province.trim(),
    postcode: a.postcode.trim(),
  };
  if (a.line2.trim()) out.line2 = a.line2.trim();
  return out;
}

/** The redeem request body for the chosen method. */
export function redeemBody(method: RedeemMethod, storeId: string, address: AddressDraft): RedeemBody {
  if (method === 'delivery') return { method, address: toAddress(address) };
  return storeId ? { method, storeId } : { method };
}

/** Whether the confirmation can be sent: a pickup store (or the server's default) or a complete address. */
export function canConfirm(method: RedeemMethod, address: AddressDraft): boolean {
  return method === 'pickup' || isAddressComplete(address);
}

// ---------- Errors ----------

export const CLUB_ERROR_CODES = ['INSUFFICIENT_POINTS', 'OUT_OF_STOCK', 'LIMIT_REACHED', 'NOT_OPEN', 'ADDRESS_REQUIRED', 'NOT_FOUND'] as const;
export type ClubErrorCode = (typeof CLUB_ERROR_CODES)[number];

/** The club's own catalog key for an envelope code it knows (`clubScreens.error.<CODE>`), else null. */
export function clubErrorKey(code: string | undefined): string | null {
  return code && (CLUB_ERROR_CODES as readonly string[]).includes(code) ? `clubScreens.error.${code}` : null;
}

// ---------- Redemptions ----------

export const HAPPY_PATH: readonly RedemptionStatus[] = ['pending', 'approved', 'fulfilled'];

export type StepState = 'wait' | 'process' | 'finish' | 'error';

export interface TimelineStep {
  status: RedemptionStatus;
  state: StepState;
  at: string | null;
  reason: string | null;
}

/**
 * The status timeline: pending → approved → fulfilled, each with its time once reached; a rejected or
 * cancelled redemption ends at that step (marked as an error, with its reason) and shows no steps after it.
 */
export function buildTimeline(r: Pick<Redemption, 'status' | 'createdAt' | 'events' | 'reason'>): TimelineStep[] {
  const lastEvent = (status: RedemptionStatus) => [...r.events].reverse().find((e) => e.status === status) ?? null;
  const timeOf = (status: RedemptionStatus) => lastEvent(status)?.at ?? (status === 'pending' ? r.createdAt : null);

  if (r.status === 'rejected' || r.status === 'cancelled') {
    const reached = HAPPY_PATH.filter((s) => s === 'pending' || lastEvent(s));
    const end = lastEvent(r.status);
    return [
      ...reached.map((s): TimelineStep => ({ status: s, state: 'finish', at: timeOf(s), reason: null })),
      { status: r.status, state: 'error', at: end?.at ?? null, reason: end?.reason ?? r.reason ?? null },
    ];
  }
  const current = Math.max(0, HAPPY_PATH.indexOf(r.status));
  return HAPPY_PATH.map((s, i): TimelineStep => ({
    status: s,
    state: i < current || (i === current && s === 'fulfilled') ? 'finish' : i === current ? 'process' : 'wait',
    at: i <= current ? timeOf(s) : null,
    reason: i <= current ? (lastEvent(s)?.reason ?? null) : null,
  }));
}

/** The index of the step in progress, for antd-mobile Steps' `current`. */
export function timelineCurrent(steps: TimelineStep[]): number {
  const i = steps.findIndex((s) => s.state === 'process' || s.state === 'error');
  return i >= 0 ? i : steps.length - 1;
}

export function canCancel(r: Pick<Redemption, 'status'>): boolean {
  return r.status === 'pending';
}

export type TagTone = 'warning' | 'primary' | 'success' | 'danger' | 'default';

export function statusTone(status: RedemptionStatus): TagTone {
  switch (status) {
    case 'pending': return 'warning';
    case 'approved': return 'primary';
    case 'fulfilled': return 'success';
    case 'rejected': return 'danger';
    default: return 'default';
  }
}

export function countPending(items: Pick<Redemption, 'status'>[]): number {
  return items.filter((r) => r.status === 'pending').length;
}

// ---------- Coupons ----------

function expired(expiresAt: string | null | undefined, now: number): boolean {
  return !!expiresAt && Date.parse(expiresAt) <= now;
}

export type ClaimState = 'active' | 'used' | 'expired';

export function claimState(c: Pick<CouponClaim, 'usedAt'> & { batch: Pick<CouponClaim['batch'], 'expiresAt'> }, now: number = Date.now()): ClaimState {
  if (c.usedAt) return 'used';
  return expired(c.batch.expiresAt, now) ? 'expired' : 'active';
}

/** Active coupons first (soonest to expire first), then used and expired ones, newest claim first. */
export function sortClaims<T extends CouponClaim>(claims: T[], now: number = Date.now()): T[] {
  const rank = (c: T) => (claimState(c, now) === 'active' ? 0 : 1);
  const expiry = (c: T) => (c.batch.expiresAt ? Date.parse(c.batch.expiresAt) : Number.POSITIVE_INFINITY);
  return [...claims].sort((a, b) => rank(a) - rank(b) || (rank(a) === 0 ? expiry(a) - expiry(b) : Date.parse(b.claimedAt) - Date.parse(a.claimedAt)));
}

export type ClaimBlock = 'expired' | 'outOfStock' | 'limitReached';

export function claimBlockReason(b: Pick<CouponBatch, 'expiresAt' | 'left' | 'limit' | 'claimed'>, now: number = Date.now()): ClaimBlock | null {
  if (expired(b.expiresAt, now)) return 'expired';
  if (b.left <= 0) return 'outOfStock';
  if (b.limit != null && b.claimed >= b.limit) return 'limitReached';
  return null;
}

/** Days until `iso` (rounded up; 0 when past), for "expires in N days". */
export function daysUntil(iso: string, now: number = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 86_400_000));
}

// ---------- Gifts ----------

export function pickedOption(p: Pick<GiftPeriod, 'options' | 'pick'>): GiftOption | null {
  return p.pick ? (p.options.find((o) => o.id === p.pick!.optionId) ?? null) : null;
}

/** Another option can be picked while it has stock; the current pick is already mine (it holds its unit). */
export function canPickOption(p: Pick<GiftPeriod, 'pick'>, o: Pick<GiftOption, 'id' | 'left'>): boolean {
  if (p.pick?.optionId === o.id) return false;
  return o.left > 0;
}

/** The period after a successful pick: the new pick, the old option's unit back, one unit off the new one. */
export function applyPick(p: GiftPeriod, optionId: string, pickedAt: string): GiftPeriod {
  const old = p.pick?.optionId;
  if (old === optionId) return p;
  return {
    ...p,
    pick: { optionId, pickedAt },
    options: p.options.map((o) =>
      o.id === optionId ? { ...o, left: Math.max(0, o.left - 1) } : o.id === old ? { ...o, left: o.left + 1 } : o,
    ),
  };
}
