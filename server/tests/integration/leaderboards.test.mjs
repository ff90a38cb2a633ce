// Leaderboards (issue 12) through real HTTP on SQLite and PostgreSQL: people ranked by points earned in the
// period (ties: earliest to reach the score first), redemptions and their refunds leave a rank alone, editors
// and admins are not ranked, my rank outside the top 50, stores ranked per active staff member, week and month
// boundaries in Bangkok time, bad parameters. Each test works in its own region and stores (crowd.mjs writes
// the people); points go through the real award path (POST /api/admin/users/:id/points, the club).
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { useServer, assertEnvelope, sleep } from './harness.mjs';
import { dbQuery } from './dbquery.mjs';
import { send, create } from './learning-fixtures.mjs';
import { crowd } from './crowd.mjs';

const DAY = 86_400_000;
const BKK = 7 * 3_600_000;

// Bangkok's current ISO week (from Monday 00:00) and month (from the 1st 00:00), as epoch ms.
function bangkokPeriods(now = Date.now()) {
  const day = Math.floor((now + BKK) / DAY);
  const weekStart = (day - ((day + 3) % 7)) * DAY - BKK;
  const d = new Date(now + BKK);
  const monthStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - BKK;
  return { weekStart, monthStart };
}

describe('leaderboards', () => {
  const server = useServer();
  let admin;

  // A fresh region with `n` stores: {regionId, stores: [{id, code}]}.
  const place = async (n) => {
    const now = Date.now();
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const regionId = randomUUID();
    const stores = Array.from({ length: n }, (_, i) => ({ id: randomUUID(), code: `LT${tag}${i}` }));
    await dbQuery(
      server,
      `INSERT INTO regions (id, code, name, created_at, updated_at) VALUES ('${regionId}', 'LR${tag}', 'ภาคทดสอบ ${tag}', ${now}, ${now});
       INSERT INTO stores (id, code, name, region_id, created_at, updated_at) VALUES ${stores
         .map((s) => `('${s.id}', '${s.code}', 'สาขา ${s.code}', '${regionId}', ${now}, ${now})`)
         .join(', ')};`,
    );
    return { regionId, stores };
  };
  const award = async (id, delta) => {
    const r = await send(admin, 'POST', `/api/admin/users/${id}/points`, { delta, reason: 'ทดสอบอันดับ' });
    assert.equal(r.status, 200, r.text);
    await sleep(3); // the next award is reached strictly later
    return r.json;
  };
  const board = async (client, query) => {
    const r = await client.get(`/api/leaderboards?${query}`);
    assert.equal(r.status, 200, r.text);
    return r.json;
  };
  const ids = (b) => b.items.map((i) => i.user.id);
  // The points bands (migration 0092) that differ from a recount of the ranked totals: [] when none was lost.
  const bandsOff = () =>
    dbQuery(
      server,
      `WITH kept AS (SELECT period, bucket, region_id, band, people FROM leaderboard_bands WHERE people <> 0),
       counted AS (SELECT period, bucket, '' AS region_id, band, COUNT(*) AS people FROM leaderboard_points WHERE ranked = 1 GROUP BY period, bucket, band
         UNION ALL SELECT period, bucket, region_id, band, COUNT(*) FROM leaderboard_points WHERE ranked = 1 AND region_id IS NOT NULL GROUP BY period, bucket, region_id, band)
       SELECT 'kept', x.* FROM (SELECT * FROM kept EXCEPT SELECT * FROM counted) x
       UNION ALL SELECT 'counted', y.* FROM (SELECT * FROM counted EXCEPT SELECT * FROM kept) y`,
    );

  before(async () => {
    admin = server.client();
    await admin.signInOk('ADMIN01');
    await admin.csrf();
  });

  it('orders by points earned in the period; ties go to whoever reached the score first', async () => {
    const { stores } = await place(1);
    const [a, b, c, d] = await crowd(server, 4, { prefix: 'O', store: stores[0].code });
    await award(a.id, 30);
    await award(b.id, 50);
    await award(c.id, 30); // ties with a, reached later
    await award(d.id, 10);
    for (const period of ['week', 'month', 'all']) {
      const res = await board(d.client, `scope=store&period=${period}`);
      assert.deepEqual(ids(res), [b.id, a.id, c.id, d.id], period);
      assert.deepEqual(res.items.map((i) => i.rank), [1, 2, 3, 4]);
      assert.deepEqual(res.items.map((i) => i.points), [50, 30, 30, 10]);
      assert.deepEqual(res.me, { rank: 4, points: 10 });
      assert.equal(res.items[0].user.store.id, stores[0].id);
      assert.match(res.items[0].user.name, /พนักงาน/);
      assert.ok('image' in res.items[0].user);
    }
    // a reaches 50 after b did: b stays first.
    await award(a.id, 20);
    assert.deepEqual(ids(await board(d.client, 'scope=store&period=week')), [b.id, a.id, c.id, d.id]);
    await award(c.id, 21);
    assert.deepEqual(ids(await board(d.client, 'scope=store&period=week')), [c.id, b.id, a.id, d.id]);
    // The region and everyone boards hold them in the same order.
    const region = await board(a.client, 'scope=region&period=all');
    assert.deepEqual(ids(region), [c.id, b.id, a.id, d.id]);
    assert.deepEqual(region.me, { rank: 3, points: 50 });
    const all = await board(a.client, 'scope=all&period=week');
    assert.ok(all.items.length <= 50);
    assert.equal(all.period.name, 'week');
  });

  it('redemptions, refunds and negative adjustments do not move a rank', async () => {
    const { stores } = await place(1);
    const [a, b] = await crowd(server, 2, { prefix: 'D', store: stores[0].code });
    await Promise.all([a.client.csrf(), b.client.csrf()]);
    await award(a.id, 300);
    await award(b.id, 200);
    const reward = await create(admin, 'rewards', { title: `รางวัล ${randomBytes(3).toString('hex')}`, cost: 250, stock: 5, pickup: true, delivery: false, status: 'published' });
    const redeemed = await send(a.client, 'POST', `/api/club/rewards/${reward.id}/redeem`, { method: 'pickup' });
    assert.equal(redeemed.status, 201, redeemed.text);
    assert.equal(redeemed.json.balance, 50);
    let res = await board(b.client, 'scope=store&period=week');
    assert.deepEqual(ids(res), [a.id, b.id]);
    assert.deepEqual(res.items.map((i) => i.points), [300, 200]);
    // The cancel refunds 250: not earned, so a's score stays 300.
    const cancelled = await send(a.client, 'POST', `/api/club/redemptions/${redeemed.json.redemption.id}/cancel`);
    assert.equal(cancelled.status, 200, cancelled.text);
    assert.equal(cancelled.json.balance, 300);
    await award(b.id, -150);
    res = await board(b.client, 'scope=store&period=all');
    assert.deepEqual(res.items.map((i) => [i.user.id, i.points]), [[a.id, 300], [b.id, 200]]);
    assert.deepEqual(res.me, { rank: 2, points: 200 });
  });

  it('editors and admins are not ranked; a staff member promoted to editor leaves the board', async () => {
    const { stores } = await place(1);
    const [a, b, e] = await crowd(server, 3, { prefix: 'E', store: stores[0].code });
    await dbQuery(server, `UPDATE users SET role = 'editor' WHERE id = '${e.id}'`);
    await award(e.id, 5000);
    await award(a.id, 20);
    await award(b.id, 10);
    let res = await board(a.client, 'scope=store&period=week');
    assert.deepEqual(ids(res), [a.id, b.id]);
    assert.equal((await board(e.client, 'scope=store&period=week')).me, null);
    // The admin (no store) has points too: not on everyone's board, and no rank of their own.
    const adminId = (await admin.session()).user.id;
    await award(adminId, 100000);
    const everyone = await board(admin, 'scope=all&period=all');
    assert.ok(!ids(everyone).includes(adminId));
    assert.ok(!ids(everyone).includes(e.id));
    assert.equal(everyone.me, null);
    // Promoted: gone at once, points kept; back to staff: back in place.
    await dbQuery(server, `UPDATE users SET role = 'editor' WHERE id = '${a.id}'`);
    assert.deepEqual(ids(await board(b.client, 'scope=store&period=week')), [b.id]);
    await dbQuery(server, `UPDATE users SET role = 'staff' WHERE id = '${a.id}'`);
    assert.deepEqual(ids(await board(b.client, 'scope=store&period=week')), [a.id, b.id]);
    // Disabled people are not ranked either.
    await dbQuery(server, `UPDATE users SET status = 'disabled' WHERE id = '${a.id}'`);
    assert.deepEqual(ids(await board(b.client, 'scope=store&period=week')), [b.id]);
  });

  it('shows my rank outside the top 50, counting ties reached earlier', async () => {
    const { stores } = await place(1);
    const people = await crowd(server, 61, { prefix: 'T', store: stores[0].code });
    const [early, me, ...rest] = people;
    await award(early.id, 100); // same score as me, reached first
    await award(me.id, 100);
    await Promise.all(rest.map((p, i) => send(admin, 'POST', `/api/admin/users/${p.id}/points`, { delta: 101 + i, reason: 'ทดสอบ' })));
    const res = await board(me.client, 'scope=store&period=month');
    assert.equal(res.items.length, 50);
    assert.ok(!ids(res).includes(me.id));
    assert.deepEqual(res.me, { rank: 61, points: 100 });
    assert.equal(res.items[0].points, 101 + 58);
    assert.deepEqual((await board(early.client, 'scope=store&period=month')).me, { rank: 60, points: 100 });
    // Someone who has earned nothing in the period is not on the board yet.
    const [idle] = await crowd(server, 1, { prefix: 'I', store: stores[0].code });
    assert.deepEqual((await board(idle.client, 'scope=store&period=week')).me, { rank: null, points: 0 });
  });

  it('ranks stores by points per active staff member, so a small store can beat a big one', async () => {
    const { stores } = await place(3);
    const [big, small, quiet] = stores;
    const bigStaff = await crowd(server, 4, { prefix: 'B', store: big.code });
    const [smallOne] = await crowd(server, 1, { prefix: 'S', store: small.code });
    await crowd(server, 2, { prefix: 'Q', store: quiet.code });
    // An editor in the small store earns a lot: not staff, so neither counted nor a member.
    const [ed] = await crowd(server, 1, { prefix: 'X', store: small.code });
    await dbQuery(server, `UPDATE users SET role = 'editor' WHERE id = '${ed.id}'`);
    await award(ed.id, 10000);
    for (const p of bigStaff) await award(p.id, 50); // 200 over 4 = 50 each
    await award(smallOne.id, 80); // 80 over 1
    const r = await bigStaff[0].client.get('/api/leaderboards/stores?scope=region&period=week');
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(
      r.json.items.map((i) => [i.store.id, i.points, i.staff, i.perStaff, i.rank]),
      [
        [small.id, 80, 1, 80, 1],
        [big.id, 200, 4, 50, 2],
        [quiet.id, 0, 2, 0, 3],
      ],
    );
    assert.equal(r.json.me.rank, 2);
    assert.equal(r.json.me.store.id, big.id);
    assert.equal(r.json.me.perStaff, 50);
    assert.equal(r.json.items[0].store.region.id !== undefined, true);
    const everyone = await smallOne.client.get('/api/leaderboards/stores?scope=all&period=all');
    assert.equal(everyone.status, 200, everyone.text);
    assert.ok(everyone.json.items.length <= 50);
    assert.ok(everyone.json.me.rank >= 1);
    // Someone leaves the big store: three people share its 200 now.
    await dbQuery(server, `UPDATE users SET status = 'disabled' WHERE id = '${bigStaff[3].id}'`);
    const after = await bigStaff[0].client.get('/api/leaderboards/stores?scope=region&period=week');
    assert.deepEqual(after.json.me.staff, 3);
    assert.equal(after.json.me.perStaff, 66.7);
  });

  it('weeks start on Monday and months on the 1st, Bangkok time (the backfill / rebuild agrees)', async () => {
    const { stores } = await place(1);
    const [p] = await crowd(server, 1, { prefix: 'W', store: stores[0].code });
    const { weekStart, monthStart } = bangkokPeriods();
    const entries = [
      [weekStart - 1, 1],
      [weekStart, 10],
      [monthStart - 1, 100],
      [monthStart, 1000],
      [weekStart - 30 * DAY, 10000],
    ];
    await dbQuery(
      server,
      `INSERT INTO points_ledger (id, user_id, delta, reason, source, idempotency_key, created_at) VALUES ${entries
        .map(([at, d], i) => `('${randomUUID()}', '${p.id}', ${d}, 'ย้อนหลัง', 'lesson', 'w:${i}', ${at})`)
        .join(', ')};`,
    );
    await server.cli(['leaderboards', 'rebuild']);
    const sum = (from) => entries.filter(([at]) => at >= from).reduce((n, [, d]) => n + d, 0);
    const week = await board(p.client, 'scope=store&period=week');
    assert.deepEqual(week.me, { rank: 1, points: sum(weekStart) });
    assert.equal(week.period.from, new Date(weekStart).toISOString());
    assert.equal(week.period.to, new Date(weekStart + 7 * DAY).toISOString());
    const month = await board(p.client, 'scope=store&period=month');
    assert.deepEqual(month.me, { rank: 1, points: sum(monthStart) });
    assert.equal(month.period.from, new Date(monthStart).toISOString());
    const all = await board(p.client, 'scope=store&period=all');
    assert.deepEqual(all.me, { rank: 1, points: 11111 });
    assert.deepEqual(all.period, { name: 'all', from: null, to: null });
    // An award now lands in this week's and month's buckets on top of the rebuilt ones.
    await award(p.id, 5);
    assert.equal((await board(p.client, 'scope=store&period=week')).me.points, sum(weekStart) + 5);
    assert.equal((await board(p.client, 'scope=store&period=month')).me.points, sum(monthStart) + 5);
  });

  it('gives the same ranks from the points bands as counting everyone ahead, under parallel awards and moves', async () => {
    const { regionId, stores } = await place(2);
    const other = await place(1);
    const people = [
      ...(await crowd(server, 40, { prefix: 'R', store: stores[0].code })),
      ...(await crowd(server, 30, { prefix: 'R', store: stores[1].code })),
    ];
    // Scores around band edges (99/100, 109/110, 999/1000: bands are two significant digits) and many ties,
    // from a seeded generator so a failure can be replayed.
    let seed = 33;
    const random = (n) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
    const edges = [1, 9, 10, 90, 99, 100, 101, 109, 110, 990, 999, 1000, 1001];
    const delta = () => (random(3) === 0 ? edges[random(edges.length)] : 1 + random(1200));
    // Each round: everyone at once (real parallel requests: the same band rows move in many transactions).
    const round = (list, amount = delta) =>
      Promise.all(
        list.map(async (p) => {
          const r = await send(admin, 'POST', `/api/admin/users/${p.id}/points`, { delta: amount(), reason: 'ทดสอบแถบ' });
          assert.equal(r.status, 200, r.text);
        }),
      );
    await round(people);
    await round(people, () => 100); // all into the same bands at once
    await round(people.filter(() => random(2) === 0));

    const { weekStart, monthStart } = bangkokPeriods();
    const d = new Date(monthStart + BKK);
    const buckets = {
      all: 0,
      week: Math.floor((weekStart + BKK) / DAY),
      month: d.getUTCFullYear() * 100 + d.getUTCMonth() + 1,
    };
    const within = { store: 'lp.store_id = me.store_id', region: 'lp.region_id = me.region_id', all: '1 = 1' };
    // The ranks as counted before the bands: everyone ranked ahead of me on the board, + 1.
    const counted = async (scope, period) =>
      new Map(
        await dbQuery(
          server,
          `SELECT me.user_id, 1 + (SELECT COUNT(*) FROM leaderboard_points lp WHERE lp.period = me.period AND lp.bucket = me.bucket
             AND lp.ranked = 1 AND ${within[scope]} AND (lp.points > me.points OR (lp.points = me.points AND (lp.reached_at < me.reached_at
             OR (lp.reached_at = me.reached_at AND lp.user_id < me.user_id)))))
           FROM leaderboard_points me WHERE me.period = '${period}' AND me.bucket = ${buckets[period]} AND me.ranked = 1
             AND me.user_id IN (${people.map((p) => `'${p.id}'`).join(', ')})`,
        ),
      );
    const compare = async (list) => {
      let deep = 0;
      for (const scope of ['store', 'region', 'all'])
        for (const period of ['week', 'month', 'all']) {
          const expected = await counted(scope, period);
          const seen = await Promise.all(list.map((p) => board(p.client, `scope=${scope}&period=${period}`)));
          list.forEach((p, i) => {
            const rank = expected.has(p.id) ? Number(expected.get(p.id)) : null;
            assert.equal(seen[i].me?.rank ?? null, rank, `${p.code} ${scope} ${period}`);
            if (rank > 50) deep += 1;
          });
        }
      return deep;
    };
    // Outside the top 50 is where the bands answer: the region boards of 70 people and everyone's.
    assert.ok((await compare(people)) >= 60);
    assert.deepEqual(await bandsOff(), []);

    // People and stores move: the bands follow (migration 0013's triggers rewrite the rows, 0092's count).
    const [moved, disabled, promoted] = [people.slice(0, 5), people[5], people[6]];
    await dbQuery(
      server,
      `UPDATE users SET store_id = '${other.stores[0].id}' WHERE id IN (${moved.map((p) => `'${p.id}'`).join(', ')});
       UPDATE users SET status = 'disabled' WHERE id = '${disabled.id}';
       UPDATE users SET role = 'editor' WHERE id = '${promoted.id}';
       UPDATE stores SET region_id = '${other.regionId}' WHERE id = '${stores[1].id}';`,
    );
    const staying = people.filter((p) => p !== disabled && p !== promoted);
    await round(staying);
    assert.ok((await compare(staying)) > 0);
    assert.deepEqual(await bandsOff(), []);
    await dbQuery(server, `UPDATE stores SET region_id = '${regionId}' WHERE id = '${stores[1].id}'`);
    assert.deepEqual(await bandsOff(), []);
  });

  it('keeps the running totals equal to the earned entries of the ledger', async () => {
    const off = await dbQuery(
      server,
      `SELECT lp.user_id FROM leaderboard_points lp WHERE lp.period = 'all' AND lp.points <> (SELECT COALESCE(SUM(delta), 0) FROM points_ledger l WHERE l.user_id = lp.user_id AND l.delta > 0 AND l.source <> 'refund')`,
    );
    assert.deepEqual(off, []);
    const counts = await dbQuery(
      server,
      `SELECT st.store_id FROM leaderboard_stores st WHERE st.staff <> (SELECT COUNT(*) FROM users u WHERE u.store_id = st.store_id AND u.role = 'staff' AND u.status = 'active')`,
    );
    assert.deepEqual(counts, []);
    assert.deepEqual(await bandsOff(), []);
  });

  it('refuses unknown scopes and periods with a message code, and needs a session', async () => {
    const r1 = await admin.get('/api/leaderboards?scope=galaxy');
    assertEnvelope(r1, 400, 'BAD_REQUEST');
    assert.equal(r1.json.error.fieldCodes.scope.code, 'LEADERBOARD_SCOPE');
    const r2 = await admin.get('/api/leaderboards?period=year');
    assertEnvelope(r2, 400, 'BAD_REQUEST');
    assert.equal(r2.json.error.fieldCodes.period.code, 'LEADERBOARD_PERIOD');
    const r3 = await admin.get('/api/leaderboards/stores?scope=store');
    assertEnvelope(r3, 400, 'BAD_REQUEST');
    assert.equal(r3.json.error.fieldCodes.scope.code, 'LEADERBOARD_STORES_SCOPE');
    const anon = await server.client().get('/api/leaderboards');
    assertEnvelope(anon, 401, 'UNAUTHENTICATED');
  });
});
