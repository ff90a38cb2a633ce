// What a phone downloads for a screen, read from the build's chunk graph: the entry with its static imports,
// and a lazy chunk with the static imports the entry does not already bring; followed through dynamic imports
// too, every chunk an app can load. Shared by the bundle budget (its sizes), the first-screen file (the lazy
// screens' chunks and stylesheets to preload) and the service worker's precache list (the staff app's chunks).
import path from 'node:path';

/** The parts of Rolldown's output these read (a chunk or an asset of the bundle). */
export type OutputItem =
  | { type: 'chunk'; fileName: string; code: string; isEntry: boolean; facadeModuleId: string | null; imports: string[]; dynamicImports?: string[]; viteMetadata?: { importedCss: Set<string> } }
  | { type: 'asset'; fileName: string; source: string | Uint8Array };

export function chunkGraph(bundle: Record<string, OutputItem>, root: string) {
  const items = Object.values(bundle);
  const chunks = new Map(items.flatMap((i) => (i.type === 'chunk' ? [[i.fileName, i] as const] : [])));
  /** The chunks reached from `starts` through static imports (and dynamic ones with `dynamic`), never entering `skip`. */
  const reach = (starts: Iterable<string>, skip: Set<string> = new Set(), dynamic = false) => {
    const seen = new Set<string>();
    const walk = (name: string) => {
      if (seen.has(name) || skip.has(name)) return;
      seen.add(name);
      const c = chunks.get(name);
      for (const next of [...(c?.imports ?? []), ...(dynamic ? (c?.dynamicImports ?? []) : [])]) walk(next);
    };
    for (const start of starts) walk(start);
    return seen;
  };
  /** The chunk built from `from` (a source path relative to web/), if one is. */
  const builtFrom = (from: string) => {
    const want = path.resolve(root, from);
    return [...chunks.values()].find((c) => c.facadeModuleId && path.resolve(c.facadeModuleId) === want);
  };
  /** The stylesheets the chunks `files` import, in first-seen order. */
  const cssOf = (files: Iterable<string>) => new Set([...files].flatMap((f) => [...(chunks.get(f)?.viteMetadata?.importedCss ?? [])]));
  const entries = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName);
  const [entry] = entries;
  if (!entry) throw new Error('no entry chunk in the build');
  const entryFiles = reach([entry]);
  return {
    chunks,
    entries,
    entryFiles,
    reach,
    builtFrom,
    cssOf,
    /** The chunk built from `from` (a source path relative to web/) and what it imports beyond the entry, chunk first. */
    lazyFiles(from: string): Set<string> {
      const start = builtFrom(from);
      if (!start) throw new Error(`no chunk is built from ${from} (renamed? update the file that names it)`);
      return reach([start.fileName], entryFiles);
    },
  };
}
