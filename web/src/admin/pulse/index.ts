// The pulse surveys' back-office screens (issue 16), one lazy chunk (app/admin/routes.ts loads them by name from
// here; ECharts loads with the first chart, admin/resources/charts). The detail screen uses the kit's summary bar and
// question results (admin/resources/detail.css).
import '../resources/detail.css';

export { PulsesView } from './PulsesView';
export { PulseEditor } from './PulseEditor';
