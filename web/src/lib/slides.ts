// Pure bits of the Home slides: where a tap goes, and which slides still need their impression.

/** A slide link as the server allows it: an in-app path (router) or an https address (new tab). */
export type SlideTarget = { kind: 'app'; path: string } | { kind: 'web'; url: string } | null;

export function slideTarget(link: string | null | undefined): SlideTarget {
  if (!link) return null;
  if (link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\')) return { kind: 'app', path: link };
  if (/^https:\/\/[^/\\]/i.test(link)) return { kind: 'web', url: link };
  return null; // anything else is refused by the server; never follow it
}

/** Records each slide's impression once per view of Home: true the first time `id` is seen. */
export function firstSight(seen: Set<string>, id: string | undefined): boolean {
  if (!id || seen.has(id)) return false;
  seen.add(id);
  return true;
}
