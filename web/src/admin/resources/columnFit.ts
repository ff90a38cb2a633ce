// Which columns of a list fit the width it has, so no list ever scrolls sideways (issue 28: 1366 px screens).
// Every column but the title has a width its content needs (a date its whole date, a tag its longest label);
// the title takes what is left, never less than TITLE_MIN. When they do not all fit, the least important go
// first: an area declares its columns most important first (the server's `listColumns`), so the last ones
// leave first, the "updated" column before any. Pure: widths come in measured (see textWidth below).

export interface ColumnNeed {
  key: string;
  /** Pixels the column needs (content and header, padding included); ignored for the flexible title. */
  width: number;
  /** The one column that takes what is left (the item's title). */
  flex?: boolean;
  /** Higher leaves first; by default the declared order (the later, the higher). */
  drop?: number;
}

export const TITLE_MIN = 200;
/** A cell's horizontal padding (antd's middle-size table: 16 px each side) plus a little slack. */
export const CELL_PADDING = 36;
/** The sort arrows beside a sortable column's header. */
export const SORTER_WIDTH = 26;

export interface Fit {
  shown: string[];
  hidden: string[];
}

/**
 * The columns to show in `available` pixels (the table's width, the fixed actions column excluded): drop the
 * least important until the fixed widths leave the title its minimum. The title itself is never dropped.
 */
export function fitColumns(columns: ColumnNeed[], available: number, titleMin = TITLE_MIN): Fit {
  const flex = columns.find((c) => c.flex);
  const order = columns
    .map((c, i) => ({ c, rank: c.drop ?? i }))
    .filter(({ c }) => !c.flex)
    .sort((a, b) => b.rank - a.rank);
  const hidden = new Set<string>();
  const used = () => columns.filter((c) => !c.flex && !hidden.has(c.key)).reduce((n, c) => n + c.width, 0);
  const room = () => available - used() - (flex ? titleMin : 0);
  for (const { c } of order) {
    if (room() >= 0) break;
    hidden.add(c.key);
  }
  return { shown: columns.filter((c) => !hidden.has(c.key)).map((c) => c.key), hidden: columns.filter((c) => hidden.has(c.key)).map((c) => c.key) };
}

let canvas: CanvasRenderingContext2D | null | undefined;

/** The width of `text` in the back office's font (a canvas measures it; a fair guess where none can). */
export function textWidth(text: string, font = '14px "Noto Sans Thai", sans-serif'): number {
  if (canvas === undefined) {
    try {
      // jsdom (the unit tests) has no canvas and says so on the console: guess there.
      const real = typeof document !== 'undefined' && !/jsdom/i.test(globalThis.navigator?.userAgent ?? '');
      canvas = real ? document.createElement('canvas').getContext('2d') : null;
    } catch {
      canvas = null;
    }
  }
  if (canvas) {
    canvas.font = font;
    const w = canvas.measureText(text).width;
    if (w > 0) return Math.ceil(w);
  }
  // Thai marks above and below take no width of their own.
  const visible = [...text].filter((ch) => !/[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/.test(ch)).length;
  return Math.ceil(visible * 8.5);
}
