// The report page's navigation: a tab and a filter changed in quick succession both land. The router draws a
// navigation in a transition, so right after a tab click the page on screen still shows the previous tab; a
// filter change must go to the address the browser is at, not the one last drawn.
import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import { prepareAdminTestEnv } from '../../test/adminEnv';
import { fakeApi, json, renderScreen } from '../../test/fakeApi';
import type { AdminPage } from '../resources/pages';
import { ReportsView } from './ReportsView';

const page: AdminPage = { key: 'reports', path: '/admin/reports', labelKey: 'nav.reports', minRole: 'editor' };
const answer = (report: string) => ({
  report,
  filters: { from: '2026-11-01', to: '2026-11-27', store: null, region: null, position: null },
  previous: { from: '2026-10-05', to: '2026-10-31' },
  figures: [],
  charts: [],
  tables: [],
});

fakeApi((url) => {
  if (url === '/api/admin/reports/options') return json({ stores: [], regions: [{ id: 'r1', code: 'N', name: 'North' }], positions: [] });
  const m = /^\/api\/admin\/reports\/(\w+)/.exec(url);
  return m?.[1] ? json(answer(m[1])) : undefined;
});

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

beforeAll(prepareAdminTestEnv);

/** The actives report filtered on a region (so "Reset" has something to clear), drawn. */
async function openActivesInTheNorth() {
  renderScreen(
    <>
      <ReportsView page={page} />
      <Where />
    </>,
    { url: '/admin/reports/actives?region=r1', path: '/admin/reports/:id' },
  );
  await screen.findByTestId('report-empty');
}

describe('ReportsView navigation', () => {
  it('a filter changed right after a tab switch stays on the new tab', async () => {
    await openActivesInTheNorth();
    // Both clicks before React draws the tab switch (one act: the transition is still pending at the second).
    act(() => {
      screen.getByTestId('report-tab-learning').click();
      screen.getByRole('button', { name: /reset/i }).click();
    });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/reports/learning'));
  }, 20_000);

  it('a tab switched right after a filter change keeps the new filters', async () => {
    await openActivesInTheNorth();
    act(() => {
      screen.getByRole('button', { name: /reset/i }).click();
      screen.getByTestId('report-tab-club').click();
    });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/reports/club'));
  }, 20_000);
});
