// Shapes of the stories API (docs/API.md "Success stories").
import type { MediaSummary } from '../../lib/media';

export type StoryStatus = 'pending' | 'published' | 'rejected';

export interface Story {
  id: string;
  text: string;
  status: StoryStatus;
  rejectReason: string | null;
  featured: boolean;
  publishedAt: string | null;
  createdAt: string;
  author: { id: string; name: string; image: string | null };
  store: { id: string; name: string } | null;
  region: { id: string; name: string } | null;
  photos: MediaSummary[];
  likes: number;
  comments: number;
  liked: boolean;
  mine: boolean;
  shareUrl: string;
}

export interface FeedPage {
  items: Story[];
  nextCursor: string | null;
}

export interface Places {
  regions: { id: string; name: string }[];
  stores: { id: string; name: string; regionId: string | null }[];
  myStore: string | null;
}

export interface StoryComment {
  id: string;
  body: string;
  createdAt: string;
  author: { id: string; name: string; image: string | null };
  mine: boolean;
  canDelete: boolean;
}

export interface FeedFilter {
  region?: string;
  store?: string;
}
