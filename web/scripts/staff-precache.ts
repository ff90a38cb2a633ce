// Which built files the service worker precaches (issue 30): the staff app's shell and every chunk the staff
// app can load (its tabs and screens), not the back office's (a lazy chunk a phone never needs: it loads on
// demand when an editor opens /admin). Read from the bundle's own import graph: a chunk is the back office's
// when the staff entry reaches it only through the back office's roots (app/admin/AdminApp.tsx, the live
// quiz's host screen). The lists are filled in generateBundle; vite-plugin-pwa's manifestTransforms reads them
// after the bundle is written.
import type { Plugin } from 'vite';
import type { ManifestTransform } from 'workbox-build';
import { chunkGraph, type OutputItem } from './chunk-graph.ts';

/** Source files whose chunks open the back office (relative to web/). */
export const BACK_OFFICE_ROOTS = ['src/app/admin/AdminApp.tsx', 'src/admin/games/LiveHost.tsx'];

/** The files of the bundle only the back office uses (its chunks and their CSS). */
export function backOfficeOnly(bundle: Record<string, OutputItem>, root: string): Set<string> {
  const { chunks, entries, reach, builtFrom, cssOf } = chunkGraph(bundle, root);
  const roots = new Set(BACK_OFFICE_ROOTS.flatMap((r) => builtFrom(r)?.fileName ?? []));
  const staff = reach(entries, roots, true);
  const staffCss = cssOf(staff);
  const out = new Set<string>();
  for (const c of chunks.values()) {
    if (staff.has(c.fileName)) continue;
    out.add(c.fileName);
    for (const css of c.viteMetadata?.importedCss ?? []) if (!staffCss.has(css)) out.add(css);
  }
  return out;
}

/** The plugin that measures the bundle, and the manifest transform that drops the back office's files. */
export function staffPrecache(): { plugin: Plugin; transform: ManifestTransform } {
  let root = '.';
  let skip = new Set<string>();
  return {
    plugin: {
      name: 'shopfloor-staff-precache',
      apply: 'build',
      configResolved(config) {
        root = config.root;
      },
      generateBundle(_options, bundle) {
        skip = backOfficeOnly(bundle as unknown as Record<string, OutputItem>, root);
      },
    },
    transform: (entries) => {
      const manifest = entries.filter((e) => !skip.has(e.url.replace(/^\//, '')));
      const size = manifest.reduce((n, e) => n + e.size, 0);
      console.log(`\n[staff-precache] ${manifest.length} files, ${(size / 1024).toFixed(0)} KiB precached; ${entries.length - manifest.length} back-office files left to load on demand`);
      return { manifest, warnings: [] };
    },
  };
}
