// What a phone downloads for a screen, read from the build's chunk graph: the entry with its static imports,
// and a lazy chunk with the static imports the entry does not already bring. Shared by the bundle budget
// (its sizes) and the first-screen file (the lazy screens' chunks to preload).
import path from 'node:path';

/** The parts of Rolldown's output these read (a chunk or an asset of the bundle). */
export type OutputItem =
  | { type: 'chunk'; fileName: string; code: string; isEntry: boolean; facadeModuleId: string | null; imports: string[]; viteMetadata?: { importedCss: Set<string> } }
  | { type: 'asset'; fileName: string; source: string | Uint8Array };

export function chunkGraph(bundle: Record<string, OutputItem>, root: string) {
  const items = Object.values(bundle);
  const chunks = new Map(items.flatMap((i) => (i.type === 'chunk' ? [[i.fileName, i] as const] : [])));
  const closure = (start: string, skip: Set<string>) => {
    const seen = new Set<string>();
    const walk = (name: string) => {
      if (seen.has(name) || skip.has(name)) return;
      seen.add(name);
      for (const next of chunks.get(name)?.imports ?? []) walk(next);
    };
    walk(start);
    return seen;
  };
  const entry = items.find((i) => i.type === 'chunk' && i.isEntry);
  if (!entry) throw new Error('no entry chunk in the build');
  const entryFiles = closure(entry.fileName, new Set());
  return {
    chunks,
    entryFiles,
    /** The chunk built from `from` (a source path relative to web/) and what it imports beyond the entry, chunk first. */
    lazyFiles(from: string): Set<string> {
      const want = path.resolve(root, from);
      const start = [...chunks.values()].find((c) => c.facadeModuleId && path.resolve(c.facadeModuleId) === want);
      if (!start) throw new Error(`no chunk is built from ${from} (renamed? update the file that names it)`);
      return closure(start.fileName, entryFiles);
    },
  };
}
