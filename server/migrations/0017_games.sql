-- Games (SPEC §5 Games; issue 14): quizzes (own questions and/or drawn from an exam's questions), matching
-- boards, the catalogue of game instances (window, audience, attempts per day, points rule) and the daily
-- points cap. A play is one person's attempt; `mode` is 'solo' now, and the live quiz adds sessions whose
-- plays are 'live' (session_id) with the same rounds. The server issues and times every round itself.
CREATE TABLE game_quizzes (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  description TEXT,
  cover_media_id TEXT REFERENCES media(id),
  timer_seconds INTEGER NOT NULL DEFAULT 20,
  points_possible INTEGER NOT NULL DEFAULT 1000,
  streak_bonus INTEGER NOT NULL DEFAULT 1,
  bank_id TEXT REFERENCES exams(id) ON DELETE SET NULL,
  bank_count INTEGER,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE game_quiz_questions (
  id TEXT PRIMARY KEY,
  quiz_id TEXT NOT NULL REFERENCES game_quizzes(id) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  kind TEXT NOT NULL DEFAULT 'single' CHECK (kind IN ('single', 'multiple', 'truefalse')),
  prompt TEXT NOT NULL,
  image_media_id TEXT REFERENCES media(id),
  choices_json TEXT NOT NULL,
  correct_json TEXT NOT NULL,
  explanation TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX game_quiz_questions_quiz_idx ON game_quiz_questions(quiz_id, position);

CREATE TABLE game_matchings (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  description TEXT,
  cover_media_id TEXT REFERENCES media(id),
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE game_matching_pairs (
  id TEXT PRIMARY KEY,
  matching_id TEXT NOT NULL REFERENCES game_matchings(id) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  left_text TEXT NOT NULL,
  left_image_media_id TEXT REFERENCES media(id),
  right_text TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX game_matching_pairs_matching_idx ON game_matching_pairs(matching_id, position);

CREATE TABLE games (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  kind TEXT NOT NULL DEFAULT 'quiz' CHECK (kind IN ('quiz', 'matching')),
  quiz_id TEXT REFERENCES game_quizzes(id),
  matching_id TEXT REFERENCES game_matchings(id),
  cover_media_id TEXT REFERENCES media(id),
  attempts_per_day INTEGER NOT NULL DEFAULT 3,
  score_per_point INTEGER NOT NULL DEFAULT 100,
  plays_count BIGINT NOT NULL DEFAULT 0,
  audience_json TEXT,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  start_at BIGINT,
  end_at BIGINT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX games_status_idx ON games(status, end_at);

-- One row ('default'): the settings every game shares.
CREATE TABLE game_settings (
  id TEXT PRIMARY KEY,
  daily_points_cap INTEGER NOT NULL DEFAULT 100,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
INSERT INTO game_settings (id, daily_points_cap, created_at, updated_at) VALUES ('default', 100, 0, 0);

CREATE TABLE game_plays (
  id TEXT PRIMARY KEY,
  game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  mode TEXT NOT NULL DEFAULT 'solo' CHECK (mode IN ('solo', 'live')),
  session_id TEXT,               -- the live session (next part of issue 14); NULL for solo plays
  kind TEXT NOT NULL CHECK (kind IN ('quiz', 'matching')),
  day BIGINT NOT NULL,            -- Bangkok day number of started_at (attempts per day)
  started_at BIGINT NOT NULL,
  finished_at BIGINT,
  score BIGINT NOT NULL DEFAULT 0,
  streak INTEGER NOT NULL DEFAULT 0,
  moves INTEGER NOT NULL DEFAULT 0,
  board_json TEXT,                -- matching: [{id, pair, side}] in the order shown; never sent as is
  found_json TEXT,                -- matching: [[cardId, cardId]]
  points_awarded INTEGER NOT NULL DEFAULT 0,
  points_capped INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX game_plays_user_idx ON game_plays(user_id, game_id, day);
CREATE INDEX game_plays_board_idx ON game_plays(game_id, finished_at, score);

CREATE TABLE game_rounds (
  id TEXT PRIMARY KEY,
  play_id TEXT NOT NULL REFERENCES game_plays(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  question_json TEXT NOT NULL,    -- snapshot {kind, prompt, imageId, choices, correct, explanation}
  timer_ms INTEGER NOT NULL,
  points_possible INTEGER NOT NULL,
  issued_at BIGINT,
  answered_at BIGINT,
  answer_json TEXT,
  correct INTEGER NOT NULL DEFAULT 0,
  response_ms INTEGER,
  points INTEGER NOT NULL DEFAULT 0,
  bonus INTEGER NOT NULL DEFAULT 0,
  streak INTEGER NOT NULL DEFAULT 0,
  UNIQUE (play_id, position)
);
