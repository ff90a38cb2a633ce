// The Knowledge report (issue 32) over PEOPLE x QUESTIONS drill memory states: a server of its own (demo seed;
// PostgreSQL when TEST_DATABASE_URL is set), the states written straight into the database (one store, random
// stabilities of 1-100 days, last reviews in the last 30 days, due dates 20 days late to 40 ahead), then
// RUNS timed GET /api/admin/reports/knowledge (no filter) and one /api/admin/knowledge/weakest. Prints one JSON
// line. The budget is < 1 s at 100,000 x 500; the default here is 10,000 x 100 (1 M states) because
// today's report is linear in the states (docs/PERFORMANCE.md): the full size takes minutes per call.
//   node scripts/bench/knowledge.mjs [PEOPLE] [QUESTIONS] [RUNS]
import { startServer, Client } from '../../server/tests/integration/harness.mjs';
import { dbQuery } from '../../server/tests/integration/dbquery.mjs';

const PEOPLE = +(process.argv[2] ?? process.env.BENCH_KNOWLEDGE_PEOPLE ?? 10000);
const QUESTIONS = +(process.argv[3] ?? process.env.BENCH_KNOWLEDGE_QUESTIONS ?? 100);
const RUNS = +(process.argv[4] ?? 5);
const DAY = 86_400_000;

const server = await startServer();
try {
  const now = Date.now();
  const pg = !server.databaseUrl.startsWith('sqlite');
  // Integers 0..n-1, and a random integer 0..m-1, in each dialect.
  const series = (n) => (pg ? `generate_series(0, ${n - 1}) AS n(i)` : `(WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i + 1 < ${n}) SELECT i FROM s) n`);
  const rnd = (m) => (pg ? `floor(random() * ${m})::bigint` : `abs(random() % ${m})`);
  const seeded = performance.now();
  await dbQuery(
    server,
    `INSERT INTO exams (id, title, status, created_at, updated_at) VALUES ('kb-exam', 'Bench knowledge', 'published', ${now}, ${now});
INSERT INTO exam_questions (id, exam_id, position, kind, prompt, choices_json, correct_json, created_at, updated_at)
  SELECT 'kbq' || i, 'kb-exam', i, 'single', 'Question ' || i, '[]', '["a"]', ${now}, ${now} FROM ${series(QUESTIONS)};
INSERT INTO users (id, employee_code, name, role, status, store_id, position, created_at, updated_at)
  SELECT 'kbu' || i, 'KB' || i, 'Bench ' || i, 'staff', 'active', (SELECT id FROM stores ORDER BY code LIMIT 1), 'Sales', ${now}, ${now}
  FROM ${series(PEOPLE)};
INSERT INTO drill_states (user_id, question_id, stability, difficulty, reps, lapses, scheduled_days, last_review_at, due_at)
  SELECT u.id, q.id, 1 + ${rnd(100)}, 5, 3, 0, 5, ${now} - ${rnd(30)} * ${DAY}, ${now} + (${rnd(60)} - 20) * ${DAY}
  FROM users u CROSS JOIN exam_questions q WHERE u.id LIKE 'kbu%' AND q.exam_id = 'kb-exam';
${pg ? 'ANALYZE;' : ''}`,
  );
  const seedMs = performance.now() - seeded;
  const admin = new Client(server.origin);
  await admin.signInOk('ADMIN01');
  const time = async (url) => {
    const t = performance.now();
    const r = await admin.get(url);
    if (r.status !== 200) throw new Error(`${url}: ${r.status} ${r.text}`);
    return performance.now() - t;
  };
  const ms = [];
  for (let i = 0; i < RUNS; i++) ms.push(await time('/api/admin/reports/knowledge'));
  ms.sort((a, b) => a - b);
  const weakestMs = await time('/api/admin/knowledge/weakest');
  const round = (x) => Math.round(x);
  console.log(JSON.stringify({
    backend: pg ? 'postgres' : 'sqlite', people: PEOPLE, questions: QUESTIONS, states: PEOPLE * QUESTIONS,
    seedMs: round(seedMs), reportP50Ms: round(ms[Math.floor(ms.length / 2)]), reportMaxMs: round(ms.at(-1)),
    weakestMs: round(weakestMs), budgetMs: 1000,
  }));
} finally {
  await server.stop();
}
