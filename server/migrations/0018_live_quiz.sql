-- Live quiz sessions (issue 14, live part): an editor hosts a quiz for a room; players join with the PIN and
-- each gets a game_plays row (mode 'live', session_id) with the same rounds, issued by the host for all at once.
CREATE TABLE game_live_sessions (
  id TEXT PRIMARY KEY,
  quiz_id TEXT NOT NULL REFERENCES game_quizzes(id) ON DELETE CASCADE,
  game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,  -- the points rule and the leaderboards
  host_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  pin TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'lobby' CHECK (status IN ('lobby', 'question', 'reveal', 'finished')),
  questions_json TEXT NOT NULL,   -- the snapshots every player's rounds copy (never sent as is)
  question_count INTEGER NOT NULL,
  timer_ms INTEGER NOT NULL,
  points_possible INTEGER NOT NULL,
  current INTEGER NOT NULL DEFAULT -1,
  issued_at BIGINT,
  closed_at BIGINT,
  answered INTEGER NOT NULL DEFAULT 0,  -- answers to the current question (its row is the answers' lock)
  seq INTEGER NOT NULL DEFAULT 0,       -- grows on every change: phones ignore older messages
  created_at BIGINT NOT NULL,
  finished_at BIGINT
);
-- A PIN is unique among the sessions still open.
CREATE UNIQUE INDEX game_live_sessions_open_pin ON game_live_sessions(pin) WHERE status <> 'finished';
-- One play per person per session (solo plays have no session: NULLs never collide).
CREATE UNIQUE INDEX game_plays_session_user ON game_plays(session_id, user_id);
