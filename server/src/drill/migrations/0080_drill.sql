-- The daily drill (issue 32): each person's memory of each question they met, kept by FSRS-6
-- (drill/fsrs.hpp), one drill a day drawn from the questions due, and its answers.

-- One row per person per question once they have drilled it: the FSRS memory state and the next due time.
-- question_id is an exam question (exam_questions.id): the person meets it in an exam first.
CREATE TABLE drill_states (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  question_id TEXT NOT NULL REFERENCES exam_questions(id) ON DELETE CASCADE,
  stability DOUBLE PRECISION NOT NULL,
  difficulty DOUBLE PRECISION NOT NULL,
  reps INTEGER NOT NULL,
  lapses INTEGER NOT NULL,
  scheduled_days INTEGER NOT NULL,
  last_review_at BIGINT NOT NULL,
  due_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, question_id)
);
CREATE INDEX drill_states_due_idx ON drill_states(user_id, due_at);

-- One drill per person per Bangkok day: the questions drawn (in order, fixed for the day), when it was
-- finished, the streak it made (consecutive days finished) and the points it earned (once, via the ledger).
CREATE TABLE drill_days (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  day TEXT NOT NULL,
  question_ids_json TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  finished_at BIGINT,
  streak INTEGER,
  PRIMARY KEY (user_id, day)
);

-- Each question of a day's drill: when the person was shown it (the answer's clock starts there) and their
-- answer. counted = 0 for an answer after the question's time (it moves no memory state).
CREATE TABLE drill_answers (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  day TEXT NOT NULL,
  question_id TEXT NOT NULL,
  shown_at BIGINT NOT NULL,
  answered_at BIGINT,
  choices_json TEXT,
  correct INTEGER,
  rating INTEGER,
  counted INTEGER,
  PRIMARY KEY (user_id, day, question_id)
);

-- The admin's drill settings (one row): the recall probability reviews are scheduled at, and the points
-- for finishing the day's drill.
CREATE TABLE drill_settings (
  id TEXT PRIMARY KEY,
  desired_retention_percent INTEGER NOT NULL DEFAULT 90,
  daily_points INTEGER NOT NULL DEFAULT 10,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
INSERT INTO drill_settings (id, desired_retention_percent, daily_points, created_at, updated_at)
  VALUES ('default', 90, 10, 0, 0);
