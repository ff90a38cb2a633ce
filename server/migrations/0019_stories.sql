-- Success stories (SPEC §5; issue 15): staff post a story (text, 1-6 photos, a store); editors moderate it
-- (pending → published | rejected with a reason), feature it, and see reported ones again. Likes, comments
-- and reports are one row per (story, person) where the rule is "once"; the counters on the story move only
-- when such a row was really written, so the feed reads one table.
CREATE TABLE stories (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The author's name when posting, for the moderation list (editors may not read the users area).
  author_name TEXT,
  store_id TEXT REFERENCES stores(id) ON DELETE SET NULL,
  -- The store's region when the story was written or moved, so "filter by region" is an index range.
  region_id TEXT,
  text TEXT NOT NULL,
  photos_json TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'published', 'rejected')),
  reject_reason TEXT,
  featured INTEGER NOT NULL DEFAULT 0,
  reported INTEGER NOT NULL DEFAULT 0,
  published_at BIGINT,
  likes_count BIGINT NOT NULL DEFAULT 0,
  comments_count BIGINT NOT NULL DEFAULT 0,
  reports_count BIGINT NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
-- The feed is a keyset walk in (featured DESC, published_at DESC, id DESC) over published stories, for
-- everyone, one store or one region: each is one index range read backwards.
CREATE INDEX stories_feed_idx ON stories(status, featured, published_at, id);
CREATE INDEX stories_store_feed_idx ON stories(store_id, status, featured, published_at, id);
CREATE INDEX stories_region_feed_idx ON stories(region_id, status, featured, published_at, id);
CREATE INDEX stories_user_idx ON stories(user_id, created_at);
-- The moderation queue: pending, or published and reported.
CREATE INDEX stories_queue_idx ON stories(status, reported);

CREATE TABLE story_likes (
  story_id TEXT NOT NULL REFERENCES stories(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (story_id, user_id)
);
CREATE INDEX story_likes_user_idx ON story_likes(user_id);

CREATE TABLE story_comments (
  id TEXT PRIMARY KEY,
  story_id TEXT NOT NULL REFERENCES stories(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  body TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX story_comments_story_idx ON story_comments(story_id, id);
CREATE INDEX story_comments_user_idx ON story_comments(user_id);

CREATE TABLE story_reports (
  story_id TEXT NOT NULL REFERENCES stories(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reason TEXT,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (story_id, user_id)
);
CREATE INDEX story_reports_user_idx ON story_reports(user_id);
