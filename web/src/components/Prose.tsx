// Rich text from the server. Every bodyHtml/descriptionHtml is sanitised by the server's allow-list on write
// (docs/LEARNING.md "Rich text"), so it is rendered as HTML; anything else (comments, prompts) is text.
// Its styles (.sf-prose) come with the first screen (user/articles/articles.css, after learning.css's own
// .sf-prose rules, which it overrides): moving them would change how every text looks.
import { useMemo } from 'react';

const looksLikeHtml = (s: string) => /<\/?[a-z][\s\S]*>/i.test(s);

/** Links in server html open safely in a new tab when they leave the app. */
function withSafeLinks(html: string): string {
  if (typeof DOMParser === 'undefined') return html;
  const doc = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html');
  for (const a of doc.querySelectorAll('a[href]')) {
    const href = a.getAttribute('href') ?? '';
    if (/^https?:\/\//i.test(href) && !href.startsWith(globalThis.location?.origin ?? '\0')) {
      a.setAttribute('target', '_blank');
      a.setAttribute('rel', 'noopener noreferrer');
    }
  }
  for (const img of doc.querySelectorAll('img')) {
    img.setAttribute('loading', 'lazy');
    img.setAttribute('decoding', 'async');
  }
  return doc.body.firstElementChild?.innerHTML ?? html;
}

export function Prose({ html, className, id }: { html: string | null | undefined; className?: string; id?: string }) {
  const safe = useMemo(() => (html && looksLikeHtml(html) ? withSafeLinks(html) : null), [html]);
  if (!html) return null;
  if (safe === null)
    return (
      <div id={id} className={`sf-prose sf-prose--text ${className ?? ''}`}>
        {html}
      </div>
    );
  // Sanitised on the server (html_sanitizer allow-list) before it was stored.
  return <div id={id} className={`sf-prose ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: safe }} />;
}
