// The polls' back-office screens (issue 13), one lazy chunk (app/admin/routes.ts loads them by name from here).
// The detail screen uses the kit's summary bar and export buttons (admin/resources/), with their styles.
import '../resources/detail.css';
import './polls.css';

export { PollsView } from './PollsView';
export { PollEditor } from './PollEditor';
