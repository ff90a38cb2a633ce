// The pulse surveys' back-office screens (issue 16), one lazy chunk (admin/routes.ts loads them by name from
// here; ECharts loads with the first chart, admin/charts). The detail screen borrows the club's summary bar and the surveys' styles.
import '../club/club.css';
import '../surveys/surveys.css';

export { PulsesView } from './PulsesView';
export { PulseEditor } from './PulseEditor';
