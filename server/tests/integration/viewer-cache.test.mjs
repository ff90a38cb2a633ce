// Issue 33: a staff read takes the person's audience (store, its region, position, groups) from the cached
// session and the node's copy of the content groups, not from a statement of its own. Every edit that
// changes what a person may see must show at their very next read: an admin's edit of the person, of a
// store's region, of a group or subgroup; on PostgreSQL, through another node too.
import assert from 'node:assert/strict';
import { describe, it, before, test } from 'node:test';

import { startServer, useServer } from './harness.mjs';
import { create, send } from './learning-fixtures.mjs';
import { waitFor } from './realtime.mjs';

const PASSWORD = 'Viewer#2026';
const TAG = 'ผู้ชมแคช';
const person = (identifier, store) => ({ identifier, password: PASSWORD, name: `ผู้ชม ${identifier}`, store });

async function userOf(admin, code) {
  const r = await admin.get(`/api/admin/users?q=${code}`);
  assert.equal(r.status, 200, r.text);
  return r.json.items.find((u) => u.employeeCode === code);
}

/** The admin's PATCH of /api/admin/:resource/:id with the item's current version; returns the new item. */
async function edit(admin, resource, item, changes) {
  const current = (await admin.get(`/api/admin/${resource}/${item.id}`)).json;
  const r = await send(admin, 'PATCH', `/api/admin/${resource}/${item.id}`, { ...changes, version: current.version });
  assert.equal(r.status, 200, r.text);
  return r.json;
}

/** Which of `items` (name → item) the client sees on the Learning tab's latest list and by direct access. */
async function look(client, items) {
  const tab = await client.get('/api/learning');
  assert.equal(tab.status, 200, tab.text);
  const latest = new Set(tab.json.latest.map((c) => c.id));
  const out = { tab: [], direct: [] };
  for (const [name, item] of Object.entries(items)) {
    const direct = (await client.get(`/api/contents/${item.id}`)).status;
    assert.ok(direct === 200 || direct === 404, `${name}: ${direct}`);
    if (direct === 200) out.direct.push(name);
    if (latest.has(item.id)) out.tab.push(name);
  }
  out.tab.sort();
  out.direct.sort();
  return out;
}

/** The same where nothing changes meanwhile: the tab and direct access agree. */
async function seen(client, items) {
  const { tab, direct } = await look(client, items);
  assert.deepEqual(tab, direct, 'the tab and direct access agree');
  return direct;
}

/** Waits (up to 1 s) until both the tab and direct access show exactly `names` (another node's edit). */
async function seenSoon(client, items, names, what) {
  await waitFor(async () => {
    const { tab, direct } = await look(client, items);
    return tab.join() === names.join() && direct.join() === names.join();
  }, what, 1000);
}

/** Stores and regions by code, and a fresh group tree for this test. */
async function places(admin) {
  const ids = {};
  for (const s of (await admin.get('/api/admin/stores?pageSize=100')).json.items) ids[s.code] = s.id;
  for (const r of (await admin.get('/api/admin/regions?pageSize=100')).json.items) ids[r.code] = r.id;
  return ids;
}

const content = (editor, title, audience) =>
  create(editor, 'contents', { kind: 'article', status: 'published', bodyHtml: '<p>เนื้อหา</p>', title: `${TAG} ${title}`, audience });

