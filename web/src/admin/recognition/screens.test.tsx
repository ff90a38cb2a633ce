import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminPage as pageOf } from '../../app/admin/routes';
import { prepareAdminTestEnv } from '../../test/adminEnv';
import { fakeApi, json, renderAt } from '../../test/fakeApi';
import { ResourceForm } from '../resources/ResourceForm';
import { fakeField as field, fakeItem, fakeOptions as options, fakeResource, fakeStatus } from '../resources/schemaFakes';
import type { FieldSchema } from '../resources/schema';
import { BadgeEditor } from './BadgeEditor';
import { StickerSetEditor } from './StickerSetEditor';

let badgeReads = 0;
let awardAnswer: () => Response;

const status = fakeStatus();
const resource = (name: string, titleField: string, fields: FieldSchema[]) => fakeResource(name, titleField, fields, { readRole: 'editor', writeRole: 'editor' });
const badges = resource('badges', 'name', [
  field('image', 'reference', { reference: 'medias' }),
  field('name', 'string', { required: true }),
  field('criteria', 'enum', { required: true, options: options('manual', 'course_completed', 'exam_passed', 'courses_completed', 'points_earned', 'learning_streak') }),
  // As the server's rule registry sends them.
  field('course', 'reference', { reference: 'courses', visibleWhen: { field: 'criteria', values: ['course_completed'] } }),
  field('exam', 'reference', { reference: 'examinations', visibleWhen: { field: 'criteria', values: ['exam_passed'] } }),
  field('threshold', 'integer', { visibleWhen: { field: 'criteria', values: ['courses_completed', 'points_earned', 'learning_streak'] } }),
  status,
  field('awardedCount', 'integer', { readOnly: true }),
  // The row's backfill columns; items carry them folded as `backfill: {state, done, total}`.
  field('backfillState', 'string', { readOnly: true }),
  field('backfillDone', 'integer', { readOnly: true }),
  field('backfillTotal', 'integer', { readOnly: true }),
]);
const schema = {
  resources: [
    badges,
    resource('sticker-sets', 'name', [field('name', 'string'), field('rule', 'enum', { options: options('manual', 'course_completed') }), status, field('stickersCount', 'integer', { readOnly: true })]),
    resource('stickers', 'name', [
      field('set', 'reference', { reference: 'sticker-sets', filterable: true }),
      field('name', 'string'),
      field('rarity', 'enum', { options: [{ value: 'common', label: { th: 'ธรรมดา', en: 'Common' } }, { value: 'rare', label: { th: 'หายาก', en: 'Rare' } }, { value: 'legendary', label: { th: 'ตำนาน', en: 'Legendary' } }] }),
      field('position', 'integer', { readOnly: true }),
    ]),
  ],
};
const item = (id: string, more: Record<string, unknown>) => fakeItem(id, more, 3);
const badgeItem = (backfill: unknown) => item('b1', { name: 'Bookworm', criteria: 'courses_completed', threshold: 5, course: null, status: 'published', awardedCount: 12, backfill });

beforeAll(prepareAdminTestEnv);
beforeEach(() => {
  badgeReads = 0;
  awardAnswer = () => json({ award: {} });
});
const { calls } = fakeApi((url, method) => {
  if (url === '/api/admin/schema') return json(schema);
  if (url === '/api/admin/badges/b1' && method === 'GET') {
    badgeReads += 1;
    return json(badgeItem(badgeReads < 3 ? { state: 'running', done: 40, total: 100 } : { state: 'done', done: 100, total: 100 }));
  }
  if (url === '/api/admin/badges/b1' && method === 'PATCH') return json(badgeItem(null));
  if (url.startsWith('/api/admin/badges/b1/holders?'))
    return json({
      items: [
        { user: { id: 'u1', name: 'Somchai', employeeId: 'E1' }, awardedAt: '2026-11-02T00:00:00Z', awardedBy: null, reason: null },
        { user: { id: 'u2', name: 'Nok', employeeId: 'E2' }, awardedAt: '2026-11-03T00:00:00Z', awardedBy: { id: 'a1', name: 'Admin A' }, reason: 'Helped a customer' },
      ],
      total: 2,
    });
  if (url === '/api/admin/badges/b1/award') return awardAnswer();
  if (url === '/api/admin/badges/b1/revoke') return json({});
  if (url.startsWith('/api/admin/people?')) return json({ items: [{ id: 'u9', name: 'Ploy', employeeId: 'S1009', store: 'Siam' }] });
  if (url === '/api/admin/sticker-sets/s1') return json(item('s1', { name: 'Jungle', rule: 'course_completed', status: 'draft', stickersCount: 2 }));
  if (url.startsWith('/api/admin/stickers?'))
    return json({ items: [item('k1', { set: 's1', name: 'Tiger', rarity: 'common', position: 1 }), item('k2', { set: 's1', name: 'Panda', rarity: 'legendary', position: 2 })], total: 2, page: 1, pageSize: 100 });
  return undefined;
});

