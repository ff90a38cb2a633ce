// The games' back-office screens (issue 14), one lazy chunk (admin/routes.ts loads them by name from here).
// The detail screens borrow the club's summary bar, with its styles.
import '../club/club.css';

export { GamesView, MatchingEditor, MatchingsView, QuizEditor, QuizzesView } from './GameEditors';
