// Writes dist/first-screen.json (issue 29): web/first-screen.json (each tab's first reads, read by the server)
// plus, for the tabs whose screen is a lazy chunk, that chunk and what it imports beyond the entry as
// "modules", and their stylesheets as "styles". The server sends them as Link rel=modulepreload / preload
// with the app's HTML, so the Stories tab's chunk (and Home's cards and slides) download alongside the entry
// instead of after it has run. "images" gets the srcset widths and quality of each declared largest photo.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { DEFAULT_QUALITY, widthsFor } from '../src/lib/image.tsx';
import { chunkGraph, type OutputItem } from './chunk-graph.ts';

interface Declared {
  lazyScreens?: Record<string, string[]>;
  images?: Record<string, { sizes: string }>;
  [key: string]: unknown;
}

/** The file the server reads: the declared reads, and each route's lazy screens as chunk URLs. */
export function firstScreenFile(declared: Declared, bundle: Record<string, OutputItem>, root: string, base = '/'): string {
  const { lazyScreens = {}, images: declaredImages = {}, ...rest } = declared;
  // Each route's largest photo: the srcset's widths and quality the <img> with those `sizes` offers (lib/image).
  const images = Object.fromEntries(Object.entries(declaredImages).map(([route, { sizes }]) => [route, { sizes, widths: widthsFor(undefined, sizes).widths, quality: DEFAULT_QUALITY }]));
  const graph = chunkGraph(bundle, root);
  const files = Object.entries(lazyScreens).map(([route, sources]) => [route, [...new Set(sources.flatMap((s) => [...graph.lazyFiles(s)]))]] as const);
  const modules = Object.fromEntries(files.map(([route, chunks]) => [route, chunks.map((f) => `${base}${f}`)]));
  // The stylesheets those chunks bring beyond the entry's (index.html has those): Vite's loader waits for them
  // before the lazy screen draws, so they come with the HTML too.
  const entryCss = graph.cssOf(graph.entryFiles);
  const styles = Object.fromEntries(files.map(([route, chunks]) => [route, [...graph.cssOf(chunks)].filter((c) => !entryCss.has(c)).map((f) => `${base}${f}`)]));
  return `${JSON.stringify({ ...rest, modules, styles, images }, null, 2)}\n`;
}

export function firstScreen(file = 'first-screen.json'): Plugin {
  let root = '.';
  let base = '/';
  return {
    name: 'shopfloor-first-screen',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const declared = JSON.parse(readFileSync(path.resolve(root, file), 'utf8')) as Declared;
      this.emitFile({ type: 'asset', fileName: 'first-screen.json', source: firstScreenFile(declared, bundle as unknown as Record<string, OutputItem>, root, base) });
    },
  };
}
