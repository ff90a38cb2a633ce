-- Each person's balance as one row, kept in the same transaction as every ledger entry (points/ledger.cpp):
-- reading a balance is one row, and a spend (the members club) locks that row to check it, race-free. The
-- ledger stays the record; the row always equals the sum of the person's entries.
CREATE TABLE points_balances (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  balance BIGINT NOT NULL DEFAULT 0 CHECK (balance >= 0),
  updated_at BIGINT NOT NULL
);

INSERT INTO points_balances (user_id, balance, updated_at)
SELECT user_id, SUM(delta), MAX(created_at) FROM points_ledger GROUP BY user_id;
