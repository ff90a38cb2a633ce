-- The members club (SPEC §5 Redeem, Coupons, Gifts; issue 11). Everything worth points or stock changes in
-- one transaction with the points ledger: stock columns never go below zero (CHECK, and conditional updates
-- in club/), a person's picks and claims are unique where the rules say "once".

-- Reward items staff redeem points for. stock is what is left (reserved by pending redemptions already);
-- admins change it only through the audited stock action, never by overwriting it.
CREATE TABLE rewards (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  description TEXT,
  image_media_id TEXT REFERENCES media(id),
  cost BIGINT NOT NULL CHECK (cost >= 0),
  stock BIGINT NOT NULL DEFAULT 0 CHECK (stock >= 0),
  per_person_limit INTEGER,
  pickup INTEGER NOT NULL DEFAULT 1,
  delivery INTEGER NOT NULL DEFAULT 0,
  redeemed_count BIGINT NOT NULL DEFAULT 0,
  audience_json TEXT,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  start_at BIGINT,
  end_at BIGINT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX rewards_status_idx ON rewards(status, cost);

-- One redemption of one reward by one person. cost and title are kept as they were when redeemed.
CREATE TABLE redemptions (
  id TEXT PRIMARY KEY,
  reward_id TEXT NOT NULL REFERENCES rewards(id),
  user_id TEXT NOT NULL REFERENCES users(id),
  cost BIGINT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'approved', 'fulfilled', 'rejected', 'cancelled')),
  method TEXT NOT NULL CHECK (method IN ('pickup', 'delivery')),
  store_id TEXT REFERENCES stores(id),
  address_json TEXT,
  reason TEXT,
  decided_by TEXT REFERENCES users(id),
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX redemptions_user_idx ON redemptions(user_id, created_at);
CREATE INDEX redemptions_reward_idx ON redemptions(reward_id, user_id, status);
CREATE INDEX redemptions_status_idx ON redemptions(status, created_at);

-- Every status a redemption went through (the person's timeline; the notification centre reads it).
CREATE TABLE redemption_events (
  id TEXT PRIMARY KEY,
  redemption_id TEXT NOT NULL REFERENCES redemptions(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  status TEXT NOT NULL,
  reason TEXT,
  actor_id TEXT,
  created_at BIGINT NOT NULL
);
CREATE INDEX redemption_events_idx ON redemption_events(redemption_id, created_at);
CREATE INDEX redemption_events_user_idx ON redemption_events(user_id, created_at);

-- The delivery address a person used last, offered again next time.
CREATE TABLE club_addresses (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  address_json TEXT NOT NULL,
  updated_at BIGINT NOT NULL
);

-- The first answer to a POST sent with an Idempotency-Key, replayed to a retry of it. status 0 = being
-- answered (the row is inserted first, so a racing retry waits for it and then reads the answer).
CREATE TABLE idempotency_keys (
  user_id TEXT NOT NULL,
  scope TEXT NOT NULL,
  idem_key TEXT NOT NULL,
  status INTEGER NOT NULL DEFAULT 0,
  body TEXT,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, scope, idem_key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys(created_at);

-- Partner coupon batches and their codes (the batch keeps running counts for the admin list). A code is free until claimed (claimed_by), used when the partner
-- reports it redeemed at the till.
CREATE TABLE coupon_batches (
  id TEXT PRIMARY KEY,
  partner TEXT NOT NULL,
  title TEXT NOT NULL,
  value_text TEXT,
  description TEXT,
  image_media_id TEXT REFERENCES media(id),
  expires_at BIGINT,
  per_person_limit INTEGER NOT NULL DEFAULT 1,
  codes_count BIGINT NOT NULL DEFAULT 0,
  claimed_count BIGINT NOT NULL DEFAULT 0,
  used_count BIGINT NOT NULL DEFAULT 0,
  audience_json TEXT,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  start_at BIGINT,
  end_at BIGINT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE coupon_codes (
  id TEXT PRIMARY KEY,
  batch_id TEXT NOT NULL REFERENCES coupon_batches(id) ON DELETE CASCADE,
  code TEXT NOT NULL,
  claimed_by TEXT REFERENCES users(id),
  claimed_at BIGINT,
  used_at BIGINT,
  created_at BIGINT NOT NULL,
  UNIQUE (batch_id, code)
);
CREATE INDEX coupon_codes_free_idx ON coupon_codes(batch_id, claimed_by);
CREATE INDEX coupon_codes_user_idx ON coupon_codes(claimed_by, claimed_at);

-- New-year gifts: a period (window = open..close) for an audience who joined before a date; options with
-- stock; one pick per person and period, changeable while the period is open.
CREATE TABLE gift_periods (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT,
  joined_before BIGINT,
  audience_json TEXT,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  start_at BIGINT,
  end_at BIGINT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE gift_options (
  id TEXT PRIMARY KEY,
  period_id TEXT NOT NULL REFERENCES gift_periods(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  image_media_id TEXT REFERENCES media(id),
  stock BIGINT NOT NULL DEFAULT 0 CHECK (stock >= 0),
  picked_count BIGINT NOT NULL DEFAULT 0,
  position INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX gift_options_period_idx ON gift_options(period_id, position);

CREATE TABLE gift_picks (
  id TEXT PRIMARY KEY,
  period_id TEXT NOT NULL REFERENCES gift_periods(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id),
  option_id TEXT NOT NULL REFERENCES gift_options(id),
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  UNIQUE (period_id, user_id)
);
CREATE INDEX gift_picks_option_idx ON gift_picks(option_id);
