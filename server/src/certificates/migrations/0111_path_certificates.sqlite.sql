-- A certificate of a course or of a learning path (issue 32): a definition and its certificates name one
-- of the two (subject_kind says which). The PostgreSQL spelling is 0111_path_certificates.postgres.sql; keep both alike.
--
-- SQLite cannot drop a NOT NULL in place: both tables are made again. The certificates are set aside first,
-- so dropping the definitions (which cascades to them while foreign keys are on) takes nothing with it.
CREATE TABLE certificates_kept AS SELECT * FROM certificates;
DROP TABLE certificates;
CREATE TABLE certificate_definitions_next (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  subject_kind TEXT NOT NULL DEFAULT 'course' CHECK (subject_kind IN ('course', 'path')),
  course_id TEXT UNIQUE REFERENCES courses(id) ON DELETE CASCADE,
  path_id TEXT UNIQUE REFERENCES learning_paths(id) ON DELETE CASCADE,
  valid_months INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  start_at BIGINT,
  end_at BIGINT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  CONSTRAINT certificate_definitions_subject CHECK (CASE subject_kind WHEN 'course' THEN course_id IS NOT NULL
    AND path_id IS NULL ELSE path_id IS NOT NULL AND course_id IS NULL END)
);
INSERT INTO certificate_definitions_next (id, title, course_id, valid_months, status, start_at, end_at,
                                          created_at, updated_at, version)
  SELECT id, title, course_id, valid_months, status, start_at, end_at, created_at, updated_at, version
  FROM certificate_definitions;
DROP TABLE certificate_definitions;
ALTER TABLE certificate_definitions_next RENAME TO certificate_definitions;
CREATE TABLE certificates (
  id TEXT PRIMARY KEY,
  definition_id TEXT NOT NULL REFERENCES certificate_definitions(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  course_id TEXT REFERENCES courses(id) ON DELETE CASCADE,
  path_id TEXT REFERENCES learning_paths(id) ON DELETE CASCADE,
  first_issued_at BIGINT NOT NULL,
  issued_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  renewals INTEGER NOT NULL DEFAULT 0,
  UNIQUE (definition_id, user_id),
  CONSTRAINT certificates_subject CHECK ((course_id IS NULL) <> (path_id IS NULL))
);
INSERT INTO certificates (id, definition_id, user_id, course_id, first_issued_at, issued_at, expires_at,
                          renewals)
  SELECT id, definition_id, user_id, course_id, first_issued_at, issued_at, expires_at, renewals
  FROM certificates_kept;
DROP TABLE certificates_kept;
CREATE INDEX certificates_user_idx ON certificates(user_id);
CREATE INDEX certificates_expiry_idx ON certificates(expires_at);
