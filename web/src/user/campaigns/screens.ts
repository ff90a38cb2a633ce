// The contest screens, one lazy chunk (App.tsx loads them by name from here).
export { CampaignsPage } from './CampaignsPage';
export { CampaignPage } from './CampaignPage';
