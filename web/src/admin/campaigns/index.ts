// The contests' back-office screens (issue 13), one lazy chunk (admin/routes.ts loads them by name from here).
// The detail screen borrows the club's summary bar and reason dialog, with their styles.
import '../club/club.css';
import '../polls/polls.css';
import './contests.css';

export { CampaignsView, NamingView } from './ContestLists';
export { ContestEditor } from './ContestEditor';
