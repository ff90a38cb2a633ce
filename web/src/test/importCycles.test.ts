// No import cycles in web/src: a module graph with cycles breaks lazy chunks (a "leaf" pulls its parent in)
// and makes the order modules run in depend on who is imported first. Every static import and re-export
// counts, type-only ones too (they tie modules together just as much for a reader); dynamic `import()` does
// not, since it is how a screen is loaded lazily (routes.ts names screens that import types from routes.ts).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '..');
const EXTS = ['.ts', '.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return EXTS.some((x) => e.name.endsWith(x)) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The project file a relative specifier names, or undefined for packages, assets and JSON. */
function resolve(from: string, spec: string, files: Set<string>): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  return [base, ...EXTS.map((x) => base + x), ...EXTS.map((x) => path.join(base, `index${x}`))].find((c) => files.has(c));
}

/** Static imports and re-exports of one file (dynamic import() excluded). */
function importsOf(file: string, files: Set<string>): string[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const st of sf.statements) {
    const spec = (ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? st.moduleSpecifier.text : undefined;
    const target = spec ? resolve(file, spec, files) : undefined;
    if (target) out.push(target);
  }
  return out;
}

/** Cycles as paths of files relative to `root`: one per import that closes a loop (enough to fail on any). */
export function findCycles(root: string): string[][] {
  const files = new Set(sourceFiles(root));
  const graph = new Map([...files].map((f) => [f, importsOf(f, files)]));
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (f: string) => {
    state.set(f, 'open');
    stack.push(f);
    for (const next of graph.get(f) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].map((p) => path.relative(root, p)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of [...files].sort()) if (!state.has(f)) visit(f);
  return cycles;
}

describe('import graph of web/src', () => {
  it('has no cycles', { timeout: 30_000 }, () => {
    expect(findCycles(SRC).map((c) => c.join(' → '))).toEqual([]);
  });

  it('sees a cycle when there is one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sf-cycle-'));
    try {
      writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      writeFileSync(path.join(dir, 'b.ts'), "import type { a } from './a';\nexport const b: typeof a | null = null;\n");
      writeFileSync(path.join(dir, 'c.ts'), "export const c = () => import('./a');\n");
      expect(findCycles(dir)).toEqual([['a.ts', 'b.ts', 'a.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
