import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, json, renderScreen } from '../../test/fakeApi';
import { Achievements } from './Achievements';
import { StickerReactions } from './Reactions';

let putAnswer: (body: { stickerId: string | null }) => Response;
let reactionsAnswer: unknown = { article: [], comments: {} };

const badge = (id: string, name: string, criteria: string) => ({ id, name, description: `<p>About ${name}</p>`, image: { id: `m-${id}`, url: `/media/${id}.png` }, criteria });
const myBadges = {
  earned: [{ badge: badge('b1', 'First steps', 'course_completed'), awardedAt: '2026-11-20T03:00:00Z', credentialUrl: '/api/me/badges/b1/credential.jwt', pngUrl: '/api/me/badges/b1/badge.png' }],
  locked: [
    { badge: badge('b2', 'Bookworm', 'courses_completed'), progress: { current: 3, target: 5 } },
    { badge: badge('b3', 'Star', 'manual'), progress: null },
  ],
};
const stickers = {
  sets: [
    {
      id: 's1',
      name: 'Jungle',
      image: null,
      stickers: [
        { id: 'st1', name: 'Tiger', image: '/media/st1.png', rarity: 'common', count: 3 },
        { id: 'st2', name: 'Panda', image: '/media/st2.png', rarity: 'legendary', count: 0 },
        { id: 'st3', name: 'Frog', image: '/media/st3.png', rarity: 'rare', count: 1 },
      ],
    },
  ],
};

const { calls } = fakeApi((url, method, body) => {
  if (url === '/api/me/badges') return json(myBadges);
  if (url === '/api/me/stickers') return json(stickers);
  if (url === '/api/users/u2/badges') return json({ earned: [{ badge: badge('b1', 'First steps', 'course_completed'), awardedAt: '2026-11-20T03:00:00Z' }] });
  if (url === '/api/users/u2/stickers') return json(stickers);
  if (method === 'GET' && url === '/api/articles/a1/reactions') return json(reactionsAnswer);
  if (method === 'PUT' && url.endsWith('/reaction')) return putAnswer(body);
  return undefined;
});

beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
beforeEach(() => {
  putAnswer = () => json({ reactions: [] });
});

describe('achievements on my profile', () => {
  it('opens the badge a notification links to (/p/<me>?badge=<id>)', async () => {
    renderScreen(<Achievements userId="u1" mine />, { url: '/p/u1?badge=b1' });
    const sheet = await screen.findByTestId('badge-sheet');
    expect(sheet).toHaveAttribute('data-badge-id', 'b1');
    expect(within(sheet).getByTestId('badge-credential')).toHaveAttribute('href', '/api/me/badges/b1/credential.jwt');
  });

  it('shows earned badges, locked ones with progress, and the sticker book', async () => {
    renderScreen(<Achievements userId="u1" mine />);
    const earned = await screen.findByTestId('badge-earned');
    expect(earned).toHaveAttribute('data-badge-id', 'b1');
    expect(within(earned).getByText('First steps')).toBeInTheDocument();
    const locked = screen.getAllByTestId('badge-locked');
    expect(locked.map((l) => l.getAttribute('data-badge-id'))).toEqual(['b2', 'b3']);
    expect(within(locked[0]!).getByTestId('badge-progress')).toHaveTextContent('3 of 5 courses');
    expect(within(locked[1]!).getByTestId('badge-progress')).toHaveTextContent('Awarded by the team');
    expect(screen.getByText('1 of 3 earned')).toBeInTheDocument();

    const book = await screen.findByTestId('sticker-book');
    await waitFor(() => expect(within(book).getAllByTestId('sticker')).toHaveLength(3));
    const tiles = within(book).getAllByTestId('sticker');
    expect(tiles.map((s) => [s.getAttribute('data-owned'), s.getAttribute('data-count')])).toEqual([
      ['true', '3'],
      ['false', '0'],
      ['true', '1'],
    ]);
    expect(within(tiles[0]!).getByText('×3')).toBeInTheDocument();
    expect(tiles[1]).toHaveClass('is-missing');
    expect(tiles[1]).toHaveAttribute('data-rarity', 'legendary');
    expect(within(book).getByText('2 of 3 collected')).toBeInTheDocument();
    expect(within(book).getByText('2 duplicates')).toBeInTheDocument();
  });

  it('opens a badge’s sheet with the description, the date and both downloads', async () => {
    renderScreen(<Achievements userId="u1" mine />);
    fireEvent.click(await screen.findByTestId('badge-earned'));
    const sheet = await screen.findByTestId('badge-sheet');
    expect(within(sheet).getByText('About First steps')).toBeInTheDocument();
    expect(within(sheet).getByText(/Awarded on/)).toBeInTheDocument();
    expect(within(sheet).getByTestId('badge-credential')).toHaveAttribute('href', '/api/me/badges/b1/credential.jwt');
    expect(within(sheet).getByTestId('badge-credential')).toHaveTextContent('Verifiable credential (Open Badges 3.0)');
    expect(within(sheet).getByTestId('badge-png')).toHaveAttribute('href', '/api/me/badges/b1/badge.png');
  });

  it('shows progress, not downloads, for a locked badge', async () => {
    renderScreen(<Achievements userId="u1" mine />);
    fireEvent.click((await screen.findAllByTestId('badge-locked'))[0]!);
    const sheet = await screen.findByTestId('badge-sheet');
    expect(within(sheet).getByTestId('badge-progress')).toHaveTextContent('3 of 5 courses');
    expect(within(sheet).queryByTestId('badge-credential')).toBeNull();
  });
});

