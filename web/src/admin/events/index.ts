// The back-office screens of events and the social club (issue 13), one lazy chunk (admin/routes.ts loads
// them by name). The item screen borrows the club's summary bar and export buttons, with their styles.
import '../club/club.css';
import './events.css';

export { EventsView } from './EventsView';
export { EventScreen } from './EventScreen';
