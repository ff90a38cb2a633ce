// Forms (issue 16, forms part) through real HTTP on SQLite and PostgreSQL: the engine's checks per form kind
// (422 with a code per question), one submission per person under 30 concurrent submits and many when the
// form allows it, file uploads checked by their bytes (lies about the type, oversize, someone else's or a
// used upload refused), admin-only downloads, audience / window / unpublished → 404, the submissions list
// with its filters, the detail, CSV and XLSX exports (the XLSX read back cell by cell), roles and CSRF.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer, signedInClients, assertEnvelope, rawRequest } from './harness.mjs';
import { send, create, iso, HOUR, png, pdf } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';
import { dbQuery } from './dbquery.mjs';
import { readXlsx } from './xlsx.mjs';

describe('forms', () => {
  const server = useServer();
  let editor, admin, staff;

  before(async () => {
    [editor, admin, staff] = await signedInClients(server, 'EDIT01', 'ADMIN01', 'S2002');
  });

  // A published form with the given questions ({kind, text?, required?, options?, ...}); returns {f, q}.
  const form = async (over = {}, questions = []) => {
    const f = await create(editor, 'forms', { title: `แบบฟอร์ม ${Math.random().toString(36).slice(2, 6)}`, status: 'published', ...over });
    const q = [];
    for (const [i, x] of questions.entries()) q.push(await create(editor, 'form-questions', { form: f.id, text: `คำถาม ${i + 1}`, ...x }));
    return { f, q };
  };
  const submit = (c, id, answers) => send(c, 'POST', `/api/forms/${id}/submissions`, { answers });
  const upload = (c, formId, body, { type = 'image/png', name = 'photo.png' } = {}) =>
    rawRequest(server.origin, {
      method: 'POST',
      path: `/api/forms/${formId}/files`,
      headers: { cookie: c.jar.header(), 'x-csrf-token': c.csrfToken, 'content-type': type, 'x-filename': encodeURIComponent(name), 'content-length': body.length },
      body,
    });
  const codes = (r) => Object.fromEntries(Object.entries(r.json.error.fieldCodes).map(([k, v]) => [k, v.code]));
  const count = async (sql) => Number((await dbQuery(server, sql))[0][0]);
  const unsupported = (r, code) => {
    assertEnvelope(r, 415, 'UNSUPPORTED_MEDIA_TYPE');
    assert.equal(r.json.error.messageCode.code, code);
  };
  const every = [
    { kind: 'short_text', required: true },
    { kind: 'long_text' },
    { kind: 'number', required: true, minValue: 1, maxValue: 5 },
    { kind: 'number', minValue: 0 },
    { kind: 'date', required: true },
    { kind: 'single', options: ['หน้าร้าน', 'คลัง', 'ห้องพัก'] },
    { kind: 'multiple', options: ['ก', 'ข', 'ค', 'ง'], maxChoices: 2 },
    { kind: 'file' },
  ];

  it('checks each kind of answer and names the question', async () => {
    const { f, q } = await form({}, every);
    const [x] = await crowd(server, 1, { prefix: 'FV' });
    let r = await submit(x.client, f.id, {});
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.deepEqual(codes(r), { [q[0].id]: 'ANSWER_REQUIRED', [q[2].id]: 'ANSWER_REQUIRED', [q[4].id]: 'ANSWER_REQUIRED' });
    const unknown = 'f0000000-0000-4000-8000-000000000000';
    r = await submit(x.client, f.id, {
      [q[0].id]: 'x'.repeat(201), [q[1].id]: 5, [q[2].id]: 6, [q[3].id]: -0.5, [q[4].id]: '2026-02-30',
      [q[5].id]: 3, [q[6].id]: [0, 1, 2], [q[7].id]: unknown, [unknown]: 1,
    });
    assert.deepEqual(codes(r), {
      [q[0].id]: 'MAX_LENGTH', [q[1].id]: 'ANSWER_TYPE', [q[2].id]: 'ANSWER_RANGE', [q[3].id]: 'ANSWER_MIN', [q[4].id]: 'ANSWER_DATE',
      [q[5].id]: 'ANSWER_RANGE', [q[6].id]: 'ANSWER_TOO_MANY', [q[7].id]: 'FORM_FILE_UNAVAILABLE', [unknown]: 'ANSWER_UNKNOWN',
    });
    assert.deepEqual(r.json.error.fieldCodes[q[2].id].params, { min: 1, max: 5 });
    assert.deepEqual(r.json.error.fieldCodes[q[3].id].params, { min: 0 });
    assert.deepEqual(r.json.error.fieldCodes[q[6].id].params, { max: 2 });
    // Wrong JSON types for each kind.
    r = await submit(x.client, f.id, {
      [q[0].id]: ['a'], [q[2].id]: '3', [q[4].id]: 20260101, [q[5].id]: [1], [q[6].id]: 1, [q[7].id]: 42,
    });
    assert.deepEqual(codes(r), {
      [q[0].id]: 'ANSWER_TYPE', [q[2].id]: 'ANSWER_TYPE', [q[4].id]: 'ANSWER_TYPE', [q[5].id]: 'ANSWER_TYPE', [q[6].id]: 'ANSWER_TYPE', [q[7].id]: 'ANSWER_TYPE',
    });
    r = await submit(x.client, f.id, { [q[0].id]: 'two\nlines', [q[2].id]: 2, [q[4].id]: '26-1-1', [q[6].id]: [1, 1] });
    assert.deepEqual(codes(r), { [q[0].id]: 'MUST_BE_PLAIN_TEXT', [q[4].id]: 'ANSWER_DATE', [q[6].id]: 'ANSWER_DUPLICATE' });
    assertEnvelope(await send(x.client, 'POST', `/api/forms/${f.id}/submissions`, { answers: [1] }), 400, 'BAD_REQUEST');
    assertEnvelope(await x.client.request('POST', `/api/forms/${f.id}/submissions`, { json: { answers: {} } }), 403, 'CSRF_FAILED');
    assert.equal(await count(`SELECT COUNT(*) FROM form_submissions WHERE form_id = '${f.id}'`), 0);
    // A good one: empty optional answers are left out; numbers may have a fraction.
    r = await submit(x.client, f.id, { [q[0].id]: '  ตู้แช่  ', [q[1].id]: '', [q[2].id]: 4.5, [q[3].id]: 0, [q[4].id]: '2024-02-29', [q[5].id]: 2, [q[6].id]: [3, 0], [q[7].id]: null });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.json.mySubmissions, 1);
    assert.equal(r.json.canSubmit, false);
    const [[stored]] = await dbQuery(server, `SELECT answers_json FROM form_submissions WHERE form_id = '${f.id}'`);
    assert.deepEqual(JSON.parse(stored), { [q[0].id]: 'ตู้แช่', [q[2].id]: 4.5, [q[3].id]: 0, [q[4].id]: '2024-02-29', [q[5].id]: 2, [q[6].id]: [0, 3] });
    assert.equal((await editor.get(`/api/admin/forms/${f.id}`)).json.submissionsCount, 1);
    const got = (await x.client.get(`/api/forms/${f.id}`)).json.form;
    assert.equal(got.canSubmit, false);
    assert.deepEqual(got.questions.map((y) => y.kind), every.map((y) => y.kind));
    assert.deepEqual([got.questions[2].minValue, got.questions[2].maxValue, got.questions[6].maxChoices], [1, 5, 2]);
  });

  it('one submission per person under 30 concurrent submits; many when the form allows it', async () => {
    const { f, q } = await form({}, [{ kind: 'number', required: true }]);
    const [x, y] = await crowd(server, 2, { prefix: 'FR' });
    const runs = await Promise.all(Array.from({ length: 30 }, (_, i) => submit(x.client, f.id, { [q[0].id]: i })));
    assert.equal(runs.filter((r) => r.status === 201).length, 1, runs.map((r) => r.status).join(','));
    for (const r of runs.filter((z) => z.status !== 201)) {
      assertEnvelope(r, 409, 'CONFLICT');
      assert.equal(r.json.error.messageCode.code, 'FORM_ALREADY_SUBMITTED');
    }
    assert.equal(await count(`SELECT COUNT(*) FROM form_submissions WHERE form_id = '${f.id}'`), 1);
    assert.equal(await count(`SELECT COUNT(*) FROM form_claims WHERE form_id = '${f.id}'`), 1);
    assert.equal((await editor.get(`/api/admin/forms/${f.id}`)).json.submissionsCount, 1);
    assert.equal((await submit(y.client, f.id, { [q[0].id]: 1 })).status, 201);
    // Many allowed: 10 at once from one person all count, and the form stays open to them.
    const many = await form({ multipleSubmissions: true }, [{ kind: 'short_text', required: true }]);
    const all = await Promise.all(Array.from({ length: 10 }, (_, i) => submit(x.client, many.f.id, { [many.q[0].id]: `ครั้งที่ ${i}` })));
    assert.deepEqual(all.map((r) => r.status), Array(10).fill(201));
    assert.equal(await count(`SELECT COUNT(*) FROM form_submissions WHERE form_id = '${many.f.id}' AND user_id = '${x.id}'`), 10);
    assert.equal((await editor.get(`/api/admin/forms/${many.f.id}`)).json.submissionsCount, 10);
    const got = (await x.client.get(`/api/forms/${many.f.id}`)).json.form;
    assert.deepEqual([got.mySubmissions, got.canSubmit], [10, true]);
  });

  it('files: checked by their bytes and size, only one\'s own and unused, downloads for admins only', async () => {
    const { f, q } = await form({ multipleSubmissions: true }, [{ kind: 'file', required: true }]);
    const [a, b] = await crowd(server, 2, { prefix: 'FF' });
    const image = png(30, 20, 5);
    let r = await upload(a.client, f.id, image, { name: 'ตู้แช่.png' });
    assert.equal(r.status, 201, r.text);
    const mine = r.json.file;
    assert.deepEqual([mine.name, mine.mime, mine.bytes], ['ตู้แช่.png', 'image/png', image.length]);
    // Lies about the type: PNG bytes named / declared PDF, text or an EXE declared PDF, a GIF (not taken).
    unsupported(await upload(a.client, f.id, image, { type: 'application/pdf', name: 'quote.pdf' }), 'FORM_FILE_MISMATCH');
    unsupported(await upload(a.client, f.id, image, { type: 'application/octet-stream', name: 'quote.pdf' }), 'FORM_FILE_MISMATCH');
    unsupported(await upload(a.client, f.id, pdf(1), { type: 'image/png', name: 'x.png' }), 'FORM_FILE_MISMATCH');
    unsupported(await upload(a.client, f.id, Buffer.from('just some text, not a pdf'), { type: 'application/pdf', name: 'x.pdf' }), 'FORM_FILE_TYPE');
    unsupported(await upload(a.client, f.id, Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(200)]), { type: 'application/pdf', name: 'setup.pdf' }), 'FORM_FILE_TYPE');
    unsupported(await upload(a.client, f.id, Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), { type: 'image/gif', name: 'x.gif' }), 'FORM_FILE_TYPE');
    r = await upload(a.client, f.id, Buffer.alloc(0), { type: 'application/pdf', name: 'x.pdf' });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.equal(r.json.error.fieldCodes.file.code, 'FILE_EMPTY');
    r = await upload(a.client, f.id, Buffer.concat([pdf(2), Buffer.alloc(10 * 1024 * 1024)]), { type: 'application/pdf', name: 'big.pdf' });
    assertEnvelope(r, 413, 'PAYLOAD_TOO_LARGE');
    assert.equal(r.json.error.messageCode.code, 'FORM_FILE_TOO_LARGE');
    assert.deepEqual(r.json.error.messageCode.params, { size: 10 });
    assert.equal(await count(`SELECT COUNT(*) FROM form_files WHERE user_id = '${a.id}'`), 1);
    // Not in the public media library; an upload without the CSRF header is refused.
    assert.equal(await count(`SELECT COUNT(*) FROM media WHERE original_name = 'ตู้แช่.png'`), 0);
    const noCsrf = await rawRequest(server.origin, { method: 'POST', path: `/api/forms/${f.id}/files`, headers: { cookie: a.client.jar.header(), 'content-type': 'image/png', 'content-length': image.length }, body: image });
    assertEnvelope(noCsrf, 403, 'CSRF_FAILED');
    const pdfUp = await upload(a.client, f.id, pdf(3), { type: 'application/pdf', name: 'ใบเสนอราคา.pdf' });
    assert.equal(pdfUp.status, 201, pdfUp.text);
    // Someone else's upload, an unknown id → 422; one's own → 201; the same file again → 422 (used).
    const theirs = (await upload(b.client, f.id, png(10, 10, 9))).json.file;
    r = await submit(a.client, f.id, { [q[0].id]: theirs.id });
    assert.deepEqual(codes(r), { [q[0].id]: 'FORM_FILE_UNAVAILABLE' });
    r = await submit(a.client, f.id, { [q[0].id]: mine.id });
    assert.equal(r.status, 201, r.text);
    r = await submit(a.client, f.id, { [q[0].id]: mine.id });
    assert.deepEqual(codes(r), { [q[0].id]: 'FORM_FILE_UNAVAILABLE' });
    // Two submissions racing for one file: one wins.
    const races = await Promise.all([1, 2, 3, 4].map(() => submit(a.client, f.id, { [q[0].id]: pdfUp.json.file.id })));
    assert.deepEqual(races.map((x) => x.status).sort(), [201, 422, 422, 422]);
    // An upload to another form cannot be used here.
    const other = await form({}, [{ kind: 'file' }]);
    const elsewhere = (await upload(b.client, other.f.id, png(11, 11, 3))).json.file;
    assert.deepEqual(codes(await submit(b.client, f.id, { [q[0].id]: elsewhere.id })), { [q[0].id]: 'FORM_FILE_UNAVAILABLE' });
    // Downloads: admins get the bytes as an attachment with the stored type; editors and staff 403.
    const path = `/api/admin/form-files/${mine.id}`;
    const got = await rawRequest(server.origin, { path, headers: { cookie: admin.jar.header() } });
    assert.equal(got.status, 200);
    assert.equal(got.headers['content-type'], 'image/png');
    assert.match(got.headers['content-disposition'], /^attachment; filename="file\.png"; filename\*=UTF-8''%E0%B8%95/);
    assert.equal(got.headers['x-content-type-options'], 'nosniff');
    assert.ok(got.body.equals(image));
    assertEnvelope(await editor.get(path), 403, 'FORBIDDEN');
    assertEnvelope(await a.client.get(path), 403, 'FORBIDDEN');
    assertEnvelope(await admin.get(`/api/admin/form-files/${theirs.id}`), 404, 'NOT_FOUND'); // not submitted
    const pdfGot = await rawRequest(server.origin, { path: `/api/admin/form-files/${pdfUp.json.file.id}`, headers: { cookie: admin.jar.header() } });
    assert.equal(pdfGot.headers['content-type'], 'application/pdf');
    assert.ok(pdfGot.body.equals(pdf(3)));
  });

  it('outside the audience, unpublished or outside the window → 404 for reading, uploading and submitting', async () => {
    const one = [{ kind: 'short_text', required: true }, { kind: 'file' }];
    const draft = await form({ status: 'draft' }, one);
    const later = await form({ startAt: iso(HOUR) }, one);
    const ended = await form({ startAt: iso(-2 * HOUR), endAt: iso(-HOUR) }, one);
    const elsewhere = await form({ audience: { stores: ['BKK01'] } }, one); // S2002 is in CNX01
    for (const { f, q } of [draft, later, ended, elsewhere]) {
      assertEnvelope(await staff.get(`/api/forms/${f.id}`), 404, 'NOT_FOUND');
      assertEnvelope(await submit(staff, f.id, { [q[0].id]: 'x' }), 404, 'NOT_FOUND');
      assertEnvelope(await upload(staff, f.id, png(8, 8, 1)), 404, 'NOT_FOUND');
    }
    const open = await form({}, one);
    assert.equal((await upload(staff, open.f.id, png(8, 8, 2))).status, 201);
    const plain = await form({}, [{ kind: 'short_text' }]);
    assertEnvelope(await upload(staff, plain.f.id, png(8, 8, 2)), 404, 'NOT_FOUND'); // no file question
    const list = (await staff.get('/api/forms')).json.items;
    assert.ok(list.some((x) => x.id === open.f.id && x.canSubmit && x.questionsCount === 2));
    assert.ok(![draft, later, ended, elsewhere].some((x) => list.some((y) => y.id === x.f.id)));
    assertEnvelope(await staff.get('/api/forms/not-an-id!'), 404, 'NOT_FOUND');
  });

  it('submissions list with filters, the detail, CSV and XLSX with one column per question; roles', async () => {
    const { f, q } = await form({ multipleSubmissions: true }, [
      { kind: 'short_text', required: true, text: 'อะไรชำรุด' },
      { kind: 'single', options: ['หน้าร้าน', 'คลัง'], text: 'บริเวณ' },
      { kind: 'multiple', options: ['ก', 'ข', 'ค'], text: 'ผลกระทบ' },
      { kind: 'number', text: 'ความเร่งด่วน' },
      { kind: 'date', text: 'วันที่พบ' },
      { kind: 'file', text: 'รูป' },
    ]);
    const [a] = await crowd(server, 1, { prefix: 'FLA', store: 'BKK01' });
    const [b] = await crowd(server, 1, { prefix: 'FLB', store: 'CNX01' });
    const file = (await upload(a.client, f.id, png(12, 12, 4), { name: 'ไฟ.png' })).json.file;
    assert.equal((await submit(a.client, f.id, { [q[0].id]: 'ไฟ, "หน้าร้าน"', [q[1].id]: 0, [q[2].id]: [2, 0], [q[3].id]: 3.5, [q[4].id]: '2026-11-01', [q[5].id]: file.id })).status, 201);
    assert.equal((await submit(b.client, f.id, { [q[0].id]: 'ประตู' })).status, 201);
    assert.equal((await submit(b.client, f.id, { [q[0].id]: 'ก๊อกน้ำ', [q[1].id]: 1 })).status, 201);
    const list = (query = '') => editor.get(`/api/admin/forms/${f.id}/submissions${query}`);
    let r = await list();
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.total, 3);
    assert.deepEqual(r.json.items.map((x) => x.user.employeeCode), [b.code, b.code, a.code]); // newest first
    const stores = Object.fromEntries((await dbQuery(server, "SELECT code, id, region_id FROM stores WHERE code IN ('BKK01', 'CNX01')")).map(([c, id, region]) => [c, { id, region }]));
    assert.equal((await list(`?store=${stores.BKK01.id}`)).json.total, 1);
    assert.equal((await list(`?region=${stores.CNX01.region}`)).json.total, 2);
    assert.equal((await list(`?q=${encodeURIComponent(a.code.toLowerCase())}`)).json.total, 1);
    assert.equal((await list(`?q=${encodeURIComponent('%')}`)).json.total, 0); // LIKE characters are literal
    const today = new Date(Date.now() + 7 * HOUR).toISOString().slice(0, 10); // Bangkok's day
    const yesterday = new Date(Date.now() + 7 * HOUR - 24 * HOUR).toISOString().slice(0, 10);
    assert.equal((await list(`?from=${today}&to=${today}`)).json.total, 3);
    assert.equal((await list(`?to=${yesterday}`)).json.total, 0);
    assert.equal((await list('?pageSize=2&page=2')).json.items.length, 1);
    r = await list('?from=2026-02-30');
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    assert.equal(r.json.error.fieldCodes.from.code, 'INVALID_DATE');
    // The detail names options and the file.
    const first = (await list(`?store=${stores.BKK01.id}`)).json.items[0];
    const detail = (await editor.get(`/api/admin/form-submissions/${first.id}`)).json.submission;
    assert.deepEqual(detail.answers.map((x) => x.value), ['ไฟ, "หน้าร้าน"', 'หน้าร้าน', ['ก', 'ค'], 3.5, '2026-11-01', { id: file.id, name: 'ไฟ.png', mime: 'image/png', bytes: file.bytes }]);
    assert.equal(detail.store.id, stores.BKK01.id);
    // CSV: one row per submission, one column per question in order.
    const csv = await editor.get(`/api/admin/forms/${f.id}/submissions/export?format=csv&store=${stores.BKK01.id}`);
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get('content-disposition'), /^attachment; filename="form-submissions-/);
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    assert.equal(lines.length, 2);
    assert.equal(lines[0], 'submitted at,employee code,name,store,region,อะไรชำรุด,บริเวณ,ผลกระทบ,ความเร่งด่วน,วันที่พบ,รูป');
    assert.ok(lines[1].includes(`,${a.code},`));
    assert.ok(lines[1].endsWith(',"ไฟ, ""หน้าร้าน""",หน้าร้าน,ก; ค,3.5,2026-11-01,ไฟ.png'), lines[1]);
    // XLSX: read back cell by cell.
    const bytes = Buffer.from(await (await fetch(`${server.origin}/api/admin/forms/${f.id}/submissions/export?format=xlsx`, { headers: { cookie: editor.jar.header() } })).arrayBuffer());
    const rows = readXlsx(bytes);
    assert.deepEqual(rows[0], ['submitted at', 'employee code', 'name', 'store', 'region', 'อะไรชำรุด', 'บริเวณ', 'ผลกระทบ', 'ความเร่งด่วน', 'วันที่พบ', 'รูป']);
    assert.equal(rows.length, 4);
    const rowA = rows.find((x) => x[1] === a.code);
    assert.deepEqual(rowA.slice(5), ['ไฟ, "หน้าร้าน"', 'หน้าร้าน', 'ก; ค', '3.5', '2026-11-01', 'ไฟ.png']);
    assert.deepEqual(rows.filter((x) => x[1] === b.code).map((x) => x[5]).sort(), ['ก๊อกน้ำ', 'ประตู']);
    // Roles: staff → 403 everywhere in the back office; admins read too.
    for (const p of [`/api/admin/forms/${f.id}/submissions`, `/api/admin/forms/${f.id}/submissions/export`, `/api/admin/form-submissions/${first.id}`, '/api/admin/forms'])
      assertEnvelope(await staff.get(p), 403, 'FORBIDDEN');
    assert.equal((await admin.get(`/api/admin/forms/${f.id}/submissions`)).json.total, 3);
    assertEnvelope(await editor.get('/api/admin/forms/01890a5d-ac96-774b-bcce-b302099a8057/submissions'), 404, 'NOT_FOUND');
    assertEnvelope(await editor.get(`/api/admin/forms/${f.id}/submissions/export?format=pdf`), 400, 'BAD_REQUEST');
  });

  it('builder rules: options, number bounds, kind frozen once submitted; staff cannot build', async () => {
    const { f, q } = await form({}, [{ kind: 'single', options: ['a', 'b'] }]);
    let r = await send(editor, 'POST', '/api/admin/form-questions', { form: f.id, text: 'x', kind: 'single', options: ['only'] });
    assert.equal(r.json.error.fieldCodes.options.code, 'SURVEY_OPTIONS');
    r = await send(editor, 'POST', '/api/admin/form-questions', { form: f.id, text: 'x', kind: 'file', options: ['a', 'b'] });
    assert.equal(r.json.error.fieldCodes.options.code, 'SURVEY_OPTIONS');
    r = await send(editor, 'POST', '/api/admin/form-questions', { form: f.id, text: 'x', kind: 'number', minValue: 10, maxValue: 1 });
    assert.equal(r.json.error.fieldCodes.minValue.code, 'FORM_NUMBER_BOUNDS');
    r = await send(editor, 'POST', '/api/admin/form-questions', { form: f.id, text: 'x', kind: 'photo' });
    assertEnvelope(r, 422, 'VALIDATION_FAILED');
    // Reorder through the kit.
    const second = await create(editor, 'form-questions', { form: f.id, text: 'สอง', kind: 'date' });
    r = await send(editor, 'PUT', '/api/admin/form-questions/order', { parent: f.id, ids: [second.id, q[0].id] });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual((await staff.get(`/api/forms/${f.id}`)).json.form.questions.map((x) => x.id), [second.id, q[0].id]);
    // Once submitted, kind and options stay; the text may change.
    assert.equal((await submit(staff, f.id, { [q[0].id]: 1 })).status, 201);
    const cur = (await editor.get(`/api/admin/form-questions/${q[0].id}`)).json;
    r = await send(editor, 'PATCH', `/api/admin/form-questions/${q[0].id}`, { options: ['b', 'a'], version: cur.version });
    assertEnvelope(r, 409, 'CONFLICT');
    assert.equal(r.json.error.messageCode.code, 'FORM_HAS_SUBMISSIONS');
    r = await send(editor, 'PATCH', `/api/admin/form-questions/${q[0].id}`, { text: 'ใหม่', version: cur.version });
    assert.equal(r.status, 200, r.text);
    assertEnvelope(await send(staff, 'POST', '/api/admin/forms', { title: 'x' }), 403, 'FORBIDDEN');
    assertEnvelope(await send(staff, 'POST', '/api/admin/form-questions', { form: f.id, text: 'x', kind: 'date' }), 403, 'FORBIDDEN');
  });
});
