-- (The PostgreSQL version is 0007_exam_answers_point_keys.postgres.sql: keep the two in step.)
-- exams.show_answers: when an attempt's review shows the correct answers and explanations (never, passed,
-- last_attempt, passed_or_last, immediately; see server/src/exams/review.hpp). Existing exams get the
-- default: after passing or once no attempts are left.
ALTER TABLE exams ADD COLUMN show_answers TEXT NOT NULL DEFAULT 'passed_or_last'
  CHECK (show_answers IN ('never', 'passed', 'last_attempt', 'passed_or_last', 'immediately'));

-- Idempotency keys are unique per person, not across everyone: a manual adjustment's key reused for
-- another person is a different adjustment. SQLite cannot drop a column's UNIQUE, so the table is rebuilt.
CREATE TABLE points_ledger_0007 (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  delta INTEGER NOT NULL,
  reason TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('lesson', 'course', 'exam', 'game', 'campaign', 'story', 'event',
                                         'survey', 'manual', 'redemption', 'refund')),
  source_id TEXT,
  idempotency_key TEXT NOT NULL,
  author_id TEXT,
  created_at BIGINT NOT NULL,
  UNIQUE (user_id, idempotency_key)
);
INSERT INTO points_ledger_0007 (id, user_id, delta, reason, source, source_id, idempotency_key, author_id,
                                created_at)
  SELECT id, user_id, delta, reason, source, source_id, idempotency_key, author_id, created_at
  FROM points_ledger;
DROP TABLE points_ledger;
ALTER TABLE points_ledger_0007 RENAME TO points_ledger;
CREATE INDEX points_ledger_user_idx ON points_ledger(user_id, created_at);
