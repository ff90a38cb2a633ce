// The back office during the morning shift. Before it: the lesson, course, poll and reward every person uses
// (published to everyone). During it: the dashboard every 10 s, a course published to everyone at 30 % of
// the arrival window, a broadcast to everyone at 40 %, the actives and learning reports at 60 %.
import { request } from './client.mjs';

async function create(stats, origin, admin, resource, body) {
  const r = await request(stats, origin, admin, 'POST', `/api/admin/${resource}`, { name: `POST /api/admin/${resource} (setup)`, body });
  if (r.status !== 201 && r.status !== 200) throw new Error(`create ${resource}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.item ?? r.json;
}

/** The shared world: {content, course, poll, option, reward}. Setup requests are recorded apart. */
export async function prepareAdmin(config, admin) {
  const { Stats } = await import('./stats.mjs');
  const setup = new Stats();
  const tag = Date.now().toString(36);
  const content = await create(setup, config.origin, admin, 'contents', { title: `เปิดร้านเช้า ${tag}`, kind: 'article', bodyHtml: '<p>ตรวจชั้นวางก่อนเปิดร้าน</p>', status: 'published' });
  const course = await create(setup, config.origin, admin, 'courses', { title: `หลักสูตรเช้า ${tag}`, status: 'published' });
  await create(setup, config.origin, admin, 'course-lessons', { course: course.id, kind: 'content', content: content.id });
  const poll = await create(setup, config.origin, admin, 'polls', { title: `กะเช้าวันนี้ ${tag}`, status: 'published' });
  const option = await create(setup, config.origin, admin, 'poll-options', { poll: poll.id, text: 'พร้อม' });
  await create(setup, config.origin, admin, 'poll-options', { poll: poll.id, text: 'ยังไม่พร้อม' });
  const reward = await create(setup, config.origin, admin, 'rewards', { title: `คูปองกาแฟ ${tag}`, cost: 1, stock: 1000000, pickup: true, status: 'published' });
  return { content, course, poll, option, reward, tag };
}

const at = (started, s) => new Promise((r) => setTimeout(r, Math.max(0, started + s * 1000 - Date.now())));

export async function adminAtWork(config, stats, admin, world, started) {
  const o = config.origin;
  const end = started + config.arrivalS * 1000;
  const out = {};
  const dashboard = (async () => {
    while (Date.now() < end) {
      await request(stats, o, admin, 'GET', '/api/admin/overview', { name: 'admin GET /api/admin/overview' });
      await new Promise((r) => setTimeout(r, 10000));
    }
  })();
  const publish = (async () => {
    await at(started, config.arrivalS * 0.3);
    const t0 = performance.now();
    const course = await request(stats, o, admin, 'POST', '/api/admin/courses', { name: 'admin POST /api/admin/courses (published, everyone)', body: { title: `ประกาศหลักสูตรใหม่ ${world.tag}`, status: 'published' } });
    const id = (course.json?.item ?? course.json)?.id;
    if (id) await request(stats, o, admin, 'POST', '/api/admin/course-lessons', { name: 'admin POST /api/admin/course-lessons', body: { course: id, kind: 'content', content: world.content.id } });
    out.publishMs = Math.round(performance.now() - t0);
  })();
  const broadcast = (async () => {
    await at(started, config.arrivalS * 0.4);
    const item = await request(stats, o, admin, 'POST', '/api/admin/broadcasts', { name: 'admin POST /api/admin/broadcasts', body: { title: `ประชุมเช้า ${world.tag}`, body: '<p>ทุกสาขาเปิดร้าน 9 โมง</p>' } });
    const id = (item.json?.item ?? item.json)?.id;
    if (id) {
      const sent = await request(stats, o, admin, 'POST', `/api/admin/broadcasts/${id}/send`, { name: 'admin POST /api/admin/broadcasts/:id/send (everyone)', body: {} });
      out.broadcastRecipients = sent.json?.recipients ?? `status ${sent.status}`;
    }
  })();
  const reports = (async () => {
    await at(started, config.arrivalS * 0.6);
    for (const name of ['actives', 'learning'])
      await request(stats, o, admin, 'GET', `/api/admin/reports/${name}`, { name: `admin GET /api/admin/reports/${name} (default 30 days)` });
  })();
  await Promise.all([dashboard, publish, broadcast, reports]);
  return out;
}
