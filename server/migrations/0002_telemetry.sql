-- Telemetry (SPEC §4): what the hosted document database used to hold, now ours.
-- user_id is a user id or 'anonymous'. Times are epoch milliseconds.

CREATE TABLE user_activity (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  page TEXT NOT NULL,
  action TEXT NOT NULL,
  at BIGINT NOT NULL
);
CREATE INDEX user_activity_user_idx ON user_activity(user_id, at);
CREATE INDEX user_activity_at_idx ON user_activity(at);

-- element is the clicked element's markup, capped at 1 KB and only ever shown as text.
CREATE TABLE user_clicks (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  element TEXT NOT NULL,
  url TEXT,
  at BIGINT NOT NULL
);
CREATE INDEX user_clicks_at_idx ON user_clicks(at);

CREATE TABLE user_page_time (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  duration_ms BIGINT NOT NULL,
  url TEXT NOT NULL,
  at BIGINT NOT NULL
);
CREATE INDEX user_page_time_at_idx ON user_page_time(at);

CREATE TABLE user_scroll_time (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  duration_ms BIGINT NOT NULL,
  url TEXT NOT NULL,
  at BIGINT NOT NULL
);
CREATE INDEX user_scroll_time_at_idx ON user_scroll_time(at);

CREATE TABLE page_views (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  url TEXT NOT NULL,
  referrer TEXT,
  at BIGINT NOT NULL
);
CREATE INDEX page_views_at_idx ON page_views(at);

-- Web Vitals: name is LCP, INP, CLS, FCP or TTFB; value in ms (CLS unitless).
CREATE TABLE web_vitals (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  name TEXT NOT NULL,
  value DOUBLE PRECISION NOT NULL,
  rating TEXT,
  url TEXT NOT NULL,
  at BIGINT NOT NULL
);
CREATE INDEX web_vitals_at_idx ON web_vitals(name, at);

-- Presence (users/{userId} of the seed): one row per user ever seen.
CREATE TABLE presence (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  online INTEGER NOT NULL,
  last_seen BIGINT NOT NULL
);
CREATE INDEX presence_online_idx ON presence(online);

-- Live realtime connections, per node. A user is online while any row of theirs exists and reports
-- itself online (browser offline events set reported_online = 0).
CREATE TABLE presence_connections (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  node_id TEXT NOT NULL,
  reported_online INTEGER NOT NULL DEFAULT 1,
  opened_at BIGINT NOT NULL
);
CREATE INDEX presence_connections_user_idx ON presence_connections(user_id);
CREATE INDEX presence_connections_node_idx ON presence_connections(node_id);

-- Server processes heartbeat here; a node silent for too long has its connections reaped by the others.
CREATE TABLE nodes (
  node_id TEXT PRIMARY KEY,
  started_at BIGINT NOT NULL,
  heartbeat_at BIGINT NOT NULL
);
