import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPage as pageOf } from '../../app/admin/routes';
import { prepareAdminTestEnv } from '../../test/adminEnv';
import { fakeApi, json, renderAt } from '../../test/fakeApi';
import { fakeField as field, fakeItem as item, fakeResource as resource, fakeStatus } from '../resources/schemaFakes';
import { CouponBatchEditor } from './CouponBatchEditor';
import { GiftPeriodEditor } from './GiftPeriodEditor';

const status = fakeStatus();
const schema = {
  resources: [
    resource('coupon-batches', 'title', [field('partner', 'string'), field('title', 'string'), field('valueText', 'string'), field('codes', 'integer', { readOnly: true }), status]),
    resource('gift-periods', 'name', [field('name', 'string'), field('endAt', 'datetime'), status]),
    resource('gift-options', 'title', [field('period', 'reference', { reference: 'gift-periods', filterable: true }), field('title', 'string'), field('stock', 'integer'), field('position', 'integer', { readOnly: true })]),
  ],
};

beforeAll(prepareAdminTestEnv);
const { calls } = fakeApi((url) => {
  if (url === '/api/admin/schema') return json(schema);
  if (url === '/api/admin/coupon-batches/b1') return json(item('b1', { partner: 'Cafe', title: 'Free coffee', valueText: '1 cup', codes: 3, status: 'published' }));
  if (url.startsWith('/api/admin/coupon-batches/b1/codes?'))
    return json({
      items: [{ id: 'c1', code: 'AB12CD', claimedBy: { id: 'u1', name: 'Somchai', employeeId: 'E1' }, claimedAt: '2026-11-02T00:00:00Z', usedAt: null }],
      total: 1,
      counts: { free: 2, claimed: 1, used: 0 },
    });
  if (url === '/api/admin/gift-periods/p1') return json(item('p1', { name: 'New year 2027', endAt: '2099-01-01T00:00:00Z', status: 'published' }));
  if (url.startsWith('/api/admin/gift-options?'))
    return json({ items: [item('o1', { period: 'p1', title: 'Mug', stock: 10, position: 1 }), item('o2', { period: 'p1', title: 'Umbrella', stock: 5, position: 2 })], total: 2, page: 1, pageSize: 100 });
  if (url === '/api/admin/gift-periods/p1/picks')
    return json({
      items: [{ user: { id: 'u1', name: 'Somchai', employeeId: 'E1' }, store: { id: 's1', name: 'Silom' }, option: { id: 'o1', title: 'Mug' }, pickedAt: '2026-12-01T00:00:00Z' }],
      options: [
        { id: 'o1', title: 'Mug', stock: 10, picked: 1 },
        { id: 'o2', title: 'Umbrella', stock: 5, picked: 0 },
      ],
    });
  if (url === '/api/admin/gift-periods/p1/close') return json({ item: item('p1', { name: 'New year 2027', endAt: '2026-12-02T00:00:00Z' }) });
  return undefined;
});

describe('club detail screens', { timeout: 30_000 }, () => {
  it('a coupon batch shows its codes with the counts and the code tools', async () => {
    renderAt('/admin/coupons/b1', '/admin/coupons/:id', <CouponBatchEditor page={pageOf('coupons')} />);
    expect(await screen.findByText('AB12CD')).toBeInTheDocument();
    expect(screen.getByText('Somchai')).toBeInTheDocument();
    expect(screen.getByText('Free (2)')).toBeInTheDocument();
    expect(screen.getByText('Claimed (1)')).toBeInTheDocument();
    expect(screen.getByText('Used (0)')).toBeInTheDocument();
    expect(screen.getByTestId('codes-import')).toBeInTheDocument();
    expect(screen.getByTestId('codes-generate')).toBeInTheDocument();
    expect(screen.getByTestId('codes-mark-used')).toBeInTheDocument();
  });

  it('a gift period shows its ordered options, the picks and closes after a confirmation', async () => {
    renderAt('/admin/gifts/p1', '/admin/gifts/:id', <GiftPeriodEditor page={pageOf('gifts')} />);
    expect(await screen.findByText('Picked 1 · Stock 10')).toBeInTheDocument();
    expect(screen.getByText('Picked 0 · Stock 5')).toBeInTheDocument();
    expect(screen.getAllByTestId('gift-option-count')).toHaveLength(2);
    expect(screen.getByText('1 of 10')).toBeInTheDocument();
    expect(screen.getByTestId('export-xlsx').getAttribute('href')).toBe('/api/admin/gift-periods/p1/picks/export?format=xlsx');
    const list = calls.find((c) => c.url.startsWith('/api/admin/gift-options?'))!;
    expect(decodeURIComponent(list.url)).toContain('filter[period]=p1');
    fireEvent.click(screen.getByTestId('gift-period-close'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close period' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/gift-periods/p1/close')).toBe(true));
  });
});
