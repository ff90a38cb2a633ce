// The back office's modules import each other without cycles (the form's widgets, media pickers, audience
// and rich text once imported each other in a ring, so none could be loaded or tested alone). Reads the
// static imports of every module under src/ (type-only and dynamic imports do not load code, so they do not
// count) and fails with the cycle it finds.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function modules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return modules(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

function resolve(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (p) => fs.existsSync(p) && fs.statSync(p).isFile(),
  );
}

/** Relative modules a file loads when it is loaded: `import … from './x'` and `export … from './x'`. */
function staticImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  const re = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;
  for (const m of text.matchAll(re)) {
    if (m[1]) continue; // import type … — erased at build time
    const target = resolve(file, m[2]!);
    if (target) out.push(target);
  }
  return out;
}

function findCycle(files: string[]): string[] | null {
  const graph = new Map(files.map((f) => [f, staticImports(f)]));
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: string): string[] | null => {
    if (state.get(f) === 'done') return null;
    if (state.get(f) === 'open') return [...stack.slice(stack.indexOf(f)), f];
    state.set(f, 'open');
    stack.push(f);
    for (const next of graph.get(f) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(f, 'done');
    return null;
  };
  for (const f of files) {
    const cycle = visit(f);
    if (cycle) return cycle.map((p) => path.relative(src, p));
  }
  return null;
}

describe('module imports', () => {
  it('the reader sees static imports and ignores type-only ones', () => {
    const form = path.join(src, 'admin/resources/ResourceForm.tsx');
    const rel = staticImports(form).map((p) => path.relative(src, p));
    expect(rel).toContain('admin/resources/widgets.tsx');
    expect(staticImports(path.join(src, 'admin/medias/MediaPicker.tsx')).map((p) => path.relative(src, p))).not.toContain(
      'admin/resources/fieldKinds.ts',
    );
  });

  it('finds a cycle when there is one', () => {
    const dir = fs.mkdtempSync(path.join(src, '..', 'node_modules', '.cycle-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      expect(findCycle(modules(dir))).not.toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has no cycle anywhere in src', () => {
    expect(findCycle(modules(src))).toBeNull();
  });
});
