// ctest example_patch: docs/AREAS.md's worked example is docs/examples/announcements.patch, a whole small area
// kept out of the product. This check fails when the patch no longer applies to the tree (the doc and the kit
// drifted apart) or when it touches more than the area's own folders plus one registration line per app.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const patch = path.join(repo, 'docs/examples/announcements.patch');
const area = 'announcements';

// The area's own files (new files only) and the one line per app that registers it.
const own = [`server/src/${area}/`, `web/src/user/${area}/`, `web/src/admin/${area}/`, `server/tests/integration/${area}.test.mjs`];
const registrations = {
  'server/CMakeLists.txt': 'the server (shopfloor_area)',
  'web/src/app/admin/routes.ts': 'the back office (resourcePage)',
  'web/src/app/App.tsx': 'the staff app (lazyArea)',
};

const problems = [];
const files = new Map(); // path → {added, removed, created}
let current = null;
for (const line of readFileSync(patch, 'utf8').split('\n')) {
  const header = /^diff --git a\/(\S+) b\/(\S+)$/.exec(line);
  if (header) {
    current = { added: 0, removed: 0, created: false };
    files.set(header[2], current);
    if (header[1] !== header[2]) problems.push(`${header[1]}: renamed (an area only adds its files)`);
  } else if (current && line.startsWith('new file mode')) current.created = true;
  else if (current && (line.startsWith('+++ ') || line.startsWith('--- '))) continue;
  else if (current && line.startsWith('+')) current.added++;
  else if (current && line.startsWith('-')) current.removed++;
}

for (const [file, f] of files) {
  if (registrations[file]) {
    if (f.added !== 1 || f.removed !== 0) problems.push(`${file}: +${f.added} -${f.removed}; ${registrations[file]} takes exactly one added line`);
  } else if (own.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p))) {
    if (!f.created) problems.push(`${file}: changed, not added (an area only adds its own files)`);
  } else {
    problems.push(`${file}: outside the area's own folders and the registration lines`);
  }
}
for (const file of Object.keys(registrations)) if (!files.has(file)) problems.push(`${file}: no registration line for ${registrations[file]}`);

try {
  execFileSync('git', ['apply', '--check', patch], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
} catch (e) {
  problems.push(`git apply --check docs/examples/announcements.patch fails on this tree: regenerate it from the example (docs/AREAS.md "Worked example")\n${String(e.stderr)}`);
}

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
const lines = [...files].map(([f, x]) => `${f} +${x.added}${x.removed ? ` -${x.removed}` : ''}`);
console.log(`announcements.patch applies; ${files.size} files:\n${lines.join('\n')}`);
