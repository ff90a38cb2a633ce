-- Campaigns and naming contests (SPEC §5; issue 13): one contest engine. Entries (photos, texts or name
-- proposals) are moderated, then voted on; the per-person limits are kept race-free by one participant row
-- per (contest, person) taken with conditional updates, and UNIQUE (entry, user) on votes.
CREATE TABLE contests (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL DEFAULT 'campaign' CHECK (kind IN ('campaign', 'naming')),
  title TEXT NOT NULL,
  description TEXT,
  cover_media_id TEXT REFERENCES media(id),
  entry_type TEXT NOT NULL DEFAULT 'photo' CHECK (entry_type IN ('photo', 'text')),
  entry_limit INTEGER NOT NULL DEFAULT 1,
  votes_per_person INTEGER NOT NULL DEFAULT 3,
  entries_start BIGINT NOT NULL,
  entries_end BIGINT NOT NULL,
  voting_start BIGINT NOT NULL,
  voting_end BIGINT NOT NULL,
  winners_count INTEGER NOT NULL DEFAULT 3,
  winner_mode TEXT NOT NULL DEFAULT 'votes' CHECK (winner_mode IN ('votes', 'admins')),
  win_points INTEGER NOT NULL DEFAULT 0,
  entry_points INTEGER NOT NULL DEFAULT 0,
  entries_count BIGINT NOT NULL DEFAULT 0,
  announced_at BIGINT,
  audience_json TEXT,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  start_at BIGINT,
  end_at BIGINT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX contests_kind_idx ON contests(kind, status);

CREATE TABLE contest_entries (
  id TEXT PRIMARY KEY,
  contest_id TEXT NOT NULL REFERENCES contests(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  photo_media_id TEXT REFERENCES media(id),
  text TEXT,
  reason TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reject_reason TEXT,
  votes_count BIGINT NOT NULL DEFAULT 0,
  winner INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX contest_entries_contest_idx ON contest_entries(contest_id, status);
CREATE INDEX contest_entries_user_idx ON contest_entries(contest_id, user_id);

CREATE TABLE contest_participants (
  contest_id TEXT NOT NULL REFERENCES contests(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  entries_count INTEGER NOT NULL DEFAULT 0,
  votes_used INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (contest_id, user_id)
);

CREATE TABLE contest_votes (
  id TEXT PRIMARY KEY,
  contest_id TEXT NOT NULL REFERENCES contests(id) ON DELETE CASCADE,
  entry_id TEXT NOT NULL REFERENCES contest_entries(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL,
  UNIQUE (entry_id, user_id)
);

-- Who uploaded a photo through POST /api/media/photos (media rows are shared by hash, so one photo may have
-- several uploaders); areas let a person reference only photos they uploaded.
CREATE TABLE photo_uploads (
  media_id TEXT NOT NULL REFERENCES media(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (media_id, user_id)
);
