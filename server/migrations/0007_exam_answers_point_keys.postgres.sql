-- (The SQLite version is 0007_exam_answers_point_keys.sqlite.sql: keep the two in step.)
-- exams.show_answers: when an attempt's review shows the correct answers and explanations (never, passed,
-- last_attempt, passed_or_last, immediately; see server/src/exams/review.hpp). Existing exams get the
-- default: after passing or once no attempts are left.
ALTER TABLE exams ADD COLUMN show_answers TEXT NOT NULL DEFAULT 'passed_or_last'
  CHECK (show_answers IN ('never', 'passed', 'last_attempt', 'passed_or_last', 'immediately'));

-- Idempotency keys are unique per person, not across everyone: a manual adjustment's key reused for
-- another person is a different adjustment.
ALTER TABLE points_ledger DROP CONSTRAINT points_ledger_idempotency_key_key;
ALTER TABLE points_ledger ADD CONSTRAINT points_ledger_user_key_unique UNIQUE (user_id, idempotency_key);
