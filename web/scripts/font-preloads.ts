// Preloads the app's own fonts with the HTML (issue 29). Without it the browser asks for each Noto Sans Thai file
// only once text in that weight and script is laid out, after the app's first render; on a slow connection the
// six files then arrive one by one and each made the browser lay the whole page out again (10-15 ms of main
// thread each on a fast machine, 4x that on a cheap phone). Preloaded, they arrive alongside the JS (58 KB in
// all) and the page is laid out once with its real fonts.
import type { Plugin } from 'vite';

const FONT = /^assets\/noto-sans-thai-(thai|latin)-(400|500|700)-normal-[\w-]+\.woff2$/;

export function fontPreloads(): Plugin {
  return {
    name: 'shopfloor-font-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = Object.keys(ctx.bundle ?? {}).filter((f) => FONT.test(f)).sort();
        return files.map((f) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href: `/${f}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
