// Makes the build's stylesheets non-blocking (issue 29): index.html preloads them instead of linking them, so
// the inline loading screen paints as soon as the HTML arrives, while the CSS downloads alongside the JS.
// main.tsx applies the preloaded sheets (link[data-sf-style]) and waits for them before the app's first
// render, so nothing ever draws unstyled.
import type { Plugin } from 'vite';

export const DEFERRED_STYLE_ATTRIBUTE = 'data-sf-style';

/** `<link rel="stylesheet" … href="x.css">` → `<link rel="preload" as="style" … href="x.css" data-sf-style>`. */
export function deferStylesheets(html: string): string {
  return html.replace(/<link\b([^>]*?)\brel="stylesheet"([^>]*)>/g, (_m, before: string, after: string) => `<link${before}rel="preload" as="style"${after.replace(/\s*\/$/, '')} ${DEFERRED_STYLE_ATTRIBUTE}>`);
}

/** Vite plugin: rewrites index.html's stylesheet links after Vite has injected them (build only). */
export function deferredStyles(): Plugin {
  return {
    name: 'shopfloor-deferred-styles',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: deferStylesheets },
  };
}
