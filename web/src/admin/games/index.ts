// The games' back-office screens (issue 14), one lazy chunk (app/admin/routes.ts loads them by name from here).
// The detail screens use the kit's summary bar (admin/resources/), with its styles.
import '../resources/detail.css';

export { GamesView, MatchingEditor, MatchingsView, QuizEditor, QuizzesView } from './GameEditors';
