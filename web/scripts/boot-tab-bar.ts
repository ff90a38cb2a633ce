// Draws the bottom navigation's icons into index.html's loading screen (issue 29): the Stories tab's frame
// (index.html .sf-boot-feed) has the tab bar with the app's own icons in the app's order (src/app/tabIcons.ts,
// src/app/tabs.ts), the tab's own in the brand colour, so the first paint already shows the app's navigation;
// the app then draws the same icons at the same places, with their labels.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { tabIcons } from '../src/app/tabIcons.ts';
import { userTabs, type TabKey } from '../src/app/tabs.ts';

/** An icon's SVG as small as it draws the same at 24 px: without the design tool's ids and invisible frame, its
 * coordinates (a 48-unit box) to a tenth of a unit. Every page load carries these. */
export function compactSvg(svg: string): string {
  return svg
    .replace(/ id="[^"]*"/g, '')
    .replace(/ xmlns:xlink="[^"]*"/g, '')
    .replace(/<rect[^>]*opacity="0"[^>]*><\/rect>/g, '')
    .replace(/\d+\.\d{2,}/g, (n) => String(Math.round(Number(n) * 10) / 10));
}

/** The icons of the five tabs, `active`'s marked, for the marker `<!--sf-boot-tabs:KEY-->`. */
export function bootTabIcons(active: TabKey): string {
  return userTabs('')
    .map((tab) => `<span class="sf-boot-feed__tab${tab.key === active ? ' is-on' : ''}">${compactSvg(renderToStaticMarkup(createElement(tabIcons[tab.key])))}</span>`)
    .join('');
}

export function bootTabBar(): Plugin {
  return {
    name: 'shopfloor-boot-tab-bar',
    transformIndexHtml: (html) => html.replace(/<!--sf-boot-tabs:(\w+)-->/g, (_m, key: string) => bootTabIcons(key as TabKey)),
  };
}
