// Walks every staff screen and measures what issue 28 items 9 and 11 ask of each: tap targets of at least
// 44x44 CSS px, and no Latin text on the Thai UI outside an allow-list. The walk starts at the five tabs
// and the shell-less staff pages and follows the links the demo data gives (a few per kind of page), so a
// new screen reached by a link is measured without being listed here.
import type { Page } from '@playwright/test';

export const MIN_TARGET = 44;

/** What counts as a tap target: the brief's list plus the ARIA roles of controls. */
export const INTERACTIVE =
  'a[href], button, summary, [role=button], [role=link], [role=checkbox], [role=radio], [role=switch], [role=tab], [role=menuitem], [role=option], input:not([type=hidden]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** The real exceptions to 44x44, each with its reason (the walk reports which ones it met). */
export const TAP_EXCEPTIONS: { selector: string; reason: string }[] = [
  { selector: '.sf-prose a, .sf-rich a', reason: 'an inline link inside prose: it flows with the text it belongs to (WCAG 2.5.8 exempts inline targets)' },
];

export interface TapViolation {
  screen: string;
  what: string;
  width: number;
  height: number;
}

/** Measures every visible tap target on the page. A target smaller than 44x44 by its box still passes when
 *  its hit area is: the four corners of a 44x44 square on its centre all land on it (padding or a
 *  pseudo-element that enlarges it). */
export async function smallTapTargets(page: Page, screen: string): Promise<{ violations: TapViolation[]; excepted: string[] }> {
  const found = await page.evaluate(
    ({ selector, min, exceptions }) => {
      const out: { what: string; width: number; height: number }[] = [];
      const excepted: string[] = [];
      const describe = (el: Element) => {
        const text = (el.getAttribute('aria-label') || (el as HTMLElement).innerText || el.getAttribute('placeholder') || el.getAttribute('title') || '').trim().replace(/\s+/g, ' ').slice(0, 40);
        const cls = typeof el.className === 'string' ? el.className.split(/\s+/).filter(Boolean).slice(0, 2).join('.') : '';
        return `<${el.tagName.toLowerCase()}${cls ? '.' + cls : ''}> "${text}"`;
      };
      const shown = (el: Element) => {
        if (el.closest('[inert]')) return false;
        if (!el.getClientRects().length) return false;
        const s = getComputedStyle(el);
        return s.visibility !== 'hidden' && s.display !== 'none';
      };
      const seen = new Set<Element>();
      for (const raw of Array.from(document.querySelectorAll(selector))) {
        // A native checkbox, radio or file input drawn by its label: the label is what a finger taps.
        let el: Element = raw;
        if (raw instanceof HTMLInputElement && /^(checkbox|radio|file)$/.test(raw.type)) el = raw.closest('label') ?? (raw.id ? document.querySelector(`label[for="${CSS.escape(raw.id)}"]`) : null) ?? raw;
        // An element inside another tap target (a focusable part of a link) is measured as that target.
        if (el.parentElement?.closest(selector)) continue;
        if (seen.has(el) || !shown(el)) continue;
        seen.add(el);
        const exception = exceptions.find((x) => el.matches(x.selector));
        let r = el.getBoundingClientRect();
        if (r.width >= min - 0.5 && r.height >= min - 0.5) continue;
        if (exception) {
          excepted.push(`${describe(el)}: ${exception.reason}`);
          continue;
        }
        // Measure the hit area: bring it into view and probe the corners of a 44x44 square on its centre.
        el.scrollIntoView({ block: 'center', inline: 'center' });
        r = el.getBoundingClientRect();
        const h = min / 2 - 0.5;
        // A target at the screen's edge (the fixed tab bar's labels) is probed with the square moved inside the
        // screen: a finger cannot tap beyond it.
        const cx = Math.min(Math.max(r.left + r.width / 2, h + 0.5), window.innerWidth - h - 0.5);
        const cy = Math.min(Math.max(r.top + r.height / 2, h + 0.5), window.innerHeight - h - 0.5);
        const corners: [number, number][] = [[cx - h, cy - h], [cx + h, cy - h], [cx - h, cy + h], [cx + h, cy + h]];
        const hits = corners.every(([x, y]) => {
          const at = document.elementFromPoint(x, y);
          return !!at && (el === at || el.contains(at));
        });
        if (hits) continue;
        out.push({ what: describe(el), width: Math.round(r.width), height: Math.round(r.height) });
      }
      window.scrollTo(0, 0);
      return { out, excepted };
    },
    { selector: INTERACTIVE, min: MIN_TARGET, exceptions: TAP_EXCEPTIONS },
  );
  return { violations: found.out.map((v) => ({ screen, ...v })), excepted: found.excepted.map((e) => `${screen}: ${e}`) };
}

