-- Polls (SPEC §5 Votes; issue 13): a question with text or image options, single or multiple choice, a
-- window and an audience. One ballot per person and poll (UNIQUE), its choices beside it; running counts on
-- the poll and its options for the results bars.
CREATE TABLE polls (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  description TEXT,
  image_media_id TEXT REFERENCES media(id),
  choice TEXT NOT NULL DEFAULT 'single' CHECK (choice IN ('single', 'multiple')),
  max_choices INTEGER NOT NULL DEFAULT 2,
  results_visibility TEXT NOT NULL DEFAULT 'after_vote' CHECK (results_visibility IN ('after_vote', 'after_close', 'admins')),
  ballots_count BIGINT NOT NULL DEFAULT 0,
  audience_json TEXT,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  start_at BIGINT,
  end_at BIGINT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX polls_status_idx ON polls(status, end_at);

CREATE TABLE poll_options (
  id TEXT PRIMARY KEY,
  poll_id TEXT NOT NULL REFERENCES polls(id) ON DELETE CASCADE,
  text TEXT NOT NULL,
  image_media_id TEXT REFERENCES media(id),
  votes_count BIGINT NOT NULL DEFAULT 0,
  position INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX poll_options_poll_idx ON poll_options(poll_id, position);

CREATE TABLE poll_ballots (
  id TEXT PRIMARY KEY,
  poll_id TEXT NOT NULL REFERENCES polls(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL,
  UNIQUE (poll_id, user_id)
);

CREATE TABLE poll_choices (
  ballot_id TEXT NOT NULL REFERENCES poll_ballots(id) ON DELETE CASCADE,
  option_id TEXT NOT NULL REFERENCES poll_options(id) ON DELETE CASCADE,
  PRIMARY KEY (ballot_id, option_id)
);
