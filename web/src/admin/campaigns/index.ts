// The contests' back-office screens (issue 13), one lazy chunk (app/admin/routes.ts loads them by name from here).
// The detail screen uses the kit's summary bar and reason dialog (admin/resources/), with their styles.
import '../resources/detail.css';
import './contests.css';

export { CampaignsView, NamingView } from './ContestLists';
export { ContestEditor } from './ContestEditor';
