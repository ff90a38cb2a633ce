// The five staff tabs, each with what shows once its first screen is drawn (shared by the specs that open
// every tab: layout-shift, first-screen).
export const STAFF_TABS = [
  { path: '/main', ready: '[data-testid="points-balance"]' },
  { path: '/learning', ready: 'main#main h1, main#main h2' },
  { path: '/stores', ready: 'main#main h1, main#main h2' },
  { path: '/club', ready: 'main#main h1, main#main h2' },
  { path: '/profile', ready: 'main#main h1' },
];
