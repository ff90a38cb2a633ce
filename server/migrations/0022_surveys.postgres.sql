-- Surveys (SPEC §5 Surveys; issue 16): sections and questions of the one question engine
-- (server/src/surveys/engine.hpp), drafts, one response per person. The SQLite spelling is
-- 0022_surveys.sqlite.sql; keep both alike (they differ only in WITHOUT ROWID).
--
-- Anonymity: survey_participations says only that a person took part (no id, no time); survey_responses of
-- an anonymous survey carry no user id, no time and a random (v4) id. On SQLite both are WITHOUT ROWID so
-- neither keeps an insertion order that would pair the n-th participation with the n-th response.
-- PostgreSQL has no such option: heap order (ctid) and the writing transaction (xmin) are system columns
-- only a database administrator reads; see docs/API.md and the issue 16 note.

CREATE TABLE surveys (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  description TEXT,
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
CREATE INDEX surveys_status_idx ON surveys(status, end_at);

CREATE TABLE survey_sections (
  id TEXT PRIMARY KEY,
  survey_id TEXT NOT NULL REFERENCES surveys(id) ON DELETE CASCADE,
  title TEXT,
  description TEXT,
  position INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX survey_sections_survey_idx ON survey_sections(survey_id, position);

CREATE TABLE survey_questions (
  id TEXT PRIMARY KEY,
  section_id TEXT NOT NULL REFERENCES survey_sections(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('single', 'multiple', 'short_text', 'long_text', 'rating', 'nps')),
  text TEXT NOT NULL,
  help TEXT,
  required INTEGER NOT NULL DEFAULT 0,
  options_json TEXT,
  max_choices INTEGER,
  position INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX survey_questions_section_idx ON survey_questions(section_id, position);

-- Progress kept across devices until submitted; deleted in the submitting transaction.
CREATE TABLE survey_drafts (
  survey_id TEXT NOT NULL REFERENCES surveys(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  answers_json TEXT NOT NULL,
  updated_at BIGINT NOT NULL,
  PRIMARY KEY (survey_id, user_id)
);

-- The claim of "one response per person" for named and anonymous surveys alike (INSERT ... ON CONFLICT DO
-- NOTHING in the submitting transaction).
CREATE TABLE survey_participations (
  survey_id TEXT NOT NULL REFERENCES surveys(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (survey_id, user_id)
);

-- user_id and created_at only for named surveys. store/region/position: the person's at submit time, for
-- the breakdown (anonymous results hide groups under 5).
CREATE TABLE survey_responses (
  id TEXT PRIMARY KEY,
  survey_id TEXT NOT NULL REFERENCES surveys(id) ON DELETE CASCADE,
  user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  store_id TEXT,
  region_id TEXT,
  position TEXT,
  created_at BIGINT
);
CREATE INDEX survey_responses_survey_idx ON survey_responses(survey_id);
CREATE UNIQUE INDEX survey_responses_user_idx ON survey_responses(survey_id, user_id);

-- One row per answered question; a multiple-choice answer is one row per option. value: option index,
-- rating or NPS score; text: text answers.
CREATE TABLE survey_answers (
  response_id TEXT NOT NULL REFERENCES survey_responses(id) ON DELETE CASCADE,
  survey_id TEXT NOT NULL REFERENCES surveys(id) ON DELETE CASCADE,
  question_id TEXT NOT NULL,
  value INTEGER NOT NULL DEFAULT 0,
  text TEXT,
  PRIMARY KEY (response_id, question_id, value)
);
CREATE INDEX survey_answers_survey_idx ON survey_answers(survey_id, question_id, value);
