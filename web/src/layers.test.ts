// The web's floors, like the server's (server/cmake/check_layers.cmake): every module imports only the
// floors below it and its own folder, and nothing imports in a ring. Reads every file's imports (static,
// `import type`, `export … from`, dynamic `import()`, stylesheets) and fails with each import that breaks a
// rule and each cycle. Part of `npm test`, so of `make test`. The floors (docs/AREAS.md "Layers"):
//
//   i18n/ theme/ assets/ styles/      the base: catalogs, design tokens, the logo, global styles
//   lib/                              logic, API clients and their types, shared by both apps
//   components/                       shared UI (may use lib/ and the base)
//   admin/resources/                  the back office's kit (may use components/, lib/, the base)
//   user/<area>/  admin/<area>/       an area: the floors below and its own folder, never another area
//   app/                              shells, route tables, providers: puts the areas together
//
// The staff app never imports the back office nor the reverse: an area of one is never an area of the other,
// app/admin/ (the back office's shell) never reaches into user/, and of the staff side of app/ only the root
// route table (app/App.tsx, which mounts both) names the back office. test/ holds what tests share; a test may
// also mount a screen with its real route entry (app/).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = path.dirname(fileURLToPath(import.meta.url));

type Kind = 'static' | 'type' | 'dynamic';
interface Edge {
  from: string;
  to: string;
  spec: string;
  kind: Kind;
}

/** The relative modules a file names, and how: read with TypeScript's parser, so comments and strings that
 *  only look like imports do not count and multi-line imports do. */
export function importsOf(file: string, text: string): { spec: string; kind: Kind }[] {
  const out: { spec: string; kind: Kind }[] = [];
  if (!/\.(ts|tsx)$/.test(file)) return out;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const visit = (n: ts.Node) => {
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)) {
      const typeOnly = ts.isImportDeclaration(n) ? !!n.importClause?.isTypeOnly : n.isTypeOnly;
      out.push({ spec: n.moduleSpecifier.text, kind: typeOnly ? 'type' : 'static' });
    } else if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = n.arguments[0];
      if (arg && ts.isStringLiteralLike(arg)) out.push({ spec: arg.text, kind: 'dynamic' });
    } else if (ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument) && ts.isStringLiteral(n.argument.literal)) {
      out.push({ spec: n.argument.literal.text, kind: 'type' });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out.filter((i) => i.spec.startsWith('.'));
}

/** The import graph of a set of files (paths relative to src/ with `/`), as the bundler resolves them. */
export function graphOf(files: Record<string, string>): Edge[] {
  const has = (p: string) => Object.prototype.hasOwnProperty.call(files, p);
  const edges: Edge[] = [];
  for (const [from, text] of Object.entries(files)) {
    for (const { spec, kind } of importsOf(from, text)) {
      const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
      const to = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(has);
      if (to) edges.push({ from, to, spec, kind });
    }
  }
  return edges;
}

type Floor = 'base' | 'lib' | 'components' | 'test' | 'kit' | 'area' | 'adminShell' | 'app' | 'root' | 'loose' | 'unknown';

/** Which floor a file is on; an area's name is its folder (`user/home`, `admin/polls`). */
export function placeOf(file: string): { floor: Floor; area?: string } {
  const [top, second] = file.split('/');
  const inFolder = file.split('/').length > 2;
  if (top === 'i18n' || top === 'theme' || top === 'assets' || top === 'styles') return { floor: 'base' };
  if (top === 'lib') return { floor: 'lib' };
  if (top === 'components') return { floor: 'components' };
  if (top === 'test') return { floor: 'test' };
  if (top === 'admin' && second === 'resources') return { floor: 'kit' };
  if ((top === 'user' || top === 'admin') && inFolder) return { floor: 'area', area: `${top}/${second}` };
  if (top === 'user' || top === 'admin') return { floor: 'loose' };
  if (top === 'app' && second === 'admin' && inFolder) return { floor: 'adminShell' };
  if (top === 'app') return { floor: 'app' };
  if (!file.includes('/')) return { floor: 'root' }; // main.tsx (the entry), this test
  return { floor: 'unknown' };
}

