// What kind of input or cell a schema field gets, decided from its type, format and name.
import type { FieldSchema } from './schema';

export type MediaKind = 'image' | 'video' | 'pdf';

/** A json field holding an ordered list of media ids (e.g. the images of an image set). */
export const isMediaList = (f: FieldSchema) =>
  f.type === 'json' && (f.format === 'media-list' || f.format === 'medias' || f.format === 'images' || f.reference === 'medias' || (f.name === 'images' && !f.format));
export const isAudience = (f: FieldSchema) => f.format === 'audience' || (f.type === 'json' && f.name === 'audience');

/** The kind of media a field takes: from the area, else its format, else its name. */
export function mediaKindOf(name: string, format?: string): MediaKind | undefined {
  if (format === 'image' || format === 'video' || format === 'pdf') return format;
  if (name === 'cover' || name === 'image' || name === 'images' || name === 'thumbnail') return 'image';
  if (name === 'pdf') return 'pdf';
  return undefined;
}

/** Ids in the API may come as a list or as JSON text. */
export function mediaIds(value: unknown): string[] {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return [];
    }
  }
  return Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : x && typeof x === 'object' && 'id' in x ? String((x as { id: unknown }).id) : '')).filter(Boolean) : [];
}
