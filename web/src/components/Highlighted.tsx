// A text with the words a search matched in <mark>: the server sends the plain text and [begin, end) ranges
// (UTF-16 units); React escapes every piece, so the text is never HTML and only the marks are markup. Used by
// the staff search (user/search) and the back office's top bar (app/admin/HeaderSearch).
import { segments } from '../lib/marks';

export function Highlighted({ text, marks }: { text: string; marks: readonly (readonly [number, number])[] }) {
  return (
    <>
      {segments(text, marks).map((s, i) => (s.marked ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>))}
    </>
  );
}