const below: Record<'base' | 'lib' | 'components' | 'test' | 'kit', Floor[]> = {
  base: ['base'],
  lib: ['base', 'lib'],
  components: ['base', 'lib', 'components'],
  test: ['base', 'lib', 'components'],
  kit: ['base', 'lib', 'components', 'kit'],
};

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** What the floor of `file` may import, in words (for the failure message). */
function allowedText(file: string): string {
  const p = placeOf(file);
  switch (p.floor) {
    case 'base': return 'i18n/, theme/, assets/, styles/';
    case 'lib': return 'lib/ and the base (i18n/, theme/, assets/, styles/)';
    case 'components':
    case 'test': return 'components/, lib/ and the base';
    case 'kit': return 'admin/resources/, components/, lib/ and the base';
    case 'area': return `${p.area}/, ${p.area!.startsWith('admin/') ? 'admin/resources/, ' : ''}components/, lib/ and the base`;
    case 'adminShell': return 'anything but the staff app (user/, app/ outside app/admin/)';
    case 'app': return 'anything but the back office (admin/, app/admin/): only app/App.tsx mounts both';
    default: return 'nothing: put it in a floor or an area folder';
  }
}

/** Why an import breaks the floors, or null when it may be made. */
export function problemOf(e: Edge): string | null {
  const from = placeOf(e.from);
  const to = placeOf(e.to);
  if (to.floor === 'test' && !isTest(e.from) && from.floor !== 'test') return 'only tests import test/';
  if (isTest(e.from) && (to.floor === 'app' || to.floor === 'adminShell' || to.floor === 'test')) return null;
  let ok: boolean;
  switch (from.floor) {
    case 'base':
    case 'lib':
    case 'components':
    case 'test':
    case 'kit':
      ok = below[from.floor].includes(to.floor);
      break;
    case 'area':
      ok =
        ['base', 'lib', 'components'].includes(to.floor) ||
        (to.floor === 'kit' && from.area!.startsWith('admin/')) ||
        (to.floor === 'area' && to.area === from.area);
      break;
    case 'adminShell':
      ok = !e.to.startsWith('user/') && (to.floor !== 'app' && to.floor !== 'root');
      break;
    case 'app':
      ok = e.from === 'app/App.tsx' || !(e.to.startsWith('admin/') || to.floor === 'adminShell');
      break;
    case 'root':
      ok = true;
      break;
    default:
      ok = false;
  }
  return ok ? null : `${e.from}: ${e.kind === 'dynamic' ? `import('${e.spec}')` : `${e.kind === 'type' ? 'import type … from ' : 'import '}'${e.spec}'`} → ${e.to} (${e.from.split('/').slice(0, -1).join('/') || e.from} may import ${allowedText(e.from)})`;
}

/** Every cycle's modules, one ring per strongly connected group (Tarjan), lazy and type-only imports too. */
export function cyclesOf(edges: Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let counter = 0;
  const connect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (next.get(v) ?? []).includes(v)) groups.push(group);
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) connect(v);
  // One concrete ring per group: the shortest way from its first module back to itself.
  return groups.map((group) => {
    const members = new Set(group);
    const start = [...group].sort()[0]!;
    const previous = new Map<string, string>();
    const queue = [start];
    while (queue.length) {
      const v = queue.shift()!;
      for (const w of next.get(v) ?? []) {
        if (!members.has(w)) continue;
        if (w === start) {
          const ring = [start];
          for (let x = v; x !== start; x = previous.get(x)!) ring.splice(1, 0, x);
          return [...ring, start];
        }
        if (!previous.has(w)) {
          previous.set(w, v);
          queue.push(w);
        }
      }
    }
    return group;
  });
}

export function check(files: Record<string, string>): { edges: Edge[]; problems: string[]; cycles: string[][] } {
  const edges = graphOf(files);
  const problems = edges.map(problemOf).filter((p): p is string => p !== null);
  for (const file of Object.keys(files)) {
    const floor = placeOf(file).floor;
    if (floor === 'loose' || floor === 'unknown')
      problems.push(`${file}: outside every floor (put it in lib/, components/, an area folder user/<area>/ or admin/<area>/, or app/)`);
  }
  return { edges, problems, cycles: cyclesOf(edges) };
}

