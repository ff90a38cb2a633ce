// `shopfloor backup` and `shopfloor restore` (issue 34) on SQLite and on PostgreSQL (TEST_DATABASE_URL): a
// backup taken while 100 people redeem and post at once through real HTTP, restored into a fresh data
// directory and database, checked against its manifest (rows per table, sha256 per file), and served by a
// new server; a damaged archive, a newer schema and a non-empty target are refused before anything is written.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { useServer, startServer, Client, BIN, freePort, sleep, rawRequest, signedInClients } from './harness.mjs';
import { dbQuery } from './dbquery.mjs';
import { send, create, png } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';

const sha256 = (buf) => createHash('sha256').update(buf).digest('hex');

/** Runs the binary; resolves to {code, stdout, stderr} whatever the exit code. */
function cli(args, { cwd, env }) {
  return new Promise((resolve) => {
    execFile(BIN, args, { cwd, env, maxBuffer: 16 << 20 }, (err, stdout, stderr) =>
      resolve({ code: err ? err.code : 0, stdout, stderr }),
    );
  });
}
const tar = (args) =>
  new Promise((resolve, reject) =>
    execFile('tar', args, { encoding: 'buffer', maxBuffer: 1 << 30 }, (err, stdout, stderr) =>
      err ? reject(new Error(`tar ${args.join(' ')}: ${stderr}`)) : resolve(stdout),
    ),
  );

const pgAdmin = process.env.TEST_DATABASE_URL;
const postgres = Boolean(pgAdmin && /^postgres(ql)?:\/\//.test(pgAdmin));
const psql = (url, sql) =>
  new Promise((resolve, reject) =>
    execFile('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qAt', '-c', sql], (err, stdout, stderr) =>
      err ? reject(new Error(stderr)) : resolve(stdout),
    ),
  );

