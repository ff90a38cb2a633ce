// The staff form screens, one lazy chunk (App.tsx loads them by name from here).
export { FormsPage } from './FormsPage';
export { FormPage } from './FormPage';
