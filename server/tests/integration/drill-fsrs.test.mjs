// The drill's FSRS-6 scheduler (server/src/drill/fsrs.cpp) against the reference implementation, ts-fsrs:
// the test generates random review logs (seeded), runs them through ts-fsrs and through
// `shopfloor fsrs-replay`, and compares every state after every review (stability and difficulty within
// 1e-6, reps, lapses, interval and due date exactly). No stored numbers: the vectors come from ts-fsrs now.
//
// The scheduler has no database or clock, so this runs the binary as a command (one process for thousands
// of reviews) rather than through a server; the drill's API tests check the stored states separately.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createEmptyCard, fsrs, default_w } from 'ts-fsrs';
import { BIN } from './harness.mjs';

const DAY = 86_400_000;

// mulberry32: a small seeded generator, so a failure is reproducible.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Ratings as a drill gives them: mostly Good, some Again, fewer Hard and Easy.
function rating(r) {
  const x = r();
  return x < 0.2 ? 1 : x < 0.35 ? 2 : x < 0.85 ? 3 : 4;
}

function replay(input) {
  const run = spawnSync(BIN, ['fsrs-replay'], { input: JSON.stringify(input), encoding: 'utf8' });
  assert.equal(run.status, 0, `fsrs-replay failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

// Review logs shaped like real ones: the next review near its due date (early, on time or late), some on
// the same day as the one before (0 elapsed days), at any hour of the day.
function cardLogs(r, f, count) {
  const logs = [];
  const expected = [];
  for (let i = 0; i < count; i++) {
    let at = Date.UTC(2026, 0, 1) + Math.floor(r() * 300 * DAY);
    let card = createEmptyCard(new Date(at));
    const log = [];
    const states = [];
    const n = 1 + Math.floor(r() * 20);
    for (let k = 0; k < n; k++) {
      const g = rating(r);
      log.push({ at, rating: g });
      card = f.next(card, new Date(at), g).card;
      states.push({
        stability: card.stability,
        difficulty: card.difficulty,
        reps: card.reps,
        lapses: card.lapses,
        scheduledDays: card.scheduled_days,
        due: card.due.getTime(),
      });
      const x = r();
      const gap = x < 0.15 ? Math.floor(r() * 6 * 3_600_000) : Math.floor(card.scheduled_days * (0.5 + r() * 1.5) * DAY);
      at += gap + Math.floor(r() * 3_600_000);
    }
    logs.push(log);
    expected.push(states);
  }
  return { logs, expected };
}

function stateLogs(r, f, count) {
  const logs = [];
  const expected = [];
  for (let i = 0; i < count; i++) {
    let memory = null;
    const log = [];
    const states = [];
    const n = 1 + Math.floor(r() * 20);
    for (let k = 0; k < n; k++) {
      const g = rating(r);
      const t = k === 0 || r() < 0.25 ? 0 : Math.floor(r() * 120);
      const recall = memory ? f.forgetting_curve(t, memory.stability) : null;
      memory = f.next_state(memory, t, g);
      log.push({ elapsedDays: t, rating: g });
      states.push({ stability: memory.stability, difficulty: memory.difficulty, retrievability: recall });
    }
    logs.push(log);
    expected.push(states);
  }
  return { logs, expected };
}

function close(actual, expected, where) {
  assert.ok(Math.abs(actual - expected) <= 1e-6, `${where}: ${actual} vs reference ${expected}`);
}

function compareCards(got, expected) {
  assert.equal(got.length, expected.length);
  got.forEach((log, i) =>
    log.forEach((s, k) => {
      const e = expected[i][k];
      const where = `card ${i} review ${k}`;
      close(s.stability, e.stability, `${where} stability`);
      close(s.difficulty, e.difficulty, `${where} difficulty`);
      assert.deepEqual(
        [s.reps, s.lapses, s.scheduledDays, s.due],
        [e.reps, e.lapses, e.scheduledDays, e.due],
        `${where}: reps, lapses, interval, due`,
      );
    }),
  );
}

function compareStates(got, expected) {
  assert.equal(got.length, expected.length);
  got.forEach((log, i) =>
    log.forEach((s, k) => {
      const e = expected[i][k];
      const where = `log ${i} review ${k}`;
      close(s.stability, e.stability, `${where} stability`);
      close(s.difficulty, e.difficulty, `${where} difficulty`);
      if (e.retrievability === null) assert.equal(s.retrievability, null);
      else close(s.retrievability, e.retrievability, `${where} retrievability`);
    }),
  );
}

// Weights other than the defaults (each moved by up to ±10%, inside FSRS-6's bounds), so the test does not
// pass only because both sides share the default numbers.
function perturbed(r) {
  return default_w.map((w, i) => {
    const v = w * (0.9 + r() * 0.2);
    return i === 20 ? Math.min(0.8, Math.max(0.1, v)) : v;
  });
}

const settings = [
  { name: 'default weights, retention 0.9', seed: 1, retention: 0.9 },
  { name: 'default weights, retention 0.8', seed: 2, retention: 0.8 },
  { name: 'default weights, retention 0.97, 1-year cap', seed: 3, retention: 0.97, maximumInterval: 365 },
  { name: 'other weights, retention 0.85', seed: 4, retention: 0.85, perturb: true },
];

for (const s of settings) {
  test(`whole reviews (state, reps, lapses, interval, due) equal ts-fsrs: ${s.name}`, () => {
    const r = rng(s.seed);
    const w = s.perturb ? perturbed(r) : [...default_w];
    const maximumInterval = s.maximumInterval ?? 36500;
    const f = fsrs({
      w,
      request_retention: s.retention,
      maximum_interval: maximumInterval,
      enable_fuzz: false,
      enable_short_term: false,
    });
    const { logs, expected } = cardLogs(r, f, 400);
    const got = replay({ parameters: { w, desiredRetention: s.retention, maximumInterval }, cards: logs });
    compareCards(got.cards, expected);

    // The logs reach every branch: first reviews, lapses, same-day reviews, the interval cap when set.
    const flat = expected.flat();
    assert.ok(flat.some((e) => e.lapses > 0), 'some lapses');
    assert.ok(logs.flat().length > 3000, 'enough reviews');
    const sameDay = logs.some((log) => log.some((x, k) => k > 0 && Math.floor(x.at / DAY) === Math.floor(log[k - 1].at / DAY)));
    assert.ok(sameDay, 'some same-day reviews');
    if (s.maximumInterval) assert.ok(flat.some((e) => e.scheduledDays === maximumInterval), 'the cap is reached');
  });
}

for (const shortTerm of [false, true]) {
  test(`memory states and retrievability equal ts-fsrs (same-day formula ${shortTerm ? 'on' : 'off'})`, () => {
    const r = rng(shortTerm ? 11 : 12);
    const f = fsrs({ enable_fuzz: false, enable_short_term: shortTerm });
    const { logs, expected } = stateLogs(r, f, 400);
    const got = replay({ parameters: { shortTerm }, states: logs });
    compareStates(got.states, expected);
  });
}

test('a different answer gives a different state (the comparison can fail)', () => {
  const at = Date.UTC(2026, 2, 1, 3);
  const got = replay({ cards: [[{ at, rating: 3 }, { at: at + 3 * DAY, rating: 3 }]] });
  const f = fsrs({ enable_fuzz: false, enable_short_term: false });
  let card = f.next(createEmptyCard(new Date(at)), new Date(at), 3).card;
  card = f.next(card, new Date(at + 3 * DAY), 1).card;
  assert.notEqual(got.cards[0][1].stability, card.stability);
  assert.notEqual(got.cards[0][1].lapses, card.lapses);
});

test('out-of-range input is refused', () => {
  for (const input of [
    { parameters: { desiredRetention: 1.5 } },
    { parameters: { w: [1, 2, 3] } },
    { cards: [[{ at: 0, rating: 5 }]] },
    { cards: [[{ at: DAY * 10, rating: 3 }, { at: 0, rating: 3 }]] },
  ]) {
    const run = spawnSync(BIN, ['fsrs-replay'], { input: JSON.stringify(input), encoding: 'utf8' });
    assert.notEqual(run.status, 0, JSON.stringify(input));
  }
});
