-- Recognition (SPEC §5 Badges, Stickers; issue 12). Badges are awarded by a rule (badges/rules.hpp) when
-- the thing it counts happens, or by hand; once per person (UNIQUE). A revoked award stays as a row so a
-- rule does not give it back. Stickers are collected (a count per person and sticker); each grant is keyed
-- so a retried trigger gives one sticker, not two.
CREATE TABLE badges (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT,
  image_media_id TEXT REFERENCES media(id),
  criteria TEXT NOT NULL DEFAULT 'manual',
  course_id TEXT REFERENCES courses(id),
  exam_id TEXT REFERENCES exams(id),
  threshold BIGINT,
  awarded_count BIGINT NOT NULL DEFAULT 0,
  backfill_state TEXT NOT NULL DEFAULT 'idle' CHECK (backfill_state IN ('idle', 'running', 'done')),
  backfill_done BIGINT NOT NULL DEFAULT 0,
  backfill_total BIGINT NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  start_at BIGINT,
  end_at BIGINT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX badges_criteria_idx ON badges(status, criteria);

CREATE TABLE badge_awards (
  id TEXT PRIMARY KEY,
  badge_id TEXT NOT NULL REFERENCES badges(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  awarded_at BIGINT NOT NULL,
  awarded_by TEXT,
  reason TEXT,
  revoked_at BIGINT,
  revoked_by TEXT,
  revoke_reason TEXT,
  UNIQUE (badge_id, user_id)
);
CREATE INDEX badge_awards_user_idx ON badge_awards(user_id, awarded_at);

CREATE TABLE sticker_sets (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT,
  image_media_id TEXT REFERENCES media(id),
  rule TEXT NOT NULL DEFAULT 'manual',
  stickers_count BIGINT NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  start_at BIGINT,
  end_at BIGINT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE stickers (
  id TEXT PRIMARY KEY,
  set_id TEXT NOT NULL REFERENCES sticker_sets(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  image_media_id TEXT REFERENCES media(id),
  rarity TEXT NOT NULL DEFAULT 'common' CHECK (rarity IN ('common', 'rare', 'epic', 'legendary')),
  position INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX stickers_set_idx ON stickers(set_id, position);

CREATE TABLE user_stickers (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  sticker_id TEXT NOT NULL REFERENCES stickers(id) ON DELETE CASCADE,
  count BIGINT NOT NULL DEFAULT 0,
  first_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, sticker_id)
);

CREATE TABLE sticker_grants (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  sticker_id TEXT NOT NULL REFERENCES stickers(id) ON DELETE CASCADE,
  grant_key TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  UNIQUE (user_id, grant_key)
);

-- Owned stickers as reactions: one per person per article or comment (changing it replaces it).
CREATE TABLE sticker_reactions (
  target_type TEXT NOT NULL CHECK (target_type IN ('article', 'comment')),
  target_id TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  sticker_id TEXT NOT NULL REFERENCES stickers(id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (target_type, target_id, user_id)
);
CREATE INDEX sticker_reactions_target_idx ON sticker_reactions(target_type, target_id);

-- A reward may be a sticker pack: redeeming it gives a random sticker of the set.
ALTER TABLE rewards ADD COLUMN sticker_set_id TEXT REFERENCES sticker_sets(id);
