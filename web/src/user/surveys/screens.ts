// The staff survey screens, one lazy chunk (App.tsx loads them by name from here).
export { SurveysPage } from './SurveysPage';
export { SurveyPage } from './SurveyPage';
