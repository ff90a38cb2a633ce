-- Home slides (SPEC "Home", back office "homeoptions"): pictures above the staff Home feed, in the editors'
-- order, each published to an audience for a window. impressions and taps are running totals kept by the
-- telemetry pipeline (item events below), never written through the admin API.
CREATE TABLE home_slides (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  image_media_id TEXT NOT NULL REFERENCES media(id),
  link TEXT,
  position INTEGER NOT NULL DEFAULT 0,
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
CREATE INDEX home_slides_order_idx ON home_slides(status, position);

-- Telemetry: a staff member saw (view) or tapped (tap) an item of an area that counts them (home slides).
CREATE TABLE item_events (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  resource TEXT NOT NULL,
  item_id TEXT NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('view', 'tap')),
  at BIGINT NOT NULL
);
CREATE INDEX item_events_item_idx ON item_events(resource, item_id, at);
CREATE INDEX item_events_at_idx ON item_events(at);
