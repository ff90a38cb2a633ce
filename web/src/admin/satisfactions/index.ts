// The satisfaction ratings' back-office screen (issue 16), one lazy chunk (app/admin/routes.ts loads it by name).
export { SatisfactionsView } from './SatisfactionsView';
