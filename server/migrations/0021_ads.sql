-- Ads (SPEC §5 "Home page ads"; issue 15): a home banner or a full-screen interstitial shown at /ads when the
-- app opens. impressions and taps are running totals kept by the telemetry pipeline (item events, like home
-- slides). An interstitial's frequency caps (per person per Bangkok day and in total) are counted in
-- ad_reach, one row per (ad, person), moved only by a conditional update; ad_shows makes a retried "shown"
-- (same shown id) count once.
CREATE TABLE ads (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  kind TEXT NOT NULL DEFAULT 'banner' CHECK (kind IN ('banner', 'interstitial')),
  image_media_id TEXT NOT NULL REFERENCES media(id),
  link TEXT,
  priority INTEGER NOT NULL DEFAULT 0,
  cap_per_day INTEGER,
  cap_total INTEGER,
  audience_json TEXT,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  start_at BIGINT,
  end_at BIGINT,
  impressions BIGINT NOT NULL DEFAULT 0,
  taps BIGINT NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX ads_live_idx ON ads(status, kind, priority);

CREATE TABLE ad_reach (
  ad_id TEXT NOT NULL REFERENCES ads(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  total INTEGER NOT NULL DEFAULT 0,
  day TEXT NOT NULL DEFAULT '',
  day_count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (ad_id, user_id)
);
CREATE INDEX ad_reach_user_idx ON ad_reach(user_id);

CREATE TABLE ad_shows (
  ad_id TEXT NOT NULL REFERENCES ads(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  shown_id TEXT NOT NULL,
  day TEXT NOT NULL,
  at BIGINT NOT NULL,
  PRIMARY KEY (ad_id, user_id, shown_id)
);