/** Latin words a Thai staff screen may show, each with its reason. Everything else Latin fails. */
export const LATIN_ALLOWED: { pattern: RegExp; where?: RegExp; reason: string }[] = [
  { pattern: /^Shopfloor$/, reason: 'the product name (PRODUCT_NAME), a brand' },
  { pattern: /^(?:[A-Z]{1,7}\d{2,6})$/, reason: 'an employee or store code (S1001, ADMIN01, BKK01)' },
  { pattern: /^[A-Z]{2,4}-[A-Z0-9]{4,12}$/, reason: 'a coupon or ticket code (DK-7GQ2XKPM)' },
  { pattern: /^x\d+$/, reason: 'a multiplier, a number with its unit ("points x2")' },
  { pattern: /^English$/, reason: 'the English language option, named in its own language (the profile\'s language switch)' },
  { pattern: /^(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)+$/, reason: 'a web address (a link lesson names the site it opens)' },
  // Editor-written demo content: retail terms Thai staff use as loanwords, and the English acronym a lesson
  // teaches (LAST: Listen, Apologize, Solve, Thank). Words of the content, not of the app.
  { pattern: /^(?:Upselling|Visual|Merchandising)$/, reason: 'a retail loanword in the demo content (an editor\'s text)' },
  { pattern: /^(?:LAST|Listen|Apologize|Solve|Thank)$/, reason: 'the LAST method the demo lesson teaches (an English acronym and its words)' },
  { pattern: /^(?:PDF|JPEG|PNG|MB)$/, reason: 'file formats and a size unit, which have no Thai names ("PDF, JPEG หรือ PNG ไม่เกิน 10 MB")' },
  { pattern: /^(?:retail|logo)$/, where: /sf-(?:loading|boot)__logo/, reason: 'the loading screen logo\'s alt text, fixed by SPEC §2 ("retail logo"), met when a screen is still loading' },
  { pattern: /./, where: /sf-match-card__text/, reason: 'a card of the demo matching game, which pairs Thai shop words with their English (the English is the exercise)' },
];

export interface LatinViolation {
  screen: string;
  text: string;
  where: string;
}

/** Every Latin word a Thai reader meets on the page: visible text (and visually hidden text a screen reader
 *  reads), and the labels, placeholders, titles and alt texts of elements not hidden from assistive tech. */
