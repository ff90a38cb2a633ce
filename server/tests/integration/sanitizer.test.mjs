// Rich text through the real API: XSS payloads written as an exam description come back (admin and staff
// reads, and the stored row) without any executable vector, while ordinary formatting and Thai survive.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { useServer } from './harness.mjs';
import { dbQuery } from './dbquery.mjs';

const send = (c, method, p, json) => c.request(method, p, { json, headers: { 'x-csrf-token': c.csrfToken } });

export const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=http://xss.rocks/xss.js></SCRIPT>',
  "<IMG SRC=\"javascript:alert('XSS');\">",
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<img src=x onerror=alert(1)>',
  '<img src="/ok.png" onerror="alert(1)">',
  '<img/src=/x.png/onerror=alert(1)>',
  "<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>",
  '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<a href="jav&#x61;script:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="java\nscript:alert(1)">x</a>',
  '<a href=" &#14;  javascript:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="//evil.example/">x</a>',
  '<a href="/ok"onclick=alert(1)>x</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  "<style>@import 'http://xss.rocks/xss.css';</style>",
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<textarea><script>alert(1)</script></textarea>',
  '<!--><script>alert(1)</script>-->',
  "<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->",
  '<![CDATA[<script>alert(1)</script>]]>',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</script>',
  '<script>alert(1)',
  '<img src="x" alt="" onerror="alert(1)"',
  '<p title="x" onclick="alert(1)">q</p>',
  '<scr\u0000ipt>alert(1)</scr\u0000ipt>',
  '<a href="java\u0000script:alert(1)">x</a>',
  "<BODY ONLOAD=alert('XSS')>",
  "<META HTTP-EQUIV=\"refresh\" CONTENT=\"0;url=javascript:alert('XSS');\">",
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<details open ontoggle=alert(1)>',
  '"><script>alert(1)</script>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
];

const ALLOWED = 'p|br|strong|b|em|i|u|s|h2|h3|h4|ul|ol|li|blockquote|a|img|figure|figcaption|hr|code|pre|span|table|thead|tbody|tr|th|td';

function assertClean(html, payload) {
  const where = `payload ${JSON.stringify(payload)} → ${JSON.stringify(html)}`;
  const l = html.toLowerCase();
  for (const bad of ['<script', '<style', '<iframe', '<object', '<embed', '<svg', '<math', '<template', '<noscript', '<meta', '<form'])
    assert.ok(!l.includes(bad), `${bad}: ${where}`);
  for (const tag of l.match(/<[a-z][^>]*>/g) ?? []) {
    const names = tag.replace(/="[^"]*"/g, '=""');
    assert.ok(new RegExp(`^<(${ALLOWED})( [a-z]+="")*>$`).test(names), `tag ${tag}: ${where}`);
    assert.ok(!/\son[a-z]+=/.test(names), `handler ${tag}: ${where}`);
    assert.ok(!/style=/.test(names), `style ${tag}: ${where}`);
    for (const scheme of ['javascript', 'vbscript', 'data:', '&#']) assert.ok(!tag.includes(scheme), `${scheme} in ${tag}: ${where}`);
  }
  assert.ok(!new RegExp(`<(?!/?(${ALLOWED})[ >])`).test(l), `unescaped '<': ${where}`);
  assert.ok(!html.includes('\u0000'), `NUL: ${where}`);
}

describe('rich text sanitising through the API', () => {
  const server = useServer();
  let admin, staff;

  before(async () => {
    admin = server.client();
    staff = server.client();
    await admin.signInOk('ADMIN01');
    await staff.signInOk('S1001');
    await admin.csrf();
  });

  it(`stores and returns ${PAYLOADS.length} XSS payloads without an executable vector`, async () => {
    assert.ok(PAYLOADS.length >= 40);
    for (const [i, payload] of PAYLOADS.entries()) {
      const description = `<p>ก่อน <strong>ตัวหนา</strong></p>${payload}<p>หลัง</p>`;
      const r = await send(admin, 'POST', '/api/admin/examinations', { title: `XSS ${i}`, description, status: 'published' });
      assert.equal(r.status, 201, r.text);
      assertClean(r.json.description, payload);
      assert.ok(r.json.description.startsWith('<p>ก่อน <strong>ตัวหนา</strong></p>'), r.json.description);
      const read = await admin.get(`/api/admin/examinations/${r.json.id}`);
      assertClean(read.json.description, payload);
      const [[stored]] = await dbQuery(server, `SELECT description FROM exams WHERE id = '${r.json.id}'`);
      assertClean(stored, payload);
      const staffRead = await staff.get(`/api/exams/${r.json.id}`);
      assert.equal(staffRead.status, 200, staffRead.text);
      assertClean(staffRead.json.exam.description, payload);
      // updates are sanitised too
      const u = await send(admin, 'PATCH', `/api/admin/examinations/${r.json.id}`, { description: payload, version: r.json.version });
      assert.equal(u.status, 200, u.text);
      assertClean(u.json.description, payload);
    }
  });

  it('keeps allowed formatting, safe links and Thai text', async () => {
    const html =
      '<h2>หัวข้อบท</h2><p>ข้อความ <em>เอียง</em> และ <a href="https://example.com/x" target="_blank">ลิงก์</a></p>' +
      '<ul><li>หนึ่ง</li><li>สอง</li></ul><img src="/media/ab/cd.png" alt="ภาพ" width="300">';
    const r = await send(admin, 'POST', '/api/admin/examinations', { title: 'รูปแบบ', description: html });
    assert.equal(r.status, 201, r.text);
    assert.equal(
      r.json.description,
      '<h2>หัวข้อบท</h2><p>ข้อความ <em>เอียง</em> และ <a href="https://example.com/x" target="_blank" rel="noopener noreferrer">ลิงก์</a></p>' +
        '<ul><li>หนึ่ง</li><li>สอง</li></ul><img src="/media/ab/cd.png" alt="ภาพ" width="300">',
    );
  });
});