/** A fresh, empty target: a directory (cwd, with DATA_DIR ./data) and, on PostgreSQL, a new database. */
async function emptyTarget(from) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopfloor-restore-'));
  let databaseUrl = 'sqlite://./data/shopfloor.db';
  let name = null;
  if (postgres) {
    name = `sf_restore_${process.pid}_${randomBytes(4).toString('hex')}`;
    await psql(pgAdmin, `CREATE DATABASE ${name}`);
    const u = new URL(pgAdmin);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
  }
  const env = { ...from.env, DATABASE_URL: databaseUrl, DATA_DIR: './data' };
  delete env.AUTH_SECRET; // the restored node reads the secret the archive holds (data/auth_secret)
  return {
    dir,
    env,
    databaseUrl,
    // what dbquery.mjs needs to read this target's database
    db: { databaseUrl, tmp: dir },
    restore: (archive) => cli(['restore', archive], { cwd: dir, env }),
    files: () => (fs.existsSync(path.join(dir, 'data')) ? fs.readdirSync(path.join(dir, 'data'), { recursive: true }) : []),
    async drop() {
      if (name) await psql(pgAdmin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts `shopfloor serve` in a target's directory with its environment; resolves to {origin, output, stop}. */
async function serveTarget(t) {
  const port = await freePort();
  const proc = spawn(BIN, ['serve'], { cwd: t.dir, env: { ...t.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  proc.stdout.on('data', (d) => (output += d));
  proc.stderr.on('data', (d) => (output += d));
  const origin = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 20_000; ; await sleep(100)) {
    if (proc.exitCode !== null) throw new Error(`restored server exited:\n${output}`);
    const ok = await fetch(`${origin}/readyz`).then((r) => r.status === 200, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`restored server not ready:\n${output}`);
  }
  return {
    origin,
    output: () => output,
    stop: () => new Promise((resolve) => (proc.exitCode !== null ? resolve() : (proc.on('exit', resolve), proc.kill('SIGTERM')))),
  };
}

describe('backup and restore', () => {
  const server = useServer();
  const targets = [];
  let archive, manifest, people, redeemsBefore;
  const target = async () => {
    const t = await emptyTarget(server);
    targets.push(t);
    return t;
  };
  const archiveCopy = (name) => path.join(server.tmp, name);

  before(async () => {
    const [admin] = await signedInClients(server, 'ADMIN01');
    const reward = await create(admin, 'rewards', { title: 'รางวัลสำรองข้อมูล', cost: 10, stock: 1000, pickup: true, delivery: false, status: 'published' });
    people = await crowd(server, 100, { prefix: 'B', points: 1000 });
    const count = async (table) => Number((await dbQuery(server, `SELECT COUNT(*) FROM ${table}`))[0][0]);
    redeemsBefore = await count('redemptions');
    const storiesBefore = await count('stories');

    // 100 writers, each: redeem, upload a photo, post a story with it, three times; the backup runs meanwhile.
    archive = path.join(server.tmp, 'backup.tar');
    const writer = async (p, i) => {
      for (let round = 0; round < 3; round++) {
        const r = await send(p.client, 'POST', `/api/club/rewards/${reward.id}/redeem`, { method: 'pickup' });
        assert.equal(r.status, 201, r.text);
        const body = png(24, 24, i * 10 + round);
        const up = await rawRequest(server.origin, {
          method: 'POST', path: '/api/media/photos',
          headers: { cookie: p.client.jar.header(), 'x-csrf-token': p.client.csrfToken, 'content-type': 'image/png', 'content-length': body.length },
          body,
        });
        assert.equal(up.status, 201, up.text);
        const s = await send(p.client, 'POST', '/api/stories', { text: `เรื่องระหว่างสำรอง ${i} ${round}`, photoIds: [up.json.photo.id] });
        assert.equal(s.status, 201, s.text);
      }
    };
    const writing = Promise.all(people.map(writer));
    // The backup starts once the writers are under way (a first story is in: its author redeemed before).
    while ((await count('stories')) === storiesBefore) await sleep(20);
    const backup = await cli(['backup', archive], { cwd: server.tmp, env: server.env });
    await writing;
    assert.equal(backup.code, 0, backup.stderr);
    assert.match(backup.stdout, /backup written to .*backup\.tar: \d+ bytes, \d+ tables, \d+ rows, \d+ files/);
    manifest = JSON.parse(await tar(['-xOf', archive, 'manifest.json']));
  });

  after(async () => {
    for (const t of targets) await t.drop();
  });

  it('writes one tar with a manifest: backend, migrations, rows per table, sha256 per file', async () => {
    assert.equal(manifest.backend, postgres ? 'postgres' : 'sqlite');
    assert.equal(manifest.format, 1);
    const applied = (await dbQuery(server, 'SELECT name FROM schema_migrations ORDER BY name')).map((r) => r[0]);
    assert.deepEqual(manifest.migrations, applied);
    assert.equal(manifest.lastMigration, applied.at(-1));
    assert.ok(manifest.tables.users >= 100 && manifest.tables.redemptions >= redeemsBefore, JSON.stringify(manifest.tables));
    // Every listed file is in the tar with that checksum, and the tar holds nothing else.
    const names = (await tar(['-tf', archive])).toString().trim().split('\n');
    assert.deepEqual(names.filter((n) => n !== 'manifest.json').sort(), manifest.files.map((f) => f.path).sort());
    for (const f of manifest.files) assert.equal(sha256(await tar(['-xOf', archive, f.path])), f.sha256, f.path);
    assert.ok(manifest.files.some((f) => f.path === (postgres ? 'database/shopfloor.pgdump' : 'database/shopfloor.db')));
    assert.ok(manifest.files.some((f) => f.path === 'data/auth_secret'));
    assert.ok(!manifest.files.some((f) => /shopfloor\.db-(wal|shm)$/.test(f.path)), 'no live WAL files');
  });

  it('restores into an empty target: every row count and checksum as in the manifest, and a server serves it', async () => {
    const t = await target();
    const r = await t.restore(archive);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /restored .* checked/);
    // Rows per table equal the manifest's, counted in the restored database by psql / sqlite3.
    for (const [table, rows] of Object.entries(manifest.tables)) {
      const n = Number((await dbQuery(t.db, `SELECT COUNT(*) FROM "${table}"`))[0][0]);
      assert.equal(n, rows, table);
    }
    for (const f of manifest.files.filter((x) => x.path.startsWith('data/')))
      assert.equal(sha256(fs.readFileSync(path.join(t.dir, f.path))), f.sha256, f.path);
    assert.equal(fs.statSync(path.join(t.dir, 'data', 'auth_secret')).mode & 0o777, 0o600);
    // One instant: every balance equals its ledger, and each redemption of the backup has its ledger row.
    assert.deepEqual(await dbQuery(t.db, 'SELECT b.user_id FROM points_balances b WHERE b.balance <> (SELECT COALESCE(SUM(delta), 0) FROM points_ledger l WHERE l.user_id = b.user_id)'), []);
    const inBackup = manifest.tables.redemptions - redeemsBefore;
    assert.ok(inBackup >= 1 && inBackup <= 300, String(inBackup));
    console.log(`backup taken with ${inBackup} of the 300 redemptions written`);

    // A server on the restored data serves the moment of the backup: a redemption, a balance, a photo.
    const restored = await serveTarget(t);
    try {
      const [row] = await dbQuery(
        t.db,
        `SELECT r.id, r.user_id FROM redemptions r JOIN stories s ON s.user_id = r.user_id
         WHERE r.user_id IN (${people.map((p) => `'${p.id}'`).join(',')}) ORDER BY r.id LIMIT 1`,
      );
      assert.ok(row, 'a person who redeemed and posted before the backup');
      const person = people.find((p) => p.id === row[1]);
      const client = new Client(restored.origin, person.client.jar); // the session restored with the database
      const mine = await client.get(`/api/club/redemptions/${row[0]}`);
      assert.equal(mine.status, 200, mine.text);
      const points = await client.get('/api/me/points');
      assert.equal(points.status, 200, points.text);
      const [[balance]] = await dbQuery(t.db, `SELECT balance FROM points_balances WHERE user_id = '${person.id}'`);
      assert.equal(points.json.balance, Number(balance));
      assert.ok(points.json.balance < 1000);
      const [[media]] = await dbQuery(t.db, `SELECT m.hash FROM photo_uploads u JOIN media m ON m.id = u.media_id WHERE u.user_id = '${person.id}' LIMIT 1`);
      const file = manifest.files.find((f) => f.path.startsWith('data/media/') && f.path.includes(media));
      assert.ok(file, `the photo ${media} is in the archive`);
      const served = await fetch(`${restored.origin}/media/${path.basename(file.path)}`, { headers: { cookie: person.client.jar.header() } });
      assert.equal(served.status, 200);
      assert.equal(sha256(Buffer.from(await served.arrayBuffer())), file.sha256);
    } finally {
      await restored.stop();
    }
  });

  it('refuses a non-empty target and writes nothing', async () => {
    const t = await target();
    fs.mkdirSync(path.join(t.dir, 'data'));
    fs.writeFileSync(path.join(t.dir, 'data', 'keep.txt'), 'live data');
    const r = await t.restore(archive);
    assert.equal(r.code, 3, r.stderr);
    assert.match(r.stderr, /not empty/);
    assert.deepEqual(t.files(), ['keep.txt']);
  });

  it('refuses a tampered archive (one byte of the database changed) and writes nothing', async () => {
    const tampered = archiveCopy('tampered.tar');
    const bytes = fs.readFileSync(archive);
    bytes[512 + 4096 + 100] ^= 0xff; // inside database/…, the first entry
    fs.writeFileSync(tampered, bytes);
    const t = await target();
    const r = await t.restore(tampered);
    assert.equal(r.code, 5, r.stderr);
    assert.match(r.stderr, /checksum mismatch for database\/shopfloor\./);
    assert.deepEqual(t.files(), []);
    if (postgres) assert.equal((await psql(t.databaseUrl, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")).trim(), '0');
  });

  it('refuses an archive of a newer schema (a migration this build does not know)', async () => {
    const work = fs.mkdtempSync(path.join(server.tmp, 'newer-'));
    await tar(['-xf', archive, '-C', work]);
    const m = JSON.parse(fs.readFileSync(path.join(work, 'manifest.json')));
    m.migrations.push('9999_from_the_future.sql');
    fs.writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(m));
    const newer = archiveCopy('newer.tar');
    const names = (await tar(['-tf', archive])).toString().trim().split('\n');
    await tar(['-cf', newer, '--format=ustar', '-C', work, ...names]);
    const t = await target();
    const r = await t.restore(newer);
    assert.equal(r.code, 4, r.stderr);
    assert.match(r.stderr, /newer than this build .*9999_from_the_future\.sql/);
    assert.deepEqual(t.files(), []);
  });

  it('backup never overwrites an archive', async () => {
    const r = await cli(['backup', archive], { cwd: server.tmp, env: server.env });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /exists/);
  });
});

describe("the server's own backup schedule", () => {
  it('two nodes on one database: each period written once, the newest BACKUP_KEEP kept, other files left, the newest restores', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopfloor-backups-'));
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not an archive of ours');
    const a = await startServer({ env: { BACKUP_DIR: dir, BACKUP_EVERY: '2s', BACKUP_KEEP: '2' } });
    let b, t;
    try {
      b = await serveTarget({ dir: a.tmp, env: a.env }); // a second node: same database, same data directory
      await sleep(9_000); // four or five periods
      await b.stop();
      await a.stop();
      const written = /backup schedule: period (\d+) written by node (\S+)/g;
      const periods = new Map();
      for (const log of [a.output(), b.output()])
        for (const [, period] of log.matchAll(written)) periods.set(period, (periods.get(period) ?? 0) + 1);
      assert.ok(periods.size >= 3, `periods written: ${[...periods.keys()]}`);
      for (const [period, times] of periods) assert.equal(times, 1, `period ${period} written ${times} times`);
      const names = fs.readdirSync(dir).sort();
      const archives = names.filter((n) => /^shopfloor-\d{8}T\d{6}Z\.tar$/.test(n));
      assert.equal(archives.length, 2, names.join(', '));
      assert.ok(names.includes('notes.txt'));
      assert.ok(!names.some((n) => n.endsWith('.partial')), names.join(', '));
      // The newest restores into an empty target (backup.test.mjs's other cases check what it holds).
      t = await emptyTarget(a);
      const r = await t.restore(path.join(dir, archives.at(-1)));
      assert.equal(r.code, 0, r.stderr);
    } finally {
      await b?.stop();
      await a.stop();
      await t?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to start with BACKUP_DIR inside DATA_DIR, or a BACKUP_EVERY it cannot read', async () => {
    for (const env of [{ BACKUP_DIR: './data/backups' }, { BACKUP_DIR: '/tmp/x', BACKUP_EVERY: 'daily' }, { BACKUP_DIR: '/tmp/x', BACKUP_KEEP: '0' }]) {
      const r = await cli(['serve'], { cwd: os.tmpdir(), env: { ...process.env, DATA_DIR: './data', DATABASE_URL: 'sqlite://./data/never.db', ...env } });
      assert.equal(r.code, 2, JSON.stringify(env));
      assert.match(r.stderr, /configuration error: BACKUP_/);
    }
  });
});
