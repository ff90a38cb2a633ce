import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareAdminTestEnv } from '../../test/adminEnv';
import { fakeApi, json, renderScreen } from '../../test/fakeApi';
import { RedemptionsView } from './RedemptionsView';

const person = (id: string, name: string) => ({ id, name, employeeId: `E${id}` });
const redemption = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  reward: { id: 'rw1', title: 'Tote bag', image: null },
  cost: 1200,
  status,
  method: 'pickup',
  store: { id: 's1', name: 'Silom' },
  address: null,
  reason: null,
  createdAt: '2026-11-22T11:03:20Z',
  events: [{ status: 'pending', reason: null, at: '2026-11-22T11:03:20Z' }],
  user: person(id, `Somchai ${id}`),
  version: 1,
  ...extra,
});

beforeAll(prepareAdminTestEnv);
const { calls, fetchMock } = fakeApi((url) => {
  if (url === '/api/admin/schema') return json({ resources: [] });
  if (url.startsWith('/api/admin/redemptions?'))
    return json({ items: [redemption('r1', 'pending'), redemption('r2', 'approved'), redemption('r3', 'fulfilled')], total: 3 });
  if (url === '/api/admin/redemptions/r1/reject') return json({ redemption: redemption('r1', 'rejected', { reason: 'Wrong store' }) });
  if (url === '/api/admin/redemptions/r1/approve') return json({ redemption: redemption('r1', 'approved') });
  if (url === '/api/admin/redemptions/bulk') return json({ done: ['r1'], failed: [{ id: 'r2', code: 'NOT_OPEN', message: 'Not open.' }] });
  return undefined;
});

const renderQueue = () => renderScreen(<RedemptionsView />);

// antd in jsdom is slow: a dialog round trip takes seconds.
describe('RedemptionsView', { timeout: 30_000 }, () => {
  it('asks for pending redemptions first and shows each row with its status and allowed actions', async () => {
    renderQueue();
    const rows = await screen.findAllByTestId('redemption-row');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['pending', 'approved', 'fulfilled']);
    const list = calls.find((c) => c.url.startsWith('/api/admin/redemptions?'))!;
    expect(new URLSearchParams(list.url.split('?')[1]).get('status')).toBe('pending');
    expect(within(rows[0]!).getByText('Somchai r1')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Er1')).toBeInTheDocument();
    expect(screen.getByTestId('approve-r1')).toBeInTheDocument();
    expect(screen.getByTestId('reject-r1')).toBeInTheDocument();
    expect(screen.queryByTestId('fulfil-r1')).toBeNull();
    expect(screen.getByTestId('fulfil-r2')).toBeInTheDocument();
    expect(screen.queryByTestId('approve-r3')).toBeNull();
    expect(screen.getByTestId('export-csv').getAttribute('href')).toBe('/api/admin/redemptions/export?format=csv&status=pending');
    expect(screen.getByTestId('export-xlsx').getAttribute('href')).toBe('/api/admin/redemptions/export?format=xlsx&status=pending');
  });

  it('approves one row with the CSRF header', async () => {
    renderQueue();
    fireEvent.click(await screen.findByTestId('approve-r1'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/redemptions/r1/approve')).toBe(true));
    const post = fetchMock.mock.calls.find(([u]) => String(u) === '/api/admin/redemptions/r1/approve')!;
    expect((post[1]?.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok');
  });

  it('refuses a reject without a reason, then sends it', async () => {
    renderQueue();
    fireEvent.click(await screen.findByTestId('reject-r1'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please fill this in')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/reject'))).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Wrong store' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/admin/redemptions/r1/reject')?.body).toEqual({ reason: 'Wrong store' }));
  });

  it('offers bulk actions for the selection and reports done / failed / skipped', async () => {
    renderQueue();
    await screen.findAllByTestId('redemption-row');
    fireEvent.click(screen.getByLabelText('Select the redemption of Somchai r1'));
    fireEvent.click(screen.getByLabelText('Select the redemption of Somchai r2'));
    const bar = screen.getByTestId('redemptions-bulk');
    expect(within(bar).getByText('Selected: 2')).toBeInTheDocument();
    fireEvent.click(within(bar).getByTestId('bulk-reject'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Out of stock at the store' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/redemptions/bulk')).toBe(true));
    expect(calls.find((c) => c.url === '/api/admin/redemptions/bulk')!.body).toEqual({ ids: ['r1', 'r2'], action: 'reject', reason: 'Out of stock at the store' });
    expect(await screen.findByText('Done: 1 · Failed: 1 · Skipped: 0')).toBeInTheDocument();
  });
});
