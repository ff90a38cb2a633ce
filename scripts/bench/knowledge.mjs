// The Knowledge report (issue 32) over PEOPLE x QUESTIONS drill memory states, read from its summary
// (server/src/knowledge/summary.hpp): a server of its own (demo seed; PostgreSQL when TEST_DATABASE_URL is
// set), then the summary written straight into the database as the drill would have kept it: STORES stores in
// 10 regions, PEOPLE staff spread over them and 4 positions (every store has all four), QUESTIONS questions in 20 topics (exams with a
// category), each person with a share per topic (QUESTIONS / 20 states, random recall and overdue counts) and
// one over every topic, and the groups summed from those shares. Then RUNS timed GET
// /api/admin/reports/knowledge (no filter: every group), RUNS with a store filter, and one
// /api/admin/knowledge/weakest. Last, the daily rebuild's cost: REBUILD_PEOPLE of them get real memory states
// (QUESTIONS each) and `shopfloor knowledge rebuild` is timed (it is linear in the states). Prints one JSON
// line. Budget: < 1 s at 100,000 x 500 (the default).
//   node scripts/bench/knowledge.mjs [PEOPLE] [QUESTIONS] [RUNS] [STORES] [REBUILD_PEOPLE]
import { startServer, Client } from '../../server/tests/integration/harness.mjs';
import { dbQuery } from '../../server/tests/integration/dbquery.mjs';

const PEOPLE = +(process.argv[2] ?? process.env.BENCH_KNOWLEDGE_PEOPLE ?? 100000);
const QUESTIONS = +(process.argv[3] ?? process.env.BENCH_KNOWLEDGE_QUESTIONS ?? 500);
const RUNS = +(process.argv[4] ?? 20);
const STORES = +(process.argv[5] ?? 1000);
const REBUILD_PEOPLE = +(process.argv[6] ?? 2000);
const TOPICS = 20;
const DAY = 86_400_000;

