// antd-mobile imported per component (issue 29). Our files import `{ Button, Popup } from 'antd-mobile'`, whose
// index re-exports every component. Tree-shaking drops the unused ones from the output, but the module graph
// still reaches them, and scripts/first-screen-chunks.ts reads that graph to know what the entry loads. This
// rewrites each such import to the components' own modules, read from the package's index, so the graph holds
// only what is used. The index's `import './global'` (antd-mobile's CSS variables) is imported by src/main.tsx.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, posix } from 'node:path';
import type { Plugin } from 'vite';

const BARRELS = ['antd-mobile', 'antd-mobile-icons'];

type Target = { from: string; imported: string };

/** Name → the module that defines it, from a package's ES index (`export { default as X } from './x'`). */
function exportsOf(pkg: string, require: NodeRequire): Map<string, Target> {
  const pkgJson = require.resolve(`${pkg}/package.json`);
  const index = posix.join(dirname(pkgJson), 'es/index.js');
  const out = new Map<string, Target>();
  for (const [, names = '', file = ''] of readFileSync(index, 'utf8').matchAll(/export \{([^}]+)\} from '\.\/([^']+)'/g)) {
    const from = `${pkg}/es/${file.replace(/\.js$/, '')}`;
    for (const spec of names.split(',')) {
      const [imported = '', local = imported] = spec.trim().split(/\s+as\s+/);
      out.set(local, { from, imported });
    }
  }
  return out;
}

export function directImports(): Plugin {
  const require = createRequire(import.meta.url);
  const tables = new Map(BARRELS.map((pkg) => [pkg, exportsOf(pkg, require)]));
  const pattern = new RegExp(`import \\{([^}]*)\\} from '(${BARRELS.join('|')})';`, 'g');
  return {
    name: 'shopfloor-direct-imports',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/.*\.[jt]sx?$/.test(id) || !BARRELS.some((b) => code.includes(`'${b}'`))) return null;
      const rewritten = code.replace(pattern, (_whole, specs: string, pkg: string) => {
        const table = tables.get(pkg)!;
        const direct: string[] = [];
        const kept: string[] = [];
        for (const spec of specs.split(',').map((s) => s.trim()).filter(Boolean)) {
          if (spec.startsWith('type ')) continue; // erased by the TypeScript transform anyway
          const [name = '', local = name] = spec.split(/\s+as\s+/);
          const target = table.get(name);
          if (!target) kept.push(spec);
          else if (target.imported === 'default') direct.push(`import ${local} from '${target.from}';`);
          else direct.push(`import { ${target.imported} as ${local} } from '${target.from}';`);
        }
        if (kept.length) direct.push(`import { ${kept.join(', ')} } from '${pkg}';`);
        // One line, so the file's line numbers stay as written; nothing for an import of types only.
        return direct.join(' ');
      });
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}
