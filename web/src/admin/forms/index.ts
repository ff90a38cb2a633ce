// The forms' back-office screens (issue 16), one lazy chunk (admin/routes.ts loads them by name from here).
// The detail screen borrows the club's summary bar and export buttons, with their styles.
import '../club/club.css';
import './forms.css';

export { FormsView } from './FormsView';
export { FormEditor } from './FormEditor';
