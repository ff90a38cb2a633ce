-- (The PostgreSQL version is 0081_drill_points.postgres.sql: keep the two in step.)
-- The daily drill earns points once per person per day: 'drill' becomes a source of the ledger. SQLite
-- cannot change a CHECK, so the table is rebuilt (as 0007 did), with its index.
CREATE TABLE points_ledger_0081 (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  delta INTEGER NOT NULL,
  reason TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('lesson', 'course', 'exam', 'game', 'campaign', 'story', 'event',
                                         'survey', 'manual', 'redemption', 'refund', 'drill')),
  source_id TEXT,
  idempotency_key TEXT NOT NULL,
  author_id TEXT,
  created_at BIGINT NOT NULL,
  UNIQUE (user_id, idempotency_key)
);
INSERT INTO points_ledger_0081 (id, user_id, delta, reason, source, source_id, idempotency_key, author_id,
                                created_at)
  SELECT id, user_id, delta, reason, source, source_id, idempotency_key, author_id, created_at
  FROM points_ledger;
DROP TABLE points_ledger;
ALTER TABLE points_ledger_0081 RENAME TO points_ledger;
CREATE INDEX points_ledger_user_idx ON points_ledger(user_id, created_at);
