// After the run, against the database: every acknowledged write exists exactly once, nothing else was written
// for the run's poll, content and reward, the ledger sums equal the balance rows, and no idempotency key is
// used twice. Returns {ok, lines: [[check, expected, found, ok]]}.
import { sql } from './client.mjs';

const q = (s) => `'${String(s).replaceAll("'", "''")}'`;
const list = (xs) => (xs.length ? xs.map(q).join(', ') : 'NULL');

export async function integrity(config, people, world) {
  const redeemed = people.filter((p) => p.redemptionId);
  const unknownRedeems = people.filter((p) => p.redeems && !p.redemptionId).length;
  const voted = people.filter((p) => p.voteAcked);
  const progressed = people.filter((p) => p.progressAcked);
  const one = async (text) => Number(await sql(config.dbUrl, text));
  const lines = [];
  const check = (name, expected, found) => lines.push([name, expected, found, String(expected) === String(found)]);

  check('acknowledged redemptions found by id', redeemed.length,
    await one(`SELECT count(*) FROM redemptions WHERE id IN (${list(redeemed.map((p) => p.redemptionId))})`));
  check('redemptions of the run\'s reward (no extra, no duplicate)', redeemed.length,
    await one(`SELECT count(*) FROM redemptions WHERE reward_id = ${q(world.reward.id)}`));
  check('redemptions without exactly one ledger entry', 0,
    await one(`SELECT count(*) FROM redemptions r WHERE r.reward_id = ${q(world.reward.id)} AND
      (SELECT count(*) FROM points_ledger l WHERE l.idempotency_key = 'redemption:' || r.id) <> 1`));
  check('idempotency keys of the acknowledged redemptions stored once', redeemed.length,
    await one(`SELECT count(*) FROM idempotency_keys WHERE idem_key IN (${list(redeemed.map((p) => p.redeemKey))})`));
  check('reward stock taken = redemptions', redeemed.length,
    await one(`SELECT 1000000 - stock FROM rewards WHERE id = ${q(world.reward.id)}`));
  check('ballots of the run\'s poll = acknowledged votes', voted.length,
    await one(`SELECT count(*) FROM poll_ballots WHERE poll_id = ${q(world.poll.id)}`));
  check('acknowledged voters with a ballot', voted.length,
    await one(`SELECT count(*) FROM poll_ballots WHERE poll_id = ${q(world.poll.id)} AND user_id IN (${list(voted.map((p) => p.id))})`));
  check('progress rows of the run\'s lesson = acknowledged', progressed.length,
    await one(`SELECT count(*) FROM learning_progress WHERE item_type = 'content' AND item_id = ${q(world.content.id)} AND percent >= 40`));
  check('people whose balance row differs from their ledger sum', 0,
    await one(`SELECT count(*) FROM points_balances b FULL JOIN (SELECT user_id, SUM(delta) AS s FROM points_ledger GROUP BY user_id) l
      USING (user_id) WHERE coalesce(b.balance, 0) <> coalesce(l.s, 0)`));
  check('ledger idempotency keys used more than once', 0,
    await one('SELECT count(*) FROM (SELECT idempotency_key FROM points_ledger GROUP BY 1 HAVING count(*) > 1) x'));
  return { ok: lines.every((l) => l[3]), lines, unknownRedeems, redeemers: people.filter((p) => p.redeems).length };
}
