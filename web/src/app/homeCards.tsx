// Home's area cards in one lazy chunk (TabPages.tsx hands them to Home): what waits for my action (pulse,
// polls, surveys, campaigns), the banner ad and the upcoming events. Each fetches its own light list after the
// first screen, so none of their code belongs in the JS a phone loads before it. An area that adds a Home
// card keeps it in its own folder (user/<area>/Home<Area>.tsx) and adds one line here.
import { HomeCampaigns } from '../user/campaigns/HomeCampaigns';
import { HomeDrill } from '../user/drill/HomeDrill';
import { HomePolls } from '../user/polls/HomePolls';
import { HomePulse } from '../user/pulse/HomePulse';
import { HomeSurveys } from '../user/surveys/HomeSurveys';

export { HomeAds } from '../user/ads/HomeAds';
export { HomeEvents } from '../user/events/HomeEvents';

export function HomeActionCards() {
  return (
    <>
      <HomeDrill />
      <HomePulse />
      <HomePolls />
      <HomeSurveys />
      <HomeCampaigns />
    </>
  );
}
