// Stored HTML as plain text, and the links the rich-text editor accepts. Plain functions: list cells and
// tests use them without loading the editor (Tiptap), which stays in its own lazy chunk.

/** Only http(s) links are accepted (no javascript:, data:…); returns the normalised URL or null. */
export function safeLinkUrl(raw: string): string | null {
  const s = raw.trim();
  if (!s) return null;
  try {
    const u = new URL(/^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s}`);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

/** Plain text of stored HTML, for list cells. */
export function htmlExcerpt(html: unknown, max = 80): string {
  if (typeof html !== 'string') return '';
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
