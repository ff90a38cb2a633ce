// The back-office engine through the front door: roles, schema, CRUD, search/filter/sort/paging,
// validation, unique and stale-write conflicts, audit rows, CSV export, users actions, roster import.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, assertEnvelope, DEMO_PASSWORD } from './harness.mjs';
import { dbQuery } from './dbquery.mjs';

const send = (c, method, p, json, headers = {}) =>
  c.request(method, p, { json, headers: { 'x-csrf-token': c.csrfToken, ...headers } });

describe('back-office resources', () => {
  const server = useServer();
  let admin, editor, staff;
  let bkk; // region id

  before(async () => {
    admin = server.client();
    editor = server.client();
    staff = server.client();
    await admin.signInOk('ADMIN01');
    await editor.signInOk('EDIT01');
    await staff.signInOk('S1001');
    const r = await admin.get('/api/admin/regions?q=BKK');
    bkk = r.json.items.find((x) => x.code === 'BKK').id;
  });

  describe('roles', () => {
    it('anonymous → 401, staff → 403 everywhere under /api/admin', async () => {
      assertEnvelope(await server.client().get('/api/admin/stores'), 401, 'UNAUTHENTICATED');
      for (const p of ['/api/admin/stores', '/api/admin/users', '/api/admin/schema', '/api/admin/search?q=a',
        '/api/admin/groups', '/api/admin/stores/export.csv'])
        assertEnvelope(await staff.get(p), 403, 'FORBIDDEN');
      assertEnvelope(await send(staff, 'POST', '/api/admin/groups', { name: 'x' }), 403, 'FORBIDDEN');
    });

    it('editors read stores but cannot write them; users are admin only', async () => {
      assert.equal((await editor.get('/api/admin/stores')).status, 200);
      assertEnvelope(await send(editor, 'POST', '/api/admin/stores', { code: 'E1', name: 'x' }), 403, 'FORBIDDEN');
      assertEnvelope(await editor.get('/api/admin/users'), 403, 'FORBIDDEN');
      assertEnvelope(await editor.get('/api/admin/users/export.csv'), 403, 'FORBIDDEN');
    });

    it('editors write groups and categories', async () => {
      const r = await send(editor, 'POST', '/api/admin/groups', { name: 'ฝ่ายขาย', code: 'SALES' });
      assert.equal(r.status, 201, r.text);
    });

    it('unknown resource and unknown id → 404', async () => {
      assertEnvelope(await admin.get('/api/admin/nothing'), 404, 'NOT_FOUND');
      assertEnvelope(await admin.get('/api/admin/stores/01890000-0000-7000-8000-000000000000'), 404, 'NOT_FOUND');
      assertEnvelope(await send(admin, 'PATCH', '/api/admin/stores/nope', { name: 'x', version: 1 }), 404);
      assertEnvelope(await send(admin, 'DELETE', '/api/admin/stores/nope'), 404);
    });

    it('writes need the CSRF header', async () => {
      assertEnvelope(await admin.post('/api/admin/regions', { json: { code: 'X', name: 'x' } }), 403, 'CSRF_FAILED');
    });
  });

  describe('schema', () => {
    it('lists what the caller may read, with labels, options, flags', async () => {
      const a = (await admin.get('/api/admin/schema')).json.resources;
      const users = a.find((r) => r.name === 'users');
      assert.ok(users && users.canWrite);
      assert.equal(users.label.th, 'ผู้ใช้งาน');
      const code = users.fields.find((f) => f.name === 'employeeCode');
      assert.equal(code.unique, true);
      assert.equal(code.searchable, true);
      const role = users.fields.find((f) => f.name === 'role');
      assert.deepEqual(role.options.map((o) => o.value), ['staff', 'editor', 'admin']);
      assert.equal(role.filterable, true);
      assert.equal(users.fields.find((f) => f.name === 'password').writeOnly, true);
      assert.equal(users.fields.find((f) => f.name === 'lastLogin').readOnly, true);
      assert.equal(users.fields.find((f) => f.name === 'store').reference, 'stores');
      assert.ok(users.actions.some((x) => x.name === 'disable'));
      const e = (await editor.get('/api/admin/schema')).json.resources;
      assert.equal(e.find((r) => r.name === 'users'), undefined);
      assert.equal(e.find((r) => r.name === 'stores').canWrite, false);
      assert.equal(e.find((r) => r.name === 'groups').canWrite, true);
      for (const name of ['regions', 'subgroups', 'categories', 'subcategories', 'medias', 'galleries'])
        assert.ok(e.find((r) => r.name === name), name);
    });
  });

  describe('CRUD, conflicts and audit', () => {
    let region;

    it('creates, reads, updates with the version, deletes', async () => {
      let r = await send(admin, 'POST', '/api/admin/regions', { code: 'ISN', name: 'อีสาน' });
      assert.equal(r.status, 201, r.text);
      region = r.json;
      assert.match(region.id, /^[0-9a-f]{8}-[0-9a-f]{4}-7/);
      assert.equal(region.version, 1);
      assert.match(region.createdAt, /^\d{4}-\d\d-\d\dT.*Z$/);
      r = await admin.get(`/api/admin/regions/${region.id}`);
      assert.deepEqual(r.json, region);
      r = await send(admin, 'PATCH', `/api/admin/regions/${region.id}`, { name: 'ภาคอีสาน', version: 1 });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.json.name, 'ภาคอีสาน');
      assert.equal(r.json.version, 2);
    });

    it('a stale version → 409, a missing version → 422', async () => {
      let r = await send(admin, 'PATCH', `/api/admin/regions/${region.id}`, { name: 'เก่า', version: 1 });
      assertEnvelope(r, 409, 'CONFLICT');
      assert.ok(r.json.error.fields.version);
      r = await send(admin, 'PATCH', `/api/admin/regions/${region.id}`, { name: 'เก่า' });
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      assert.ok(r.json.error.fields.version);
      assert.equal((await admin.get(`/api/admin/regions/${region.id}`)).json.name, 'ภาคอีสาน');
    });

    it('unique values → 409 naming the field (case-insensitive)', async () => {
      let r = await send(admin, 'POST', '/api/admin/stores', { code: 'bkk01', name: 'ซ้ำ' });
      assertEnvelope(r, 409, 'CONFLICT');
      assert.ok(r.json.error.fields.code);
      r = await send(admin, 'PATCH', `/api/admin/regions/${region.id}`, { code: 'BKK', version: 2 });
      assertEnvelope(r, 409, 'CONFLICT');
    });

    it('validation: per-field messages', async () => {
      let r = await send(admin, 'POST', '/api/admin/stores', { bogus: 1, region: 'ffffffff-ffff-7fff-bfff-ffffffffffff' });
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      const f = r.json.error.fields;
      assert.ok(f.code && f.name && f.bogus, JSON.stringify(f));
      r = await send(admin, 'POST', '/api/admin/stores', { code: 'X1', name: 'x', region: 'ffffffff-ffff-7fff-bfff-ffffffffffff' });
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      assert.ok(r.json.error.fields.region);
      r = await send(admin, 'POST', '/api/admin/stores', { code: 'x'.repeat(21), name: 'ก'.repeat(201) });
      assert.ok(r.json.error.fields.code && r.json.error.fields.name);
      r = await admin.request('POST', '/api/admin/stores', { body: '{bad', headers: { 'x-csrf-token': admin.csrfToken, 'content-type': 'application/json' } });
      assertEnvelope(r, 400, 'BAD_JSON');
    });

    it('writes append audit rows with before and after', async () => {
      const rows = await dbQuery(server, `SELECT action, before_json, after_json, actor_id FROM audit_log WHERE resource = 'regions' AND resource_id = '${region.id}' ORDER BY at, action`);
      const actions = rows.map((r) => r[0]);
      assert.deepEqual(actions.sort(), ['create', 'update']);
      const update = rows.find((r) => r[0] === 'update');
      assert.equal(JSON.parse(update[1]).name, 'อีสาน');
      assert.equal(JSON.parse(update[2]).name, 'ภาคอีสาน');
      const me = (await admin.get('/api/me')).json.user.id;
      assert.equal(update[3], me);
    });

    it('delete → 204 and audited; referenced items → 409', async () => {
      let r = await send(admin, 'DELETE', `/api/admin/regions/${region.id}`);
      assert.equal(r.status, 204);
      assertEnvelope(await admin.get(`/api/admin/regions/${region.id}`), 404);
      const rows = await dbQuery(server, `SELECT before_json FROM audit_log WHERE action = 'delete' AND resource_id = '${region.id}'`);
      assert.equal(rows.length, 1);
      r = await send(admin, 'DELETE', `/api/admin/regions/${bkk}`); // stores point at it
      assertEnvelope(r, 409, 'CONFLICT');
    });
  });

  describe('list: search, filter, sort, paging', () => {
    it('q searches case-insensitively', async () => {
      const r = await admin.get('/api/admin/stores?q=bkk');
      assert.equal(r.status, 200);
      assert.deepEqual(r.json.items.map((s) => s.code).sort(), ['BKK01', 'BKK02']);
      assert.equal(r.json.total, 2);
      const t = await admin.get(`/api/admin/stores?q=${encodeURIComponent('เชียงใหม่')}`);
      assert.deepEqual(t.json.items.map((s) => s.code), ['CNX01']);
      const none = await admin.get('/api/admin/stores?q=%25');
      assert.equal(none.json.total, 0, 'a % in q is literal');
    });

    it('filters by reference, enum and with filter[...]', async () => {
      let r = await admin.get(`/api/admin/stores?region=${bkk}`);
      assert.deepEqual(r.json.items.map((s) => s.code).sort(), ['BKK01', 'BKK02']);
      r = await admin.get(`/api/admin/stores?filter[region]=${bkk}`);
      assert.equal(r.json.total, 2);
      r = await admin.get('/api/admin/users?filter[role]=editor');
      assert.deepEqual(r.json.items.map((u) => u.employeeCode), ['EDIT01']);
      assertEnvelope(await admin.get('/api/admin/users?filter[role]=king'), 400, 'BAD_REQUEST');
      assertEnvelope(await admin.get('/api/admin/users?filter[name]=x'), 400, 'BAD_REQUEST');
    });

    it('sorts ascending and descending', async () => {
      let r = await admin.get('/api/admin/stores?sort=code');
      assert.deepEqual(r.json.items.map((s) => s.code), ['BKK01', 'BKK02', 'CNX01']);
      r = await admin.get('/api/admin/stores?sort=-code');
      assert.deepEqual(r.json.items.map((s) => s.code), ['CNX01', 'BKK02', 'BKK01']);
      assertEnvelope(await admin.get('/api/admin/stores?sort=region'), 400, 'BAD_REQUEST');
    });

    it('pages within bounds', async () => {
      let r = await admin.get('/api/admin/stores?sort=code&page=2&pageSize=1');
      assert.deepEqual(r.json, { ...r.json, total: 3, page: 2, pageSize: 1 });
      assert.deepEqual(r.json.items.map((s) => s.code), ['BKK02']);
      r = await admin.get('/api/admin/stores?page=9');
      assert.equal(r.json.items.length, 0);
      assert.equal(r.json.total, 3);
      assert.equal((await admin.get('/api/admin/stores')).json.pageSize, 20);
      assert.equal((await admin.get('/api/admin/stores?pageSize=100')).status, 200);
      for (const q of ['pageSize=0', 'pageSize=101', 'page=0', 'page=abc', 'pageSize=-1'])
        assertEnvelope(await admin.get(`/api/admin/stores?${q}`), 400, 'BAD_REQUEST');
    });
  });

  describe('users', () => {
    let user;
    it('creates a user with an initial password, never shows it, and they can sign in', async () => {
      const r = await send(admin, 'POST', '/api/admin/users', {
        employeeCode: 'N5001', name: 'นภา ทดสอบ', email: 'Napa@Example.com', password: 'Secret#123',
        store: (await admin.get('/api/admin/stores?q=CNX01')).json.items[0].id, groups: ['ขาย', 'ใหม่'],
      });
      assert.equal(r.status, 201, r.text);
      user = r.json;
      assert.equal(user.password, undefined);
      assert.equal(user.email, 'napa@example.com');
      assert.equal(user.role, 'staff');
      assert.equal(user.status, 'active');
      assert.deepEqual(user.groups, ['ขาย', 'ใหม่']);
      assert.equal(user.lastLogin, null);
      assert.ok(!/password_hash|passwordHash|argon/i.test(r.text));
      const c = server.client();
      await c.signInOk('N5001', 'Secret#123');
      assert.ok((await admin.get(`/api/admin/users/${user.id}`)).json.lastLogin);
      assert.equal((await admin.get('/api/admin/users?groups=ขาย')).json.total, 1);
    });

    it('create needs a password of 8+, unique code and email', async () => {
      let r = await send(admin, 'POST', '/api/admin/users', { employeeCode: 'N5002', name: 'x' });
      assertEnvelope(r, 422);
      assert.ok(r.json.error.fields.password);
      r = await send(admin, 'POST', '/api/admin/users', { employeeCode: 'n5001', name: 'x', password: 'Secret#123' });
      assertEnvelope(r, 409, 'CONFLICT');
      assert.ok(r.json.error.fields.employeeCode);
      r = await send(admin, 'POST', '/api/admin/users', { employeeCode: 'N5003', name: 'x', email: 'NAPA@example.com', password: 'Secret#123' });
      assertEnvelope(r, 409, 'CONFLICT');
      assert.ok(r.json.error.fields.email);
      r = await send(admin, 'PATCH', `/api/admin/users/${user.id}`, { password: 'Other#1234', version: user.version });
      assertEnvelope(r, 422);
    });

    it('search and global search find users by name and code', async () => {
      const r = await admin.get(`/api/admin/users?q=${encodeURIComponent('สมชาย')}`);
      assert.deepEqual(r.json.items.map((u) => u.employeeCode), ['S1001']);
      const g = await admin.get('/api/admin/search?q=s100');
      const codes = g.json.results.filter((x) => x.resource === 'users').map((x) => x.subtitle).sort();
      assert.deepEqual(codes, ['S1001', 'S1002']);
      const e = await editor.get('/api/admin/search?q=bkk');
      assert.ok(e.json.results.every((x) => x.resource !== 'users'));
      assert.ok(e.json.results.some((x) => x.resource === 'stores' && x.subtitle === 'BKK01'));
      const many = await admin.get('/api/admin/search?q=s');
      assert.ok(many.json.results.filter((x) => x.resource === 'users').length <= 5);
      assert.deepEqual((await admin.get('/api/admin/search?q=')).json, { results: [] });
    });

    it('disable signs the user out everywhere; enable; approve only pending', async () => {
      const c = server.client();
      await c.signInOk('S1002');
      assert.equal((await c.get('/api/me')).status, 200);
      const id = (await admin.get('/api/admin/users?q=S1002')).json.items[0].id;
      let r = await send(admin, 'POST', `/api/admin/users/${id}/disable`);
      assert.equal(r.status, 200, r.text);
      assert.equal(r.json.item.status, 'disabled');
      assertEnvelope(await c.get('/api/me'), 401);
      assert.equal((await server.client().signIn('S1002')).status, 403);
      r = await send(admin, 'POST', `/api/admin/users/${id}/enable`);
      assert.equal(r.json.item.status, 'active');
      assertEnvelope(await send(admin, 'POST', `/api/admin/users/${id}/approve`), 409, 'CONFLICT');
      r = await send(admin, 'POST', '/api/admin/users', { employeeCode: 'P1', name: 'รอ', status: 'pending', password: 'Secret#123' });
      r = await send(admin, 'POST', `/api/admin/users/${r.json.id}/approve`);
      assert.equal(r.json.item.status, 'active');
      const rows = await dbQuery(server, `SELECT action FROM audit_log WHERE resource = 'users' AND resource_id = '${id}' ORDER BY at`);
      assert.deepEqual(rows.map((x) => x[0]), ['disable', 'enable']);
      assertEnvelope(await send(admin, 'POST', `/api/admin/users/${id}/explode`), 404);
      assertEnvelope(await send(editor, 'POST', `/api/admin/users/${id}/disable`), 403);
    });

    it('reset-password generates one (shown once) or takes one', async () => {
      const id = (await admin.get('/api/admin/users?q=S2001')).json.items[0].id;
      let r = await send(admin, 'POST', `/api/admin/users/${id}/reset-password`);
      assert.equal(r.status, 200, r.text);
      assert.equal(typeof r.json.password, 'string');
      assert.ok(r.json.password.length >= 12);
      await server.client().signInOk('S2001', r.json.password);
      r = await send(admin, 'POST', `/api/admin/users/${id}/reset-password`, { password: 'Chosen#2026' });
      assert.equal(r.json.password, undefined);
      await server.client().signInOk('S2001', 'Chosen#2026');
      assertEnvelope(await send(admin, 'POST', `/api/admin/users/${id}/reset-password`, { password: 'short' }), 422);
    });

    it('an admin cannot change their own role or status', async () => {
      const me = (await admin.get('/api/admin/users?q=ADMIN01')).json.items[0];
      const r = await send(admin, 'PATCH', `/api/admin/users/${me.id}`, { role: 'staff', version: me.version });
      assertEnvelope(r, 422);
      assert.ok(r.json.error.fields.role);
      assertEnvelope(await send(admin, 'POST', `/api/admin/users/${me.id}/disable`), 409);
    });

    it('PATCH status=disabled revokes sessions too', async () => {
      const c = server.client();
      await c.signInOk('S2002');
      const u = (await admin.get('/api/admin/users?q=S2002')).json.items[0];
      const r = await send(admin, 'PATCH', `/api/admin/users/${u.id}`, { status: 'disabled', version: u.version });
      assert.equal(r.status, 200, r.text);
      assertEnvelope(await c.get('/api/me'), 401);
    });
  });

  describe('CSV export', () => {
    it('has a BOM, a header, Thai text and formula-safe cells', async () => {
      await send(admin, 'POST', '/api/admin/stores', { code: 'EVIL1', name: '=HYPERLINK("http://x")' });
      const r = await admin.request('GET', '/api/admin/stores/export.csv?sort=code');
      assert.equal(r.status, 200);
      assert.match(r.headers.get('content-type'), /^text\/csv/);
      assert.match(r.headers.get('content-disposition'), /attachment; filename="stores-.*\.csv"/);
      const raw = Buffer.from(await (await fetch(server.origin + '/api/admin/stores/export.csv?sort=code', { headers: { cookie: admin.jar.header() } })).arrayBuffer());
      assert.deepEqual([...raw.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
      const lines = r.text.replace(/^\uFEFF/, '').split('\r\n');
      assert.equal(lines[0], 'id,code,name,region,createdAt,updatedAt');
      assert.ok(lines.some((l) => l.includes('เซ็นทรัลเวิลด์')));
      assert.ok(lines.some((l) => l.includes(`"'=HYPERLINK(""http://x"")"`)), lines.join('\n'));
      assert.equal(lines.filter((l) => l).length, 1 + 4);
      const f = await admin.request('GET', '/api/admin/stores/export.csv?q=BKK');
      assert.equal(f.text.split('\r\n').filter((l) => l).length, 3);
    });
  });

  describe('roster import', () => {
    const csv = (text) => ({ body: text, headers: { 'x-csrf-token': admin.csrfToken, 'content-type': 'text/csv' } });

    it('dry run reports create, update and skip without writing', async () => {
      const file = '\uFEFFemployee_code,name,email,phone,store_code,position,role\n' +
        'R1001,รุ่ง ใหม่,r1001@example.com,0811111111,BKK01,Sales,\n' +
        'R1002,"Ray, Jr.",,,cnx01,,editor\n' +
        'S1001,สมชาย ใจดี,,,,,\n' +
        'S2001,,,,,Store manager,\n';
      const r = await admin.request('POST', '/api/admin/users/import?dryRun=1', csv(file));
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.json.summary, { create: 2, update: 1, skip: 1, errors: 0 });
      assert.deepEqual(r.json.rows.map((x) => [x.line, x.employeeCode, x.action]), [
        [2, 'R1001', 'create'], [3, 'R1002', 'create'], [4, 'S1001', 'skip'], [5, 'S2001', 'update'],
      ]);
      assert.equal((await admin.get('/api/admin/users?q=R100')).json.total, 0);
    });

    it('bad rows: per-row errors, and the commit is refused with 422', async () => {
      const file = 'employee_code,name,email,store_code,role\n' +
        'B1,,bad-email,NOPE,king\n' +
        'B2,ok,s1001@shopfloor.example,,\n' +
        ',nameless,,,\n' +
        'B4,fine,,,\n';
      let r = await admin.request('POST', '/api/admin/users/import?dryRun=1', csv(file));
      assert.equal(r.status, 200, r.text);
      const [b1, b2, b3, b4] = r.json.rows;
      assert.deepEqual(Object.keys(b1.errors).sort(), ['email', 'name', 'role', 'storeCode']);
      assert.ok(b2.errors.email);
      assert.ok(b3.errors.employeeCode);
      assert.deepEqual(b4.errors, {});
      assert.equal(r.json.summary.errors, 3);
      r = await admin.request('POST', '/api/admin/users/import', csv(file));
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      assert.equal(r.json.summary.errors, 3);
      assert.equal((await admin.get('/api/admin/users?q=B4')).json.total, 0, 'nothing written');
    });

    it('duplicate codes in one file are errors', async () => {
      const file = 'employee_code,name\nD1,one\nD2,two\nd1,again\n';
      const r = await admin.request('POST', '/api/admin/users/import?dryRun=1', csv(file));
      assert.equal(r.json.rows[2].errors.employeeCode, 'Duplicate employee code (also on line 2).');
      assertEnvelope(await admin.request('POST', '/api/admin/users/import?dryRun=0', csv(file)), 422);
    });

    it('a non-CSV body → 415 or 422 with a clear message', async () => {
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      let r = await admin.request('POST', '/api/admin/users/import?dryRun=1', { body: png, headers: { 'x-csrf-token': admin.csrfToken, 'content-type': 'image/png' } });
      assertEnvelope(r, 415, 'UNSUPPORTED_MEDIA_TYPE');
      r = await admin.request('POST', '/api/admin/users/import?dryRun=1', csv(png));
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      assert.ok(r.json.error.fields.file);
      r = await admin.request('POST', '/api/admin/users/import?dryRun=1', csv('hello,world\n1,2\n'));
      assertEnvelope(r, 422, 'VALIDATION_FAILED');
      assert.match(r.json.error.fields.file, /Unknown column/);
      r = await admin.request('POST', '/api/admin/users/import?dryRun=1', csv(''));
      assertEnvelope(r, 422);
      r = await admin.request('POST', '/api/admin/users/import?dryRun=1', csv('employee_code,name\n"A1,open\n'));
      assertEnvelope(r, 422);
    });

    it('commit upserts in one go, keeps the roster, and is audited', async () => {
      const file = 'employee_code,name,email,phone,store_code,position,role\r\n' +
        'R1001,รุ่ง ใหม่,r1001@example.com,0811111111,BKK01,Sales,\r\n' +
        'S2001,,,,,Store manager,\r\n';
      const r = await admin.request('POST', '/api/admin/users/import', csv(file));
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.json.summary, { create: 1, update: 1, skip: 0, errors: 0 });
      const u = (await admin.get('/api/admin/users?q=R1001')).json.items[0];
      assert.equal(u.status, 'active');
      assert.equal(u.name, 'รุ่ง ใหม่');
      assert.equal(u.email, 'r1001@example.com');
      assert.equal((await admin.get('/api/admin/users?q=S2001')).json.items[0].position, 'Store manager');
      assert.equal((await admin.get('/api/admin/users?q=S2001')).json.items[0].name, 'วิชัย เก่งขาย');
      // The demo's S3001 is on the roster already (a roster person with an activation code, accounts/demo.hpp).
      const roster = await dbQuery(server, "SELECT employee_code FROM roster WHERE employee_code <> 'S3001' ORDER BY employee_code");
      assert.deepEqual(roster.map((x) => x[0]), ['R1001', 'S2001']);
      const audit = await dbQuery(server, "SELECT action FROM audit_log WHERE action LIKE 'import.%' ORDER BY action");
      assert.deepEqual(audit.map((x) => x[0]), ['import.create', 'import.update']);
      // No password yet: sign-in fails like a wrong password until they register.
      assert.equal((await server.client().signIn('R1001', DEMO_PASSWORD)).status, 401);
    });

    it('an admin cannot change their own role by import', async () => {
      const r = await admin.request('POST', '/api/admin/users/import?dryRun=1', csv('employee_code,name,role\nADMIN01,,staff\n'));
      assert.equal(r.json.rows[0].errors.role, 'You cannot change your own role.');
    });

    it('staff and editors cannot import', async () => {
      assertEnvelope(await editor.request('POST', '/api/admin/users/import?dryRun=1', { body: 'employee_code,name\n', headers: { 'x-csrf-token': editor.csrfToken, 'content-type': 'text/csv' } }), 403);
    });
  });

  describe('content trees', () => {
    it('subgroups need an existing parent group; a used group cannot be deleted', async () => {
      const g = await send(editor, 'POST', '/api/admin/groups', { name: 'ฝ่ายบริการ', code: 'SRV' });
      assert.equal(g.status, 201, g.text);
      let r = await send(editor, 'POST', '/api/admin/subgroups', { name: 'ทีมหน้าร้าน' });
      assertEnvelope(r, 422);
      assert.ok(r.json.error.fields.group);
      r = await send(editor, 'POST', '/api/admin/subgroups', { name: 'ทีมหน้าร้าน', group: g.json.id });
      assert.equal(r.status, 201, r.text);
      assert.equal(r.json.sortOrder, 0);
      r = await editor.get(`/api/admin/subgroups?group=${g.json.id}`);
      assert.equal(r.json.total, 1);
      assertEnvelope(await send(editor, 'DELETE', `/api/admin/groups/${g.json.id}`), 409);
      assertEnvelope(await send(editor, 'POST', '/api/admin/groups', { name: 'x', code: 'srv' }), 409);
    });

    it('categories and sub-categories sort by order', async () => {
      const a = await send(editor, 'POST', '/api/admin/categories', { name: 'ผลิตภัณฑ์', sortOrder: 2 });
      const b = await send(editor, 'POST', '/api/admin/categories', { name: 'บริการ', sortOrder: 1 });
      assert.equal(a.status, 201);
      const names = (await editor.get('/api/admin/categories?pageSize=100')).json.items.map((c) => c.name);
      assert.deepEqual(names.filter((n) => ['บริการ', 'ผลิตภัณฑ์'].includes(n)), ['บริการ', 'ผลิตภัณฑ์'], 'beside the demo catalogue\'s');
      const s = await send(editor, 'POST', '/api/admin/subcategories', { name: 'สกินแคร์', category: a.json.id });
      assert.equal(s.status, 201, s.text);
      assertEnvelope(await send(editor, 'POST', '/api/admin/subcategories', { name: 'x', category: b.json.id, sortOrder: 'first' }), 422);
    });
  });
});
