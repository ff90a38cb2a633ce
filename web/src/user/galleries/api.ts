// The staff galleries' client (GET /api/galleries, /api/galleries/:id).
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { MediaSummary } from '../../lib/media';

export interface GallerySummary {
  id: string;
  title: string;
  description: string | null;
  updatedAt: string;
  itemCount: number;
  cover: MediaSummary | null;
}

export interface GalleryDetail extends Omit<GallerySummary, 'itemCount'> {
  items: { id: string; caption: string | null; position: number; media: MediaSummary }[];
}

export function useGalleries() {
  return useQuery({
    queryKey: ['galleries'],
    queryFn: ({ signal }) => api<{ items: GallerySummary[] }>('/api/galleries', { signal }),
  });
}

export function useGallery(id: string) {
  return useQuery({
    queryKey: ['galleries', id],
    queryFn: ({ signal }) => api<{ gallery: GalleryDetail }>(`/api/galleries/${encodeURIComponent(id)}`, { signal }),
  });
}
