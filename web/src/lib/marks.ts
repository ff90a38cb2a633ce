// Highlight ranges a search answer gives with a text (components/Highlighted.tsx draws them).

export interface Segment {
  text: string;
  marked: boolean;
}

/** A text cut at its marks ([begin, end) in UTF-16 units, as JavaScript indexes strings). Marks out of range,
 *  empty or overlapping an earlier one are dropped, so a bad range can never lose or repeat text. */
export function segments(text: string, marks: readonly (readonly [number, number])[]): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const [b, e] of [...marks].sort((x, y) => x[0] - y[0])) {
    if (!(Number.isInteger(b) && Number.isInteger(e)) || b < at || e <= b || e > text.length) continue;
    if (b > at) out.push({ text: text.slice(at, b), marked: false });
    out.push({ text: text.slice(b, e), marked: true });
    at = e;
  }
  if (at < text.length) out.push({ text: text.slice(at), marked: false });
  return out;
}
