// Issue 33: on PostgreSQL each node keeps a person's learning records and knows whether its cached catalogue
// is current, so the Learning tab, Home and "For you" run no statement while nothing changed
// (learning/read_cache.hpp). A person's write must show at their very next read on the node that made it, on
// another node within a moment, and a catalogue edit likewise; a change no server made (psql) is heard from
// the catalogue's trigger at once, and for a person's records within the cache's time limit.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, it, before, test } from 'node:test';

import { startServer, useServer } from './harness.mjs';
import { create, send } from './learning-fixtures.mjs';
import { waitFor } from './realtime.mjs';

const PASSWORD = 'Cache#2026';
const TAG = 'แคชการเรียน';
const person = (identifier) => ({ identifier, password: PASSWORD, name: `ผู้เรียน ${identifier}`, store: 'BKK01' });
const article = (editor, title) =>
  create(editor, 'contents', { kind: 'article', status: 'published', bodyHtml: '<p>เนื้อหา</p>', title: `${TAG} ${title}` });

/** The card of `id` on the Learning tab's latest list (undefined when the tab does not list it). */
async function card(client, id) {
  const r = await client.get('/api/learning');
  assert.equal(r.status, 200, r.text);
  return r.json.latest.find((c) => c.id === id);
}
const percentOn = async (client, id) => (await card(client, id))?.progress?.percent ?? null;

/** Home's "continue learning" and the tab agree on the percent (both read the same records). */
async function homePercent(client, id) {
  const r = await client.get('/api/home');
  assert.equal(r.status, 200, r.text);
  const item = r.json.continueLearning.find((c) => c.id === id);
  return item?.progress?.percent ?? null;
}

const progress = async (client, id, percent) => {
  const r = await send(client, 'POST', `/api/contents/${id}/progress`, { percent });
  assert.equal(r.status, 200, r.text);
};

const psql = (url, sql) =>
  new Promise((resolve, reject) =>
    execFile('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qAt', '-c', sql], (err, stdout, stderr) =>
      err ? reject(new Error(stderr || err.message)) : resolve(stdout.trim())));

describe("a person's learning after their own writes", () => {
  const server = useServer({ users: [person('LC1')] });
  let editor, learner;

  before(async () => {
    editor = server.client();
    await editor.signInOk('EDIT01');
    await editor.csrf();
    learner = server.client();
    await learner.signInOk('LC1', PASSWORD);
    await learner.csrf();
  });

  it('each progress write and catalogue edit shows at the very next read', async () => {
    const item = await article(editor, 'อ่านต่อทันที');
    assert.equal(await percentOn(learner, item.id), null);
    assert.equal(await percentOn(learner, item.id), null, 'the same when read again (cached on PostgreSQL)');
    for (const percent of [10, 35, 70]) {
      await progress(learner, item.id, percent);
      assert.equal(await percentOn(learner, item.id), percent, `the tab at once after ${percent} %`);
      assert.equal(await homePercent(learner, item.id), percent, `Home at once after ${percent} %`);
    }
    const current = (await editor.get(`/api/admin/contents/${item.id}`)).json;
    const renamed = `${TAG} ชื่อใหม่`;
    const r = await send(editor, 'PATCH', `/api/admin/contents/${item.id}`, { title: renamed, version: current.version });
    assert.equal(r.status, 200, r.text);
    assert.equal((await card(learner, item.id))?.title, renamed, "the editor's rename at the next read");
  });
});

describe('two server processes on one PostgreSQL', { skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL (runs in the PostgreSQL stage of make test)' }, () => {
  test('a write through one node shows at the other; a write by no server within the time limit', async () => {
    const ttl = 5000;
    const a = await startServer({ users: [person('LC2')], env: { LEARNING_CACHE_TTL_MS: String(ttl) } });
    let b;
    try {
      b = await startServer({ env: { DATABASE_URL: a.databaseUrl, LEARNING_CACHE_TTL_MS: String(ttl) } });
      const editorOnB = b.client();
      await editorOnB.signInOk('EDIT01');
      await editorOnB.csrf();
      const onA = a.client();
      const onB = b.client();
      for (const c of [onA, onB]) {
        await c.signInOk('LC2', PASSWORD);
        await c.csrf();
      }
      const item = await article(editorOnB, 'สองโหนด');
      for (const c of [onA, onB, onA, onB]) assert.equal(await percentOn(c, item.id), null);

      await progress(onA, item.id, 30);
      assert.equal(await percentOn(onA, item.id), 30, 'on the node that wrote, at once');
      await waitFor(async () => (await percentOn(onB, item.id)) === 30, 'the write through A on B', 1000);
      await progress(onB, item.id, 60);
      assert.equal(await percentOn(onB, item.id), 60);
      await waitFor(async () => (await percentOn(onA, item.id)) === 60, 'the write through B on A', 1000);

      const current = (await editorOnB.get(`/api/admin/contents/${item.id}`)).json;
      const r = await send(editorOnB, 'PATCH', `/api/admin/contents/${item.id}`, { status: 'draft', version: current.version });
      assert.equal(r.status, 200, r.text);
      assert.equal(await card(onB, item.id), undefined, 'unpublished: gone on B at once');
      await waitFor(async () => (await card(onA, item.id)) === undefined, 'unpublished: gone on A', 1000);

      // psql raises the triggers' signals to itself and tells no node: a person's records are then heard when
      // the node's copy reaches its time limit; a catalogue change at once (its trigger NOTIFYs).
      const other = await article(editorOnB, 'นอกเซิร์ฟเวอร์');
      await progress(onA, other.id, 20);
      assert.equal(await percentOn(onA, other.id), 20);
      const quoted = other.id.replace(/'/g, "''");
      await psql(a.databaseUrl, `UPDATE learning_progress SET percent = 80 WHERE item_id = '${quoted}'`);
      const since = Date.now();
      assert.equal(await percentOn(onA, other.id), 20, "A's copy serves until its time limit (no statement read)");
      await waitFor(async () => (await percentOn(onA, other.id)) === 80, 'the psql write on A after the time limit', ttl + 2000);
      assert.ok(Date.now() - since < ttl + 2000);
      await psql(a.databaseUrl, `UPDATE contents SET title = '${TAG} จาก psql' WHERE id = '${quoted}'`);
      await waitFor(async () => (await card(onA, other.id))?.title === `${TAG} จาก psql`, 'the psql rename on A', 1000);
      await waitFor(async () => (await card(onB, other.id))?.title === `${TAG} จาก psql`, 'the psql rename on B', 1000);
    } finally {
      if (b) await b.stop();
      await a.stop();
    }
  });
});
