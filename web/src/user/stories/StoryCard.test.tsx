import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../../i18n';
import { StoryCard } from './StoryCard';
import type { Story } from './types';

const photo = (id: string) => ({ id, url: `/media/${id}.webp`, kind: 'image' as const, mime: 'image/webp', width: 800, height: 600 });
const story: Story = {
  id: 's1', text: 'ลูกค้าชมพนักงาน', status: 'published', rejectReason: null, featured: false, publishedAt: '2026-11-20T03:00:00Z',
  createdAt: '2026-11-20T03:00:00Z', author: { id: 'u1', name: 'สมใจ', image: null }, store: null, region: null,
  photos: [photo('a'), photo('b')], likes: 0, comments: 0, liked: false, mine: false, shareUrl: '/s/s1',
};

function photosOf(priority: boolean) {
  const { container, unmount } = render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <StoryCard story={story} priority={priority} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const imgs = [...container.querySelectorAll('[data-testid="story-photo"] img')].map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')]);
  unmount();
  return imgs;
}

describe('StoryCard photos', () => {
  it('fetch the first photo of the feed’s first story at once (the page’s largest paint), the rest when laid out', () => {
    expect(photosOf(true)).toEqual([
      ['eager', 'high'],
      ['lazy', null],
    ]);
    expect(photosOf(false)).toEqual([
      ['lazy', null],
      ['lazy', null],
    ]);
  });
});
