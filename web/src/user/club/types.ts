// The members club's staff API shapes (docs/API.md "Members club (issue 11)", Staff).
import type { Address } from '../../lib/club';
import type { MediaSummary } from '../../lib/media';

export type { Address };

export interface StoreRef {
  id: string;
  name: string;
}

export interface Reward {
  id: string;
  title: string;
  image: MediaSummary | null;
  cost: number;
  /** Stock left. */
  left: number;
  /** Per-person limit; null = none. */
  limit: number | null;
  /** My active redemptions of this reward. */
  mine: number;
  startAt: string | null;
  endAt: string | null;
  pickup: boolean;
  delivery: boolean;
}

export interface RewardDetail extends Reward {
  /** Sanitised on the server. */
  description: string | null;
}

export type RedemptionStatus = 'pending' | 'approved' | 'fulfilled' | 'rejected' | 'cancelled';

export interface RedemptionEvent {
  status: RedemptionStatus;
  reason: string | null;
  at: string;
}

export interface Redemption {
  id: string;
  reward: { id: string; title: string; image: MediaSummary | null };
  cost: number;
  status: RedemptionStatus;
  method: 'pickup' | 'delivery';
  store: StoreRef | null;
  address: Address | null;
  reason: string | null;
  createdAt: string;
  events: RedemptionEvent[];
}

export interface ClubSummary {
  balance: number;
  rewards: Reward[];
  pendingRedemptions: number;
  coupons: { available: number; mine: number };
  gifts: { open: number; picked: number };
}

export interface RewardsList {
  balance: number;
  items: Reward[];
}

export interface RewardDetailAnswer {
  balance: number;
  item: RewardDetail;
  myStore: StoreRef | null;
  address: Address | null;
  stores: StoreRef[];
}

export interface RedeemBody {
  method: 'pickup' | 'delivery';
  storeId?: string;
  address?: Address;
}

export interface CouponBatchRef {
  id: string;
  partner: string;
  title: string;
  valueText: string;
  image: MediaSummary | null;
  expiresAt: string | null;
}

export interface CouponBatch extends CouponBatchRef {
  limit: number | null;
  /** How many I claimed. */
  claimed: number;
  /** Free codes left. */
  left: number;
}

export interface CouponClaim {
  id: string;
  code: string;
  claimedAt: string;
  usedAt: string | null;
  batch: CouponBatchRef;
}

export interface CouponsAnswer {
  items: CouponBatch[];
  mine: CouponClaim[];
}

export interface GiftOption {
  id: string;
  title: string;
  image: MediaSummary | null;
  left: number;
}

export interface GiftPick {
  optionId: string;
  pickedAt: string;
}

export interface GiftPeriod {
  id: string;
  name: string;
  startAt: string | null;
  endAt: string | null;
  options: GiftOption[];
  pick: GiftPick | null;
}

export interface GiftsAnswer {
  periods: GiftPeriod[];
}
