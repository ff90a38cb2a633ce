// The back-office screens of events and the social club (issue 13), one lazy chunk (app/admin/routes.ts loads
// them by name). The item screen uses the kit's summary bar and export buttons (admin/resources/), with their styles.
import '../resources/detail.css';
import './events.css';

export { EventsView } from './EventsView';
export { EventScreen } from './EventScreen';
