-- A certificate of a course or of a learning path (issue 32): a definition and its certificates name one
-- of the two (subject_kind says which). The SQLite spelling is 0111_path_certificates.sqlite.sql; keep both alike.
ALTER TABLE certificate_definitions ALTER COLUMN course_id DROP NOT NULL;
ALTER TABLE certificate_definitions ADD COLUMN path_id TEXT UNIQUE REFERENCES learning_paths(id) ON DELETE CASCADE;
ALTER TABLE certificate_definitions ADD COLUMN subject_kind TEXT NOT NULL DEFAULT 'course'
  CHECK (subject_kind IN ('course', 'path'));
ALTER TABLE certificate_definitions ADD CONSTRAINT certificate_definitions_subject
  CHECK (CASE subject_kind WHEN 'course' THEN course_id IS NOT NULL AND path_id IS NULL
    ELSE path_id IS NOT NULL AND course_id IS NULL END);
ALTER TABLE certificates ALTER COLUMN course_id DROP NOT NULL;
ALTER TABLE certificates ADD COLUMN path_id TEXT REFERENCES learning_paths(id) ON DELETE CASCADE;
ALTER TABLE certificates ADD CONSTRAINT certificates_subject CHECK ((course_id IS NULL) <> (path_id IS NULL));
