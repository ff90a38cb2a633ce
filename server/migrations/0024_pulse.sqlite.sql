-- Pulse surveys (SPEC §9 "pulse surveys that close the loop"; issue 16): a few questions of the survey engine
-- (server/src/surveys/engine.hpp) asked again every week or month, each person once per period, a question
-- not asked again to the same person within `cooldown` periods; "you said, we did" updates. The PostgreSQL
-- spelling is 0024_pulse.postgres.sql; keep both alike (they differ only in WITHOUT ROWID).
--
-- `period` is a whole number (weeks since 1970-01-05 Bangkok, or year*12 + month-1): see pulse/periods.hpp.

CREATE TABLE pulses (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  description TEXT,
  recurrence TEXT NOT NULL DEFAULT 'weekly' CHECK (recurrence IN ('weekly', 'monthly')),
  questions_per_period INTEGER NOT NULL DEFAULT 3,
  cooldown INTEGER NOT NULL DEFAULT 0,
  anonymous INTEGER NOT NULL DEFAULT 0,
  responses_count BIGINT NOT NULL DEFAULT 0,
  audience_json TEXT,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  start_at BIGINT,
  end_at BIGINT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX pulses_status_idx ON pulses(status, end_at);

CREATE TABLE pulse_questions (
  id TEXT PRIMARY KEY,
  pulse_id TEXT NOT NULL REFERENCES pulses(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('single', 'rating', 'nps', 'short_text', 'long_text')),
  text TEXT NOT NULL,
  help TEXT,
  required INTEGER NOT NULL DEFAULT 0,
  options_json TEXT,
  answers_count BIGINT NOT NULL DEFAULT 0,
  position INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX pulse_questions_pulse_idx ON pulse_questions(pulse_id, position);

-- The claim of "once per period" (INSERT ... ON CONFLICT DO NOTHING in the submitting transaction).
CREATE TABLE pulse_claims (
  pulse_id TEXT NOT NULL REFERENCES pulses(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  period INTEGER NOT NULL,
  PRIMARY KEY (pulse_id, user_id, period)
) WITHOUT ROWID;

-- Which questions a person was asked in a period they submitted: the cooldown reads it.
CREATE TABLE pulse_asks (
  pulse_id TEXT NOT NULL REFERENCES pulses(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  question_id TEXT NOT NULL,
  period INTEGER NOT NULL,
  PRIMARY KEY (pulse_id, user_id, question_id, period)
) WITHOUT ROWID;

-- One row per answered question; no user and no time (named or anonymous alike: results are per period);
-- a random id so no order pairs an answer with its claim. value: option index, rating or NPS score.
CREATE TABLE pulse_answers (
  id TEXT PRIMARY KEY,
  pulse_id TEXT NOT NULL REFERENCES pulses(id) ON DELETE CASCADE,
  question_id TEXT NOT NULL,
  period INTEGER NOT NULL,
  value INTEGER NOT NULL DEFAULT 0,
  text TEXT
) WITHOUT ROWID;
CREATE INDEX pulse_answers_idx ON pulse_answers(pulse_id, question_id, period, value);

-- "You said, we did": an admin's answer to a question's result (optionally of one period, its key).
CREATE TABLE pulse_updates (
  id TEXT PRIMARY KEY,
  pulse_id TEXT NOT NULL REFERENCES pulses(id) ON DELETE CASCADE,
  question_id TEXT NOT NULL REFERENCES pulse_questions(id) ON DELETE CASCADE,
  period TEXT,
  text TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  start_at BIGINT,
  end_at BIGINT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX pulse_updates_pulse_idx ON pulse_updates(pulse_id, status);
