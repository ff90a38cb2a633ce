// Reading a server-rendered page's tags, as a chat app's link preview does.

/** The content of <meta property|name="key">, HTML entities decoded. */
export function metaContent(html, key) {
  const re = new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)">`);
  const m = html.match(re);
  if (!m) return undefined;
  return m[1].replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}
