// A colleague's profile (docs/API.md "The signed-in user"): GET /api/users/:id/profile answers only what a
// colleague may see (name, nickname, photo, store, region, position), and GET /api/stories?author= their
// published stories. Badges and stickers come from the recognition area's own calls.
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

export interface Profile {
  id: string;
  name: string;
  nickname: string | null;
  image: string | null;
  position: string | null;
  positionName?: PositionName | null;
  store: { id: string; name: string } | null;
  region: { id: string; name: string } | null;
}

/** A position's names per language (the back office's Positions); absent when none were given. */
export interface PositionName {
  th: string;
  en: string;
}

/** A person's position as the reader reads it: its name in the UI language, else the stored code. */
export function positionLabel(person: { position?: string | null; positionName?: PositionName | null }, language: string): string | null {
  if (!person.position) return null;
  if (!person.positionName) return person.position;
  return language.startsWith('th') ? person.positionName.th : person.positionName.en;
}

export interface ProfileStory {
  id: string;
  text: string;
  publishedAt: string | null;
  photos: { id: string; url: string; width?: number | null; height?: number | null }[];
  likes: number;
  comments: number;
}

const enc = encodeURIComponent;

export const profileKey = (id: string) => ['profile', id] as const;

export function useProfile(id: string) {
  return useQuery({
    queryKey: profileKey(id),
    queryFn: ({ signal }) => api<{ profile: Profile }>(`/api/users/${enc(id)}/profile`, { signal }).then((r) => r.profile),
    enabled: !!id,
    staleTime: 60_000,
  });
}

export function useProfileStories(id: string) {
  return useQuery({
    queryKey: [...profileKey(id), 'stories'],
    queryFn: ({ signal }) => api<{ items: ProfileStory[] }>(`/api/stories?author=${enc(id)}&limit=30`, { signal }).then((r) => r.items),
    enabled: !!id,
    staleTime: 60_000,
  });
}

/** Where a person's name or picture leads: their profile. */
export const profilePath = (userId: string) => `/p/${enc(userId)}`;