export async function latinText(page: Page, screen: string, allowed = LATIN_ALLOWED): Promise<LatinViolation[]> {
  const found = await page.evaluate(() => {
    const out: { text: string; where: string }[] = [];
    const shown = (el: Element) => {
      if (el.closest('[aria-hidden="true"], [inert], script, style, noscript, template')) return false;
      if (!el.getClientRects().length) return false;
      return getComputedStyle(el).visibility !== 'hidden';
    };
    const where = (el: Element) => {
      const cls = typeof el.className === 'string' ? el.className.split(/\s+/).filter(Boolean)[0] : '';
      return `<${el.tagName.toLowerCase()}${cls ? '.' + cls : ''}>`;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.nodeValue ?? '';
      if (!/[A-Za-z]/.test(text) || !n.parentElement || !shown(n.parentElement)) continue;
      out.push({ text, where: where(n.parentElement) });
    }
    for (const el of Array.from(document.querySelectorAll('[aria-label], [placeholder], [title], img[alt], [aria-roledescription]'))) {
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      for (const attr of ['aria-label', 'placeholder', 'title', 'alt', 'aria-roledescription']) {
        const v = el.getAttribute(attr);
        if (v && /[A-Za-z]/.test(v)) out.push({ text: v, where: `${where(el)}[${attr}]` });
      }
    }
    out.push({ text: document.title, where: '<title>' });
    return out;
  });
  const violations: LatinViolation[] = [];
  for (const { text, where } of found) {
    // Words: runs of Latin letters, digits and joiners that hold a Latin letter ("2026-W44" is one word).
    for (const word of text.match(/[A-Za-z0-9][A-Za-z0-9_.\-/']*[A-Za-z0-9]|[A-Za-z]/g) ?? []) {
      if (!/[A-Za-z]/.test(word)) continue;
      if (allowed.some((a) => a.pattern.test(word) && (!a.where || a.where.test(where)))) continue;
      violations.push({ screen, text: word, where: `${where}: "${text.trim().slice(0, 60)}"` });
    }
  }
  return violations;
}

/** Gregorian years (2026) shown on the Thai UI, which reads Buddhist-era years (2569) everywhere else. */
export async function gregorianYears(page: Page, screen: string): Promise<LatinViolation[]> {
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest('script, style, [aria-hidden="true"]') || !el.getClientRects().length) continue;
      if (/\b20[2-4]\d\b/.test(n.nodeValue ?? '')) out.push(n.nodeValue ?? '');
    }
    return out;
  });
  const out: LatinViolation[] = [];
  for (const text of texts)
    for (const m of text.matchAll(/(?<![\w.,:/-])20[2-4]\d(?![\w.,:/])/g)) out.push({ screen, text: m[0], where: `"${text.trim().slice(0, 60)}"` });
  return out;
}

/** A page's route pattern: ids (UUIDs, long or numeric segments) become ":id". */
export function patternOf(path: string): string {
  return path
    .split('/')
    .map((s) => (/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(s) || /^\d+$/.test(s) || (s.length >= 16 && /\d/.test(s)) ? ':id' : s))
    .join('/');
}

/** Waits until the screen has drawn its data: no skeleton, nothing busy, fonts ready. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page
    // The HTML's own loading screen (.sf-boot) and the app's (.sf-loading) both go before a screen is measured;
    // 20 s because a loaded 2-core CI machine can keep a lazy screen loading past 10.
    .waitForFunction(() => !document.querySelector('.adm-skeleton, [aria-busy="true"], .adm-spin-loading, .sf-loading, .sf-boot'), undefined, { timeout: 20_000 })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(250);
}

const STAFF = /^\/(main|learning|stores|club|p\/|notifications|messager|pulsesurvey|profile|ads)/;

/** How many pages of one pattern to measure: every lesson kind draws differently, the rest once or twice. */
function capOf(pattern: string): number {
  if (pattern === '/learning/content/:id') return 8;
  return 2;
}

/** Breadth-first over the staff app's own links from `starts`; calls `visit` on each page once it settled. */
export async function walkStaffScreens(page: Page, starts: string[], visit: (path: string) => Promise<void>, limit = 120): Promise<string[]> {
  const queue = [...starts];
  const done = new Set<string>();
  const perPattern = new Map<string, number>();
  const visited: string[] = [];
  while (queue.length && visited.length < limit) {
    const path = queue.shift()!.replace(/(.)\/$/, '$1');
    if (done.has(path)) continue;
    done.add(path);
    const pattern = patternOf(path);
    const n = perPattern.get(pattern) ?? 0;
    if (n >= capOf(pattern)) continue;
    perPattern.set(pattern, n + 1);
    await page.goto(path);
    await settle(page);
    const landed = new URL(page.url()).pathname;
    if (landed !== path && done.has(landed)) continue;
    visited.push(path);
    await visit(path);
    const links = await page.$$eval('a[href]', (as) => as.map((a) => (a as HTMLAnchorElement).href));
    for (const href of links) {
      const u = new URL(href);
      if (u.origin !== new URL(page.url()).origin) continue;
      if (!STAFF.test(u.pathname) || done.has(u.pathname)) continue;
      queue.push(u.pathname);
    }
  }
  return visited;
}
