// Nothing the build adds to index.html holds up its first paint (issue 29): the inline loading screen paints as
// soon as the HTML arrives.
// - The stylesheets are preloaded instead of linked, so they download alongside the JS. main.tsx applies the
//   preloaded sheets (link[data-sf-style]) and waits for them before the app's first render, so nothing ever
//   draws unstyled.
// - The entry script and its module preloads ask for low priority: the first paint needs none of them, and the
//   screen's photo (static_files.cpp's preload, fetchpriority=high) should come first. Chrome otherwise gives
//   scripts high priority, and Lighthouse counts every high-priority script that finished before the first paint
//   as blocking it, however the page is built: its FCP then jumped from ~0.7 s to ~2 s whenever the JS happened
//   to arrive a few ms before the paint.
import type { Plugin } from 'vite';

export const DEFERRED_STYLE_ATTRIBUTE = 'data-sf-style';

/** `<link rel="stylesheet" … href="x.css">` → `<link rel="preload" as="style" … href="x.css" data-sf-style>`. */
export function deferStylesheets(html: string): string {
  return html.replace(/<link\b([^>]*?)\brel="stylesheet"([^>]*)>/g, (_m, before: string, after: string) => `<link${before}rel="preload" as="style"${after.replace(/\s*\/$/, '')} ${DEFERRED_STYLE_ATTRIBUTE}>`);
}

/** `<script type="module" …>` and `<link rel="modulepreload" …>` → the same with `fetchpriority="low"`. */
export function lowerScriptPriority(html: string): string {
  return html.replace(/<(script type="module"|link rel="modulepreload")(?=\s)(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"');
}

/** Vite plugin: rewrites index.html's stylesheet links and scripts after Vite has injected them (build only). */
export function deferredStyles(): Plugin {
  return {
    name: 'shopfloor-deferred-styles',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: (html) => lowerScriptPriority(deferStylesheets(html)) },
  };
}
