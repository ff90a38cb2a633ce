// Events end to end against the real server (issue 13): on a 390x844 phone a staff member finds the event on
// Home, signs up and opens the QR ticket; a second phone context (an editor) opens the check-in screen and
// feeds a picture of that ticket to its "from a photo" input (the scanner's decoder reads it); the attendee is
// checked in once (a second scan says "already checked in") and the attendees screen shows it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AdminApi } from './support/adminApi';
import { expect, signInAs, test } from './support/fixtures';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');
const DAY = 86_400_000;

test.describe('events (390x844 phones)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.setTimeout(120_000);

  test('staff RSVPs and shows the QR ticket; an editor checks them in from a photo of it', async ({ page, browser }) => {
    const run = Date.now().toString(36).slice(-5).toUpperCase();
    const editorContext = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'th-TH', isMobile: true, hasTouch: true });
    const editor = await editorContext.newPage();
    await signInAs(editor, 'EDIT01');
    await expect(editor).toHaveURL(/\/main$/);
    const api = AdminApi.of(editor);
    const start = Date.now() + 2 * DAY;
    const event = await api.create('events', {
      title: `เวิร์กช็อปจัดดิสเพลย์ ${run}`,
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 3 * 3600_000).toISOString(),
      placeKind: 'address',
      address: 'ห้องอบรม ชั้น 5 สำนักงานใหญ่',
      capacity: 3,
      points: 25,
      status: 'published',
    });

    await signInAs(page, 'S1001');
    await expect(page).toHaveURL(/\/main$/);
    await expect(page.getByTestId('home-events')).toBeVisible();
    await page.locator(`[data-testid="home-event"][data-event-id="${event.id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/club/events/${event.id}$`));
    await expect(page.getByTestId('event-rsvp')).toHaveAttribute('data-state', 'join');
    await page.getByTestId('event-join').click();
    await expect(page.getByTestId('event-rsvp')).toHaveAttribute('data-state', 'going');
    await page.getByTestId('event-ticket-open').click();
    const ticket = page.getByTestId('event-ticket');
    await expect(ticket).toBeVisible();
    const code = (await page.getByTestId('ticket-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[0-9A-F]{12}$/);
    await page.waitForTimeout(400); // the sheet's slide-in
    const picture = await ticket.screenshot();
    await page.screenshot({ path: path.join(shots, 'events-ticket.png') });

    // The editor's phone: the check-in screen, fed the picture of the ticket.
    await editor.goto(`/admin/events/${event.id}/checkin`);
    await expect(editor.getByTestId('checkin-screen')).toBeVisible();
    await editor.getByTestId('checkin-photo').setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: picture });
    const result = editor.getByTestId('checkin-result');
    await expect(result).toHaveAttribute('data-result', 'ok');
    await expect(result).toContainText('25');
    await editor.screenshot({ path: path.join(shots, 'events-checkin.png') });
    await editor.getByTestId('checkin-photo').setInputFiles({ name: 'ticket-again.png', mimeType: 'image/png', buffer: picture });
    await expect(result).toHaveAttribute('data-result', 'already');

    // The attendees screen counts it; the staff member's ticket says checked in.
    await editor.goto(`/admin/events/${event.id}`);
    await expect(editor.locator('[data-testid="attendee-row"][data-checked-in="true"]')).toHaveCount(1);
    await page.reload();
    await page.getByTestId('event-ticket-open').click();
    await expect(page.getByTestId('event-ticket')).toContainText(/เช็กอินแล้ว/);
    await editorContext.close();
  });
});