describe('recognition back office', { timeout: 60_000 }, () => {
  it('a badge shows its rule, the backfill until it is done, and its holders', async () => {
    renderAt('/admin/badges/b1', '/admin/badges/:id', <BadgeEditor page={pageOf('badges')} />);
    const progress = await screen.findByTestId('backfill-progress');
    expect(progress).toHaveAttribute('data-state', 'running');
    expect(screen.getByText('5 courses')).toBeInTheDocument();
    const holders = await screen.findByTestId('badge-holders');
    expect(await within(holders).findByText('Somchai')).toBeInTheDocument();
    expect(within(holders).getByText('Rule')).toBeInTheDocument();
    expect(within(holders).getByText('Admin A')).toBeInTheDocument();
    expect(within(holders).getByText('Helped a customer')).toBeInTheDocument();
    // Polled while running, then shown as done.
    await waitFor(() => expect(screen.getByTestId('backfill-progress')).toHaveAttribute('data-state', 'done'), { timeout: 6000 });
  });

  it('awards a badge to a person with a reason, and says when they already hold it', async () => {
    renderAt('/admin/badges/b1', '/admin/badges/:id', <BadgeEditor page={pageOf('badges')} />);
    fireEvent.click(await screen.findByTestId('badge-award'));
    const dialog = await screen.findByTestId('badge-award-dialog');
    const select = within(dialog).getByRole('combobox');
    fireEvent.mouseDown(select);
    fireEvent.change(select, { target: { value: 'plo' } });
    fireEvent.click(await screen.findByText('Ploy · S1009 · Siam'));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/people?q=plo&limit=20')).toBe(true));
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Great service week' } });
    awardAnswer = () => json({ error: { code: 'ALREADY_AWARDED', message: 'Already awarded.' } }, 409);
    fireEvent.click(screen.getByTestId('badge-award-dialog-ok'));
    expect(await within(dialog).findByText('This person already holds the badge.')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/admin/badges/b1/award')!.body).toEqual({ userId: 'u9', reason: 'Great service week' });
  });

  it('revokes a holding with a reason', async () => {
    renderAt('/admin/badges/b1', '/admin/badges/:id', <BadgeEditor page={pageOf('badges')} />);
    const revokes = await screen.findAllByTestId('badge-revoke');
    fireEvent.click(revokes[1]!);
    const dialog = await screen.findByTestId('badge-revoke-dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Given by mistake' } });
    fireEvent.click(screen.getByTestId('badge-revoke-dialog-ok'));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/admin/badges/b1/revoke')).toBe(true));
    expect(calls.find((c) => c.url === '/api/admin/badges/b1/revoke')!.body).toEqual({ userId: 'u2', reason: 'Given by mistake' });
  });

  it('a sticker set lists its stickers in order with their rarity', async () => {
    renderAt('/admin/stickers/s1', '/admin/stickers/:id', <StickerSetEditor page={pageOf('stickers')} />);
    await waitFor(() => expect(screen.getAllByTestId('admin-sticker')).toHaveLength(2));
    const rows = screen.getAllByTestId('admin-sticker');
    expect(rows.map((r) => r.getAttribute('data-sticker'))).toEqual(['Tiger', 'Panda']);
    expect(within(rows[1]!).getByTestId('sticker-rarity')).toHaveTextContent('Legendary');
    // One common (60) and one legendary (1): 98.4 % and 1.64 % per draw.
    expect(within(rows[0]!).getByText('98.4% per draw')).toBeInTheDocument();
    const list = calls.find((c) => c.url.startsWith('/api/admin/stickers?'))!;
    expect(decodeURIComponent(list.url)).toContain('filter[set]=s1');
    expect(list.url).toContain('sort=position');
  });
});

describe('the badge form shows only the rule’s fields', { timeout: 30_000 }, () => {
  const form = (criteria: string) =>
    renderAt(
      '/',
      '/',
      <ResourceForm resource={badges} mode="edit" item={item('b1', { name: 'B', criteria, course: 'c1', threshold: null, status: 'draft' })} open onClose={() => {}} />,
    );

  it('course for "course completed"', async () => {
    form('course_completed');
    expect(await screen.findByText('course')).toBeInTheDocument();
    expect(screen.queryByText('exam')).toBeNull();
    expect(screen.queryByText('threshold')).toBeNull();
  });

  it('threshold for an N rule, and the stale course is emptied on save', async () => {
    form('points_earned');
    expect(await screen.findByText('threshold')).toBeInTheDocument();
    expect(screen.queryByText('course')).toBeNull();
    fireEvent.change(screen.getByRole('spinbutton'), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ threshold: 500, course: null, version: 3 });
  });
});
