// The surveys' back-office screens (issue 16), one lazy chunk (admin/routes.ts loads them by name from here).
// The detail screen borrows the club's summary bar and export buttons, with their styles.
import '../club/club.css';
import './surveys.css';

export { SurveysView } from './SurveysView';
export { SurveyEditor } from './SurveyEditor';
