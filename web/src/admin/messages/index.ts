// The messages' back-office screens (issue 15), one lazy chunk (app/admin/routes.ts loads them by name from here).
export { BroadcastsView } from './BroadcastsView';
export { ThreadsInbox } from './ThreadsInbox';
