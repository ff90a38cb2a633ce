// The members club's back-office screens, one lazy chunk (app/admin/routes.ts loads them by name from here).
import '../resources/detail.css';
import './club.css';

export { RewardsView } from './RewardsView';
export { RedemptionsView } from './RedemptionsView';
export { CouponBatchesView } from './CouponBatchesView';
export { CouponBatchEditor } from './CouponBatchEditor';
export { GiftPeriodsView } from './GiftPeriodsView';
export { GiftPeriodEditor } from './GiftPeriodEditor';
