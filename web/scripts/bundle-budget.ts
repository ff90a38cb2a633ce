// The staff app's JS and CSS budget before the first screen (issue 29): the build fails when a group of
// chunks grows past its gzip budget in bundle-budget.json. A group is an entry chunk with everything it
// imports statically (what the browser must load before the app runs: index.html preloads exactly these) and
// its CSS, or a lazy chunk named by its source file with its static imports not already counted in the entry
// (Home's cards, the slides: what Home loads right after the first screen). Lower the figures as the app
// gets lighter; raise one only with a reason in the commit.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { chunkGraph, type OutputItem } from './chunk-graph.ts';

export interface BudgetGroup {
  /** "entry" (the HTML's entry chunk) or a source path relative to web/ (a lazy chunk, e.g. src/app/homeCards.tsx). */
  from: string;
  /** gzip budgets in KiB. */
  jsKiB: number;
  cssKiB?: number;
  why: string;
}

export type { OutputItem };

export interface GroupSize {
  from: string;
  files: string[];
  js: number;
  css: number;
  jsBudget: number;
  cssBudget: number | undefined;
  over: boolean;
}

const gzipBytes = (data: string | Uint8Array) => gzipSync(typeof data === 'string' ? Buffer.from(data) : data, { level: 9 }).length;

/** The gzip size of each group and whether it is over its budget. `root` is web/, to match `from` paths. */
export function measureGroups(bundle: Record<string, OutputItem>, groups: BudgetGroup[], root: string): GroupSize[] {
  const { chunks, entryFiles, lazyFiles } = chunkGraph(bundle, root);

  return groups.map((g) => {
    const files = g.from === 'entry' ? entryFiles : lazyFiles(g.from);
    let js = 0;
    const css = new Set<string>();
    for (const f of files) {
      const c = chunks.get(f)!;
      js += gzipBytes(c.code);
      for (const s of c.viteMetadata?.importedCss ?? []) css.add(s);
    }
    let cssBytes = 0;
    for (const s of css) {
      const asset = bundle[s];
      if (asset?.type === 'asset') cssBytes += gzipBytes(asset.source);
    }
    const over = js > g.jsKiB * 1024 || (g.cssKiB !== undefined && cssBytes > g.cssKiB * 1024);
    return { from: g.from, files: [...files, ...css], js, css: cssBytes, jsBudget: g.jsKiB * 1024, cssBudget: g.cssKiB === undefined ? undefined : g.cssKiB * 1024, over };
  });
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/** Vite plugin: measures the groups of web/bundle-budget.json after the bundle is generated; fails the build when one is over. */
export function bundleBudget(file = 'bundle-budget.json'): Plugin {
  let root = '.';
  return {
    name: 'shopfloor-bundle-budget',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const groups = (JSON.parse(readFileSync(path.resolve(root, file), 'utf8')) as { groups: BudgetGroup[] }).groups;
      const sizes = measureGroups(bundle as unknown as Record<string, OutputItem>, groups, root);
      console.log(`\n[bundle-budget] gzip sizes against ${file}:`);
      for (const s of sizes) {
        const cssPart = s.cssBudget === undefined ? '' : `, CSS ${kib(s.css)} / ${kib(s.cssBudget)}`;
        console.log(`  ${s.over ? 'OVER' : 'ok  '} ${s.from}: JS ${kib(s.js)} / ${kib(s.jsBudget)}${cssPart} (${s.files.length} files)`);
        if (process.env.BUDGET_FILES) console.log(`    ${s.files.join(" ")}`);
      }
      const over = sizes.filter((s) => s.over);
      if (over.length) this.error(`bundle budget exceeded by ${over.map((s) => s.from).join(', ')} (web/${file})`);
    },
  };
}
