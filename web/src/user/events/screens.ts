// The events area's screens as one lazy chunk (App.tsx): the lists and the detail of both areas.
export { EventsListPage, SocialPage } from './EventsPage';
export { EventDetailPage, SocialDetailPage } from './EventDetailPage';