/** Every source and stylesheet under src/, by its path relative to src/. */
function sources(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|tsx|css|json|svg)$/.test(e.name)) out[path.relative(src, p).split(path.sep).join('/')] = /\.(ts|tsx)$/.test(e.name) ? fs.readFileSync(p, 'utf8') : '';
    }
  };
  walk(src);
  return out;
}

describe('the reader and the rules', () => {
  it('reads static, type-only, re-exported, dynamic and stylesheet imports, not look-alikes in comments or strings', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      'import {\n  c,\n  d,\n} from "./cd";',
      "export { e } from './e';",
      "export type { F } from './f';",
      "const G = lazy(() => import('./g'));",
      "import './style.css';",
      "import React from 'react';",
      "// import { no } from './comment';",
      "const s = \"import { no } from './string'\";",
    ].join('\n');
    expect(importsOf('x/y.tsx', text)).toEqual([
      { spec: './a', kind: 'static' },
      { spec: '../b', kind: 'type' },
      { spec: './cd', kind: 'static' },
      { spec: './e', kind: 'static' },
      { spec: './f', kind: 'type' },
      { spec: './g', kind: 'dynamic' },
      { spec: './style.css', kind: 'static' },
    ]);
  });

  it('fails an import from one area into another, lazy or type-only too', () => {
    const { problems } = check({
      'user/home/HomePage.tsx': "import { when } from '../events/when';\nconst P = () => import('../polls/PollsPage');\nimport type { T } from '../club/types';",
      'user/events/when.ts': '',
      'user/polls/PollsPage.tsx': '',
      'user/club/types.ts': '',
      'admin/polls/PollEditor.tsx': "import { DetailSummary } from '../club/DetailSummary';",
      'admin/club/DetailSummary.tsx': '',
    });
    expect(problems).toHaveLength(4);
    expect(problems[0]).toBe(
      "user/home/HomePage.tsx: import '../events/when' → user/events/when.ts (user/home may import user/home/, components/, lib/ and the base)",
    );
    expect(problems[1]).toContain("import('../polls/PollsPage')");
    expect(problems[2]).toContain("import type … from '../club/types'");
    expect(problems[3]).toContain('admin/polls/PollEditor.tsx');
  });

  it('fails an import that goes up a floor', () => {
    const { problems } = check({
      'lib/format.ts': "import { x } from '../user/home/x';",
      'user/home/x.ts': '',
      'components/Card.tsx': "import { DetailSummary } from '../admin/resources/DetailSummary';",
      'admin/resources/DetailSummary.tsx': "import { Poll } from '../polls/PollEditor';",
      'admin/polls/PollEditor.tsx': '',
      'i18n/index.ts': "import { api } from '../lib/api';",
      'lib/api.ts': '',
    });
    expect(problems).toEqual([
      "lib/format.ts: import '../user/home/x' → user/home/x.ts (lib may import lib/ and the base (i18n/, theme/, assets/, styles/))",
      "components/Card.tsx: import '../admin/resources/DetailSummary' → admin/resources/DetailSummary.tsx (components may import components/, lib/ and the base)",
      "admin/resources/DetailSummary.tsx: import '../polls/PollEditor' → admin/polls/PollEditor.tsx (admin/resources may import admin/resources/, components/, lib/ and the base)",
      "i18n/index.ts: import '../lib/api' → lib/api.ts (i18n may import i18n/, theme/, assets/, styles/)",
    ]);
  });

  it('keeps the staff app and the back office apart', () => {
    const { problems } = check({
      'admin/games/LiveHost.tsx': "import { LiveParts } from '../../user/games/live/LiveParts';",
      'user/games/live/LiveParts.tsx': '',
      'admin/resources/Thumb.tsx': "import '../../user/club/club.css';",
      'user/club/club.css': '',
      'app/admin/AdminLayout.tsx': "import { Bell } from '../../user/notifications/Bell';",
      'user/notifications/Bell.tsx': '',
      'app/UserLayout.tsx': "import { menuIcons } from '../admin/resources/icons';",
      'admin/resources/icons.tsx': '',
      'app/App.tsx': "const AdminApp = lazy(() => import('./admin/AdminApp'));\nimport { HomeTab } from './TabPages';",
      'app/admin/AdminApp.tsx': '',
      'app/TabPages.tsx': "import { HomePage } from '../user/home/HomePage';",
      'user/home/HomePage.tsx': '',
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual(['admin/games/LiveHost.tsx', 'admin/resources/Thumb.tsx', 'app/admin/AdminLayout.tsx', 'app/UserLayout.tsx']);
  });

  it('lets an area use the floors below and its own folder, and a test its set-up and the route table', () => {
    const { problems } = check({
      'user/home/HomePage.tsx': "import { a } from './homeLogic';\nimport { f } from '../../lib/format';\nimport { E } from '../../components/EmptyState';\nimport i18n from '../../i18n';\nimport './home.css';",
      'user/home/homeLogic.ts': '',
      'user/home/home.css': '',
      'lib/format.ts': "import { currentLocale } from '../i18n';",
      'components/EmptyState.tsx': "import { tokens } from '../theme/tokens';",
      'i18n/index.ts': '',
      'theme/tokens.ts': '',
      'admin/polls/PollEditor.tsx': "import { DetailSummary } from '../resources/DetailSummary';",
      'admin/resources/DetailSummary.tsx': "import { Initials } from '../../components/Initials';",
      'components/Initials.tsx': '',
      'admin/polls/screens.test.tsx': "import { flattenAdminRoutes } from '../../app/admin/routes';\nimport { prepareAdminTestEnv } from '../../test/adminEnv';",
      'app/admin/routes.ts': "const polls = () => import('../../admin/polls/PollEditor');",
      'test/adminEnv.ts': "import i18n from '../i18n';",
    });
    expect(problems).toEqual([]);
  });

  it('fails a module outside every floor', () => {
    expect(check({ 'user/ClubTab.tsx': '' }).problems).toEqual([
      'user/ClubTab.tsx: outside every floor (put it in lib/, components/, an area folder user/<area>/ or admin/<area>/, or app/)',
    ]);
  });

  it('finds a cycle through lazy and type-only imports', () => {
    const { cycles } = check({
      'app/admin/routes.ts': "const club = () => import('../../admin/club/CouponEditor');",
      'admin/club/CouponEditor.tsx': "import type { AdminPage } from '../../app/admin/routes';",
      'lib/a.ts': "import { b } from './b';",
      'lib/b.ts': "import { c } from './c';",
      'lib/c.ts': "import type { A } from './a';",
      'lib/d.ts': "import { a } from './a';",
    });
    expect(cycles).toEqual([
      ['admin/club/CouponEditor.tsx', 'app/admin/routes.ts', 'admin/club/CouponEditor.tsx'],
      ['lib/a.ts', 'lib/b.ts', 'lib/c.ts', 'lib/a.ts'],
    ]);
  });
});

// Reading and parsing every file happens once, while the tests are collected (seconds on a busy machine).
describe('web/src', { timeout: 60_000 }, () => {
  const { edges, problems, cycles } = check(sources());

  it('reads the real imports', () => {
    expect(edges.length).toBeGreaterThan(1000);
    expect(edges).toContainEqual({ from: 'app/App.tsx', to: 'app/admin/AdminApp.tsx', spec: './admin/AdminApp', kind: 'dynamic' });
  });

  it('imports only down the floors and within its own area', () => {
    expect(problems).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(cycles).toEqual([]);
  });

  // madge parses every file again with its own resolver (about 10 s; minutes on a machine busy with e2e).
  it('has no cycle as madge counts them', { timeout: 240_000 }, async () => {
    const web = path.resolve(src, '..');
    const result = await madge(src, { fileExtensions: ['ts', 'tsx'], tsConfig: path.join(web, 'tsconfig.json') });
    expect(result.circular()).toEqual([]);
  });
});
