// The polls' back-office screens (issue 13), one lazy chunk (admin/routes.ts loads them by name from here).
// The detail screen borrows the club's summary bar and export buttons, with their styles.
import '../club/club.css';
import './polls.css';

export { PollsView } from './PollsView';
export { PollEditor } from './PollEditor';
