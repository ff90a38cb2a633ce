// Home's area cards in one lazy chunk: what waits for my action (pulse, polls, surveys, campaigns), the
// banner ad and the upcoming events. Each fetches its own light list after the first screen, so none of their
// code belongs in the JS a phone loads before it; an area that adds a Home card adds it here.
import { HomeCampaigns } from './HomeCampaigns';
import { HomePolls } from './HomePolls';
import { HomePulse } from './HomePulse';
import { HomeSurveys } from './HomeSurveys';

export { HomeAds } from './HomeAds';
export { HomeEvents } from './HomeEvents';

export function HomeActionCards() {
  return (
    <>
      <HomePulse />
      <HomePolls />
      <HomeSurveys />
      <HomeCampaigns />
    </>
  );
}
