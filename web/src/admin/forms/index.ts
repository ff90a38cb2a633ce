// The forms' back-office screens (issue 16), one lazy chunk (app/admin/routes.ts loads them by name from here).
// The detail screen uses the kit's summary bar and export buttons (admin/resources/), with their styles.
import '../resources/detail.css';
import './forms.css';

export { FormsView } from './FormsView';
export { FormEditor } from './FormEditor';
