-- Forms (SPEC §5 Forms; issue 16): a form builder on the one question engine (server/src/surveys/engine.hpp),
-- submissions (one or many per person), and files uploaded by staff for file questions. The files live in
-- DATA_DIR/form-files/ (not the public media folder) and are served to admins only.
CREATE TABLE forms (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  description TEXT,
  multiple_submissions INTEGER NOT NULL DEFAULT 0,
  submissions_count BIGINT NOT NULL DEFAULT 0,
  audience_json TEXT,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  start_at BIGINT,
  end_at BIGINT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX forms_status_idx ON forms(status, end_at);

CREATE TABLE form_questions (
  id TEXT PRIMARY KEY,
  form_id TEXT NOT NULL REFERENCES forms(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('short_text', 'long_text', 'number', 'date', 'single', 'multiple', 'file')),
  text TEXT NOT NULL,
  help TEXT,
  required INTEGER NOT NULL DEFAULT 0,
  options_json TEXT,
  max_choices INTEGER,
  min_value BIGINT,
  max_value BIGINT,
  position INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX form_questions_form_idx ON form_questions(form_id, position);

-- The claim of "one submission per person" (forms with multiple_submissions = 0): INSERT ... ON CONFLICT DO
-- NOTHING in the submitting transaction.
CREATE TABLE form_claims (
  form_id TEXT NOT NULL REFERENCES forms(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (form_id, user_id)
);

-- answers_json: {questionId: value} as checked by the engine (option indexes, numbers, texts, upload ids).
-- store/region: the person's at submit time (the list's filters).
CREATE TABLE form_submissions (
  id TEXT PRIMARY KEY,
  form_id TEXT NOT NULL REFERENCES forms(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  store_id TEXT,
  region_id TEXT,
  answers_json TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX form_submissions_form_idx ON form_submissions(form_id, created_at);

-- A staff member's upload for a file question; submission_id is set (once) when a submission uses it.
CREATE TABLE form_files (
  id TEXT PRIMARY KEY,
  form_id TEXT NOT NULL REFERENCES forms(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  submission_id TEXT REFERENCES form_submissions(id) ON DELETE SET NULL,
  name TEXT NOT NULL,
  mime TEXT NOT NULL,
  ext TEXT NOT NULL,
  bytes BIGINT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX form_files_submission_idx ON form_files(submission_id);