const server = await startServer();
try {
  const now = Date.now();
  const today = Math.floor((now + 7 * 3_600_000) / DAY);
  const pg = !server.databaseUrl.startsWith('sqlite');
  // Integers 0..n-1, and a random number in [0, 1) / a random integer 0..m-1, in each dialect.
  const series = (n) => (pg ? `generate_series(0, ${n - 1}) AS n(i)` : `(WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i + 1 < ${n}) SELECT i FROM s) n`);
  const unit = pg ? 'random()' : '(abs(random() % 1000000) / 1000000.0)';
  const rnd = (m) => (pg ? `floor(random() * ${m})::bigint` : `abs(random() % ${m})`);
  const perTopic = Math.max(1, Math.floor(QUESTIONS / TOPICS));
  const seeded = performance.now();
  await dbQuery(
    server,
    `INSERT INTO regions (id, code, name, created_at, updated_at) SELECT 'kbr' || i, 'KBR' || i, 'Bench region ' || i, ${now}, ${now} FROM ${series(10)};
INSERT INTO stores (id, code, name, region_id, created_at, updated_at)
  SELECT 'kbs' || i, 'KBS' || i, 'Bench store ' || i, 'kbr' || (i % 10), ${now}, ${now} FROM ${series(STORES)};
INSERT INTO categories (id, name, created_at, updated_at) SELECT 'kbc' || i, 'Bench topic ' || i, ${now}, ${now} FROM ${series(TOPICS)};
INSERT INTO exams (id, title, status, category_id, created_at, updated_at)
  SELECT 'kbe' || i, 'Bench knowledge ' || i, 'published', 'kbc' || i, ${now}, ${now} FROM ${series(TOPICS)};
INSERT INTO exam_questions (id, exam_id, position, kind, prompt, choices_json, correct_json, created_at, updated_at)
  SELECT 'kbq' || i, 'kbe' || (i % ${TOPICS}), i, 'single', 'Question ' || i, '[]', '["a"]', ${now}, ${now} FROM ${series(QUESTIONS)};
INSERT INTO users (id, employee_code, name, role, status, store_id, position, created_at, updated_at)
  SELECT 'kbu' || i, 'KB' || i, 'Bench ' || i, 'staff', 'active', 'kbs' || (i % ${STORES}),
    CASE (i / ${STORES}) % 4 WHEN 0 THEN 'Sales' WHEN 1 THEN 'Cashier' WHEN 2 THEN 'Stock' ELSE 'Store manager' END, ${now}, ${now}
  FROM ${series(PEOPLE)};
INSERT INTO knowledge_people (user_id, topic_id, store_id, position, states, recall_sum, overdue_states, min_due_at, day)
  SELECT u.id, c.id, u.store_id, u.position, ${perTopic}, ${perTopic} * (0.5 + 0.5 * ${unit}),
    CASE WHEN ${rnd(3)} = 0 THEN ${rnd(perTopic)} ELSE 0 END, ${now} + (${rnd(60)} - 20) * ${DAY}, ${today}
  FROM users u CROSS JOIN categories c WHERE u.id LIKE 'kbu%' AND c.id LIKE 'kbc%';
INSERT INTO knowledge_people (user_id, topic_id, store_id, position, states, recall_sum, overdue_states, min_due_at, day)
  SELECT user_id, '*', store_id, position, SUM(states), SUM(recall_sum), SUM(overdue_states), MIN(min_due_at), ${today}
  FROM knowledge_people WHERE user_id LIKE 'kbu%' GROUP BY user_id, store_id, position;
INSERT INTO knowledge_groups (topic_id, store_id, position, states, recall_sum, overdue_states, people, overdue_people)
  SELECT topic_id, store_id, position, SUM(states), SUM(recall_sum), SUM(overdue_states), COUNT(*),
    SUM(CASE WHEN overdue_states > 0 THEN 1 ELSE 0 END)
  FROM knowledge_people WHERE user_id LIKE 'kbu%' GROUP BY topic_id, store_id, position;
ANALYZE;`,
  );
  const seedMs = performance.now() - seeded;
  const rows = async (sql) => +(await dbQuery(server, sql))[0][0];
  const groups = await rows('SELECT COUNT(*) FROM knowledge_groups');
  const shares = await rows('SELECT COUNT(*) FROM knowledge_people');
  const admin = new Client(server.origin);
  await admin.signInOk('ADMIN01');
  const time = async (url) => {
    const t = performance.now();
    const r = await admin.get(url);
    if (r.status !== 200) throw new Error(`${url}: ${r.status} ${r.text}`);
    return performance.now() - t;
  };
  const timed = async (url) => {
    const ms = [];
    for (let i = 0; i < RUNS; i++) ms.push(await time(url));
    ms.sort((a, b) => a - b);
    const at = (p) => Math.round(ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]);
    return { p50: at(0.5), p99: at(0.99), max: Math.round(ms.at(-1)) };
  };
  const all = await timed('/api/admin/reports/knowledge');
  const store = await timed('/api/admin/reports/knowledge?store=kbs7');
  const weakestMs = Math.round(await time('/api/admin/knowledge/weakest'));

  await dbQuery(
    server,
    `INSERT INTO drill_states (user_id, question_id, stability, difficulty, reps, lapses, scheduled_days, last_review_at, due_at)
  SELECT u.id, q.id, 1 + ${rnd(100)}, 5, 3, 0, 5, ${now} - ${rnd(30)} * ${DAY}, ${now} + (${rnd(60)} - 20) * ${DAY}
  FROM users u CROSS JOIN exam_questions q WHERE u.id IN (SELECT 'kbu' || i FROM ${series(REBUILD_PEOPLE)}) AND q.id LIKE 'kbq%';
ANALYZE;`,
  );
  const rebuilt = performance.now();
  await server.cli(['knowledge', 'rebuild']);
  const rebuildMs = Math.round(performance.now() - rebuilt);
  console.log(JSON.stringify({
    backend: pg ? 'postgres' : 'sqlite', people: PEOPLE, questions: QUESTIONS, states: PEOPLE * QUESTIONS,
    stores: STORES, groups, shares, seedMs: Math.round(seedMs),
    reportP50Ms: all.p50, reportP99Ms: all.p99, reportMaxMs: all.max,
    storeP50Ms: store.p50, storeP99Ms: store.p99, weakestMs, runs: RUNS, budgetMs: 1000,
    rebuildStates: REBUILD_PEOPLE * QUESTIONS, rebuildMs,
  }));
} finally {
  await server.stop();
}
