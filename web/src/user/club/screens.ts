// The club's screens past the tab itself (rewards, redemptions, coupons, gifts): one lazy chunk, loaded when
// one of them opens (app/App.tsx), with their strings (./i18n). The Club tab (app/ClubTab.tsx) stays in the
// main chunk and light.
import './i18n';
export { RewardPage, RewardsPage } from './RewardsPages';
export { RedemptionsPage } from './RedemptionsPage';
export { CouponsPage } from './CouponsPage';
export { GiftsPage } from './GiftsPage';
