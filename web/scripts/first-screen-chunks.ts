// The staff app's first screens as few files as they can be (issue 29). Rolldown puts each module in a chunk
// by the set of entries, lazy ones included, that reach it: a module the entry imports statically and a lazy
// screen imports too lands in a small chunk of its own. The entry was 49 files and the Stories tab 21 more, and
// over a phone's HTTP/1.1 (six connections, a round trip per file) the count cost more than the bytes.
// Everything the entry loads goes into the entry's chunk (the same bytes, a few files); what a tab whose screen
// is a lazy chunk (`lazyTabs`: the Stories tab) imports beyond the entry and shares with other screens goes into
// one `<screen>-parts` chunk, which those other screens load too. What Home's lazy cards and slides reach
// (`leftAlone`, lazily too) stays as Rolldown chunks it, so they load no more than they did.
import path from 'node:path';
import type { Plugin } from 'vite';

// Packages' indexes that re-export every part: the graph through them reaches parts nobody uses (tree-shaking
// drops those later), so the walk stops there. Our own imports of antd-mobile go to its components directly
// (direct-imports.ts); what its components take from these indexes is chunked by Rolldown as before.
const BARREL = /node_modules[\\/](antd-mobile|antd-mobile-icons|ahooks)[\\/]es[\\/]index\.js$/;

interface Group {
  name: (id: string) => string | null;
  priority: number;
}

/** The chunk each module statically reached from the entry or a lazy first screen goes into, and the Rolldown
 * groups that make those chunks. */
export function firstScreenChunks(root: string, lazyTabs: string[], leftAlone: string[]): { plugin: Plugin; chunkOf: (id: string) => string | null; groups: (priority: number) => Group[] } {
  const chunk = new Map<string, string | null>();
  const screens = lazyTabs.map((s) => path.resolve(root, s));
  const partsOf = (screen: string) => `${path.basename(screen).replace(/\.\w+$/, '')}-parts`;
  const plugin: Plugin = {
    name: 'shopfloor-first-screen-chunks',
    apply: 'build',
    buildEnd() {
      chunk.clear();
      const reach = (from: string[], lazyToo: boolean, visit: (id: string) => boolean) => {
        const stack = [...from];
        while (stack.length) {
          const id = stack.pop()!;
          if (BARREL.test(id) || !visit(id)) continue;
          const info = this.getModuleInfo(id);
          stack.push(...(info?.importedIds ?? []), ...((lazyToo && info?.dynamicallyImportedIds) || []));
        }
      };
      const claim = (name: string) => (id: string) => !chunk.has(id) && (chunk.set(id, name), true);
      reach([...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry), false, claim('app'));
      // What Home's lazy cards and slides reach (lazily too) and a tab's screen reaches as well goes with the
      // entry rather than with that screen, so Home's cards and slides load no more than before.
      const home = new Set<string>();
      reach(leftAlone.map((s) => path.resolve(root, s)), true, (id) => !chunk.has(id) && !home.has(id) && (home.add(id), true));
      // The screen's own module stays its chunk's facade (scripts/chunk-graph.ts finds the screen by it).
      // Only what other code imports too: what the screen alone imports is its own chunk already.
      for (const screen of screens) {
        const reached = new Set<string>();
        reach(this.getModuleInfo(screen)?.importedIds ?? [], false, (id) => !chunk.has(id) && !reached.has(id) && (reached.add(id), true));
        const own = new Set(reached);
        for (let changed = true; changed; ) {
          changed = false;
          for (const id of own) {
            const info = this.getModuleInfo(id);
            if (info?.dynamicImporters.length || info?.importers.some((i) => i !== screen && !own.has(i))) {
              own.delete(id);
              changed = true;
            }
          }
        }
        const parts = partsOf(screen);
        for (const id of reached) if (!own.has(id)) chunk.set(id, home.has(id) ? 'app' : parts);
      }
    },
  };
  const chunkOf = (id: string) => chunk.get(id) ?? null;
  // One group per chunk, the entry's first, then each screen's parts in the order the screens are listed: a
  // group that captures a module takes in that module's imports not yet captured, so a group of the same
  // priority could take what the entry, or a screen listed before, needs (and that one would load its chunk).
  const only = (name: string) => (id: string) => (chunkOf(id) === name ? name : null);
  const groups = (priority: number): Group[] => [
    { name: only('app'), priority },
    ...screens.map((screen, i) => ({ name: only(partsOf(screen)), priority: priority - 1 - i })),
  ];
  return { plugin, chunkOf, groups };
}
