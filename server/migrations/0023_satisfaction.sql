-- Satisfaction ratings (SPEC §5 Satisfactions; issue 16): 1-5 stars and an optional comment on a content, a
-- course or an event, asked after the person completed it (a content or course completed, an event attended).
-- A prompt row is written by the completion's trigger (satisfaction/satisfaction.cpp) and is what makes an
-- item rateable; one rating per person and item (UNIQUE: the upsert is race-free); editors may hide a comment.
CREATE TABLE satisfaction_prompts (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  item_type TEXT NOT NULL CHECK (item_type IN ('content', 'course', 'event')),
  item_id TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  dismissed_at BIGINT,
  PRIMARY KEY (user_id, item_type, item_id)
);

CREATE TABLE satisfaction_ratings (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  item_type TEXT NOT NULL CHECK (item_type IN ('content', 'course', 'event')),
  item_id TEXT NOT NULL,
  stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
  comment TEXT,
  comment_hidden INTEGER NOT NULL DEFAULT 0,
  hidden_by TEXT REFERENCES users(id),
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  UNIQUE (user_id, item_type, item_id)
);
CREATE INDEX satisfaction_ratings_item_idx ON satisfaction_ratings(item_type, item_id);
CREATE INDEX satisfaction_ratings_updated_idx ON satisfaction_ratings(updated_at);

-- Completions from before this migration are rateable too (no prompt is shown for them: they are dismissed).
INSERT INTO satisfaction_prompts (user_id, item_type, item_id, created_at, dismissed_at)
SELECT user_id, 'content', item_id, completed_at, completed_at FROM learning_progress
WHERE item_type = 'content' AND completed_at IS NOT NULL;
INSERT INTO satisfaction_prompts (user_id, item_type, item_id, created_at, dismissed_at)
SELECT user_id, 'course', course_id, completed_at, completed_at FROM course_enrollments WHERE completed_at IS NOT NULL;
INSERT INTO satisfaction_prompts (user_id, item_type, item_id, created_at, dismissed_at)
SELECT user_id, 'event', item_id, checked_in_at, checked_in_at FROM event_registrations WHERE checked_in_at IS NOT NULL;
