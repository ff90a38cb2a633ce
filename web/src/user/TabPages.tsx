// The Learning tab lives with the rest of the learning screens.
export { LearningPage } from './learning/LearningTab';

// The Success Story tab (/stores) is a lazy chunk of its own (./stories, loaded by App.tsx).

// Home lives in ./home (points, rows, articles).
export { HomePage } from './home/HomePage';

// The Club tab lives in ./ClubTab (balance and entries); its screens are a lazy chunk (./club).
export { ClubPage } from './ClubTab';