describe('achievements on another person’s profile', () => {
  it('reads that person’s earned badges and stickers, with nothing locked', async () => {
    renderScreen(<Achievements userId="u2" mine={false} />);
    expect(await screen.findByTestId('badge-earned')).toBeInTheDocument();
    expect(screen.queryByTestId('badge-locked')).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('sticker')).toHaveLength(3));
    expect(calls.map((c) => c.url)).toEqual(expect.arrayContaining(['/api/users/u2/badges', '/api/users/u2/stickers']));
    expect(calls.some((c) => c.url.startsWith('/api/me/'))).toBe(false);
  });
});

describe('sticker reactions', () => {
  const reactions = [
    { sticker: { id: 'st9', name: 'Cat', image: '/media/st9.png' }, count: 2, mine: false },
    { sticker: { id: 'st3', name: 'Frog', image: '/media/st3.png' }, count: 1, mine: true },
  ];

  beforeEach(() => {
    reactionsAnswer = { article: reactions, comments: { c1: reactions } };
  });

  it('reads the page’s reactions once and shows the chips, mine highlighted, most used first', async () => {
    renderScreen(
      <>
        <StickerReactions target={{ articleId: 'a1' }} />
        <StickerReactions target={{ articleId: 'a1', commentId: 'c9' }} size="sm" />
      </>,
    );
    await waitFor(() => expect(screen.getAllByTestId('reaction-chip')).toHaveLength(2));
    // One read for the article and its comments; a comment nobody reacted to has no chips.
    expect(calls.filter((c) => c.url === '/api/articles/a1/reactions')).toHaveLength(1);
    expect(screen.getAllByTestId('reaction-button')).toHaveLength(2);
    const chips = screen.getAllByTestId('reaction-chip');
    expect(chips.map((c) => [c.getAttribute('data-sticker-id'), c.getAttribute('data-count'), c.getAttribute('data-mine')])).toEqual([
      ['st9', '2', 'false'],
      ['st3', '1', 'true'],
    ]);
    expect(chips[1]).toHaveClass('is-mine');
  });

  it('picks one of my stickers and PUTs it; the chips follow the answer', async () => {
    putAnswer = (b) => json({ reactions: [{ sticker: { id: b.stickerId, name: 'Tiger', image: '/media/st1.png' }, count: 1, mine: true }, reactions[0]] });
    renderScreen(<StickerReactions target={{ articleId: 'a1', commentId: 'c1' }} size="sm" />);
    await waitFor(() => expect(screen.getAllByTestId('reaction-chip')).toHaveLength(2));
    fireEvent.click(screen.getByTestId('reaction-button'));
    const picker = await screen.findByTestId('reaction-picker');
    // Only owned stickers are offered.
    await waitFor(() => expect(within(picker).getAllByTestId('reaction-option').map((o) => o.getAttribute('data-sticker-id'))).toEqual(['st1', 'st3']));
    await act(async () => fireEvent.click(within(picker).getAllByTestId('reaction-option')[0]!));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/articles/a1/comments/c1/reaction')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ stickerId: 'st1' });
    await waitFor(() => expect(screen.getAllByTestId('reaction-chip').map((c) => c.getAttribute('data-sticker-id'))).toEqual(['st9', 'st1']));
    expect(screen.getAllByTestId('reaction-chip')[1]).toHaveAttribute('data-mine', 'true');
  });

  it('takes my reaction back by tapping my chip, and puts it back when the server refuses', async () => {
    putAnswer = () =>
      json({ error: { code: 'VALIDATION_FAILED', message: 'Invalid.', fields: { stickerId: 'You do not own that sticker.' }, fieldCodes: { stickerId: { code: 'STICKER_NOT_OWNED' } } } }, 422);
    renderScreen(<StickerReactions target={{ articleId: 'a1' }} />);
    await waitFor(() => expect(screen.getAllByTestId('reaction-chip')).toHaveLength(2));
    await act(async () => fireEvent.click(screen.getAllByTestId('reaction-chip')[1]!));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/articles/a1/reaction')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ stickerId: null });
    await waitFor(() => expect(screen.getAllByTestId('reaction-chip')).toHaveLength(2));
    expect(screen.getAllByTestId('reaction-chip')[1]).toHaveAttribute('data-mine', 'true');
  });
});
