-- Learning paths (issue 32): an ordered list of courses, each required or optional. A path completes for a
-- person when every required course of it is completed; a path can grant a certificate
-- (certificate_definitions.path_id, certificates/issue.hpp).
CREATE TABLE learning_paths (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  summary TEXT,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  start_at BIGINT,
  end_at BIGINT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);

-- The path's courses in order; a course is in a path once.
CREATE TABLE learning_path_courses (
  id TEXT PRIMARY KEY,
  path_id TEXT NOT NULL REFERENCES learning_paths(id) ON DELETE CASCADE,
  course_id TEXT NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
  required INTEGER NOT NULL DEFAULT 1,
  position INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  UNIQUE (path_id, course_id)
);
CREATE INDEX learning_path_courses_course_idx ON learning_path_courses(course_id);

-- A person's standing in a path: written (and so row-locked) before the path's completion is checked, so
-- two of its courses completed at the same moment are checked one after the other and the second sees the
-- first (certificates/issue.cpp). completed_at: when the path was last completed.
CREATE TABLE learning_path_progress (
  path_id TEXT NOT NULL REFERENCES learning_paths(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  checked_at BIGINT NOT NULL,
  completed_at BIGINT,
  PRIMARY KEY (path_id, user_id)
);