describe('the viewer from the session cache', () => {
  const server = useServer({ users: [person('VC1', 'BKK01'), person('VC2', 'BKK01')] });
  let admin, editor, ids;

  before(async () => {
    admin = server.client();
    editor = server.client();
    await admin.signInOk('ADMIN01');
    await editor.signInOk('EDIT01');
    await admin.csrf();
    await editor.csrf();
    ids = await places(admin);
  });

  it("shows an admin's edit of the person's store, position and groups at their very next read", async () => {
    const group = await create(editor, 'groups', { name: 'ผู้ชม กลุ่ม', code: 'VC-OPS' });
    const sub = await create(editor, 'subgroups', { name: 'ผู้ชม ทีม', code: 'VC-TEAM', group: group.id });
    const items = {
      bkk01: await content(editor, 'สาขา BKK01', { stores: [ids.BKK01] }),
      north: await content(editor, 'ภาคเหนือ', { regions: [ids.NTH] }),
      trainer: await content(editor, 'ครูฝึก', { positions: ['Trainer'] }),
      group: await content(editor, 'กลุ่ม', { groups: [group.id] }),
      team: await content(editor, 'ทีม', { subgroups: [sub.id] }),
    };
    const vc1 = server.client();
    await vc1.signInOk('VC1', PASSWORD);
    assert.deepEqual(await seen(vc1, items), ['bkk01']);
    assert.deepEqual(await seen(vc1, items), ['bkk01'], 'the same from the cached session');

    const u = await userOf(admin, 'VC1');
    await edit(admin, 'users', u, { store: ids.CNX01 });
    assert.deepEqual(await seen(vc1, items), ['north'], 'a new store (and its region) at once');
    await edit(admin, 'users', u, { position: 'Trainer' });
    assert.deepEqual(await seen(vc1, items), ['north', 'trainer'], 'a new position at once');
    await edit(admin, 'users', u, { groups: ['VC-TEAM'] });
    assert.deepEqual(await seen(vc1, items), ['group', 'north', 'team', 'trainer'], 'a subgroup by its code, and its group');
    await edit(admin, 'users', u, { groups: [], store: ids.BKK01, position: '' });
    assert.deepEqual(await seen(vc1, items), ['bkk01'], 'all taken back at once');
  });

  it('shows an edit of a group, a subgroup or a store\'s region at the next read of everyone cached', async () => {
    const g1 = await create(editor, 'groups', { name: 'ผู้ชม หนึ่ง', code: 'VC-G1' });
    const g2 = await create(editor, 'groups', { name: 'ผู้ชม สอง', code: 'VC-G2' });
    const sub = await create(editor, 'subgroups', { name: 'ผู้ชม ย่อย', code: 'VC-S1', group: g1.id });
    const store = await create(admin, 'stores', { code: 'VC-ST', name: 'ผู้ชม สาขา', region: ids.BKK });
    const items = {
      g1: await content(editor, 'กลุ่มหนึ่ง', { groups: [g1.id] }),
      g2: await content(editor, 'กลุ่มสอง', { groups: [g2.id] }),
      north: await content(editor, 'ภาคเหนือ สาขาใหม่', { regions: [ids.NTH] }),
    };
    const u = await userOf(admin, 'VC2');
    await edit(admin, 'users', u, { store: store.id, groups: ['VC-S1', 'VC-NEW'] });
    const vc2 = server.client();
    await vc2.signInOk('VC2', PASSWORD);
    assert.deepEqual(await seen(vc2, items), ['g1']);
    assert.deepEqual(await seen(vc2, items), ['g1'], 'the same from the cached session and group tables');

    await edit(editor, 'subgroups', sub, { group: g2.id });
    assert.deepEqual(await seen(vc2, items), ['g2'], "a subgroup's new parent group at once");
    await edit(editor, 'groups', g1, { code: 'VC-NEW' });
    assert.deepEqual(await seen(vc2, items), ['g1', 'g2'], 'a group whose new code the person lists');
    const g3 = await create(editor, 'groups', { name: 'ผู้ชม สาม', code: 'VC-G3' });
    items.g3 = await content(editor, 'กลุ่มสาม', { groups: [g3.id] });
    assert.deepEqual(await seen(vc2, items), ['g1', 'g2']);
    await edit(editor, 'groups', g1, { code: 'VC-G1' });
    await edit(editor, 'groups', g3, { code: 'VC-NEW' });
    assert.deepEqual(await seen(vc2, items), ['g2', 'g3'], 'codes moved between groups');

    await edit(admin, 'stores', store, { region: ids.NTH });
    assert.deepEqual(await seen(vc2, items), ['g2', 'g3', 'north'], "the store's new region at once");
  });
});

describe('the viewer across two server processes on one PostgreSQL', { skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL (runs in the PostgreSQL stage of make test)' }, () => {
  test("an edit made through node B shows at node A's next read", async () => {
    const a = await startServer({ users: [person('VC3', 'BKK01')] });
    let b;
    try {
      b = await startServer({ env: { DATABASE_URL: a.databaseUrl } });
      const adminOnB = b.client();
      const editorOnB = b.client();
      await adminOnB.signInOk('ADMIN01');
      await editorOnB.signInOk('EDIT01');
      await adminOnB.csrf();
      await editorOnB.csrf();
      const ids = await places(adminOnB);
      const group = await create(editorOnB, 'groups', { name: 'ผู้ชม สองโหนด', code: 'VC-TWO' });
      const items = {
        bkk01: await content(editorOnB, 'สองโหนด BKK01', { stores: [ids.BKK01] }),
        north: await content(editorOnB, 'สองโหนด ภาคเหนือ', { regions: [ids.NTH] }),
        group: await content(editorOnB, 'สองโหนด กลุ่ม', { groups: [group.id] }),
      };
      const vc3 = a.client();
      await vc3.signInOk('VC3', PASSWORD);
      assert.deepEqual(await seen(vc3, items), ['bkk01']);
      assert.deepEqual(await seen(vc3, items), ['bkk01'], 'cached on A');

      const u = await userOf(adminOnB, 'VC3');
      await edit(adminOnB, 'users', u, { store: ids.CNX01, groups: ['VC-ELSE'] });
      await seenSoon(vc3, items, ['north'], 'the new store on A');

      await edit(editorOnB, 'groups', group, { code: 'VC-ELSE' });
      await seenSoon(vc3, items, ['group', 'north'], 'the group edit on A');

      const cnx = (await adminOnB.get(`/api/admin/stores/${ids.CNX01}`)).json;
      await edit(adminOnB, 'stores', cnx, { region: ids.BKK });
      await seenSoon(vc3, items, ['group'], "the store's region on A");
    } finally {
      if (b) await b.stop();
      await a.stop();
    }
  });
});
