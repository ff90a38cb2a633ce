// The reports' back-office screen (issue 17), one lazy chunk (app/admin/routes.ts loads it by name from here;
// its texts load with it, ECharts with the first chart).
export { ReportsView } from './ReportsView';
