// What one list column needs, by the field's kind and its header: a date its whole date and time, a tag its
// longest option, a thumbnail its picture, text a fair share (cut with an ellipsis, whole on hover). The widths
// feed columnFit.ts, which decides what a list shows.
import type { TFunction } from 'i18next';
import { CELL_PADDING, SORTER_WIDTH, textWidth, type ColumnNeed } from './columnFit';
import { isAudience, isMediaList, mediaKindOf } from './fieldKinds';
import { formatDateTime } from './format';
import { labelOf, type FieldSchema } from './schema';

/** The row's actions: view, edit and the "more" menu, 24 px each, in a cell's padding. */
export const ACTIONS_WIDTH = 112;
/** A list's thumbnail. */
export const THUMB_SIZE = 40;

const HEADER_FONT = '500 14px "Noto Sans Thai", sans-serif';
const CELL_FONT = '14px "Noto Sans Thai", sans-serif';
const TAG_FONT = '12px "Noto Sans Thai", sans-serif';
/** A tag's own padding and border (.sf-res__tag: 10 px each side). */
const TAG_PADDING = 24;

/** The widest date and time a list shows (two-digit day, the longest month names). */
const WIDE_DATES = ['2026-12-28T23:58:00', '2026-11-28T23:58:00', '2026-09-28T23:58:00', '2026-02-28T23:58:00'];

function contentWidth(f: FieldSchema, locale: 'th' | 'en', t: TFunction): number {
  if (isAudience(f)) return 150;
  if (isMediaList(f)) return THUMB_SIZE + 40;
  if (f.type === 'reference' && f.reference === 'medias') return mediaKindOf(f.name, f.format) === 'image' ? THUMB_SIZE : 160;
  switch (f.type) {
    case 'datetime':
      return Math.max(...WIDE_DATES.map((d) => textWidth(formatDateTime(new Date(d).toISOString(), locale), CELL_FONT)));
    case 'enum':
      return Math.max(40, ...(f.options ?? []).map((o) => textWidth(labelOf(o.label, locale), TAG_FONT))) + TAG_PADDING;
    case 'boolean':
      return Math.max(textWidth(t('common.yes'), TAG_FONT), textWidth(t('common.no'), TAG_FONT)) + TAG_PADDING;
    case 'integer':
      return textWidth('9,999,999', CELL_FONT);
    case 'string':
      return f.format === 'email' ? 190 : 130;
    default:
      return 130;
  }
}

/** The width a column of `f` needs: its content or its header, whichever is wider. */
export function columnNeed(f: FieldSchema, label: string, sortable: boolean, locale: 'th' | 'en', t: TFunction): ColumnNeed {
  const header = textWidth(label, HEADER_FONT) + (sortable ? SORTER_WIDTH : 0);
  return { key: f.name, width: Math.ceil(Math.max(header, contentWidth(f, locale, t)) + CELL_PADDING) };
}

/** The width of a date-and-time column (a list of the kit's or an area's own table). */
export function dateColumnWidth(label: string, sortable: boolean, locale: 'th' | 'en', t: TFunction): number {
  return columnNeed({ name: 'date', type: 'datetime' } as FieldSchema, label, sortable, locale, t).width;
}

/** A cell's whole text, for its hover title (text-like values only). */
export function plainText(f: FieldSchema, value: unknown, locale: 'th' | 'en'): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (f.type === 'string' || f.type === 'text') return f.format === 'html' ? undefined : String(value);
  if (f.type === 'string_list' && Array.isArray(value)) return value.join(', ');
  if (f.type === 'datetime') return formatDateTime(value, locale);
  return undefined;
}
