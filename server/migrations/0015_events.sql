-- Events and social club activities (SPEC §5; issue 13): one sign-up engine (server/src/events/) over two
-- publishable, audience-bound tables of the same shape (the activity adds its kind, hours credited and the
-- photos afterwards) and a registrations table each. A registration is going or waitlisted (or cancelled,
-- kept so a person who comes back is the same row); `seq` is the arrival order, taken from the item's
-- `signup_seq` counter while the item row is locked, so the waitlist is in commit order. `code` is the
-- opaque ticket the QR holds. Capacity 0 or NULL = unlimited.
CREATE TABLE events (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  description TEXT,
  cover_media_id TEXT REFERENCES media(id),
  starts_at BIGINT NOT NULL,
  ends_at BIGINT NOT NULL,
  place_kind TEXT NOT NULL DEFAULT 'store' CHECK (place_kind IN ('store', 'address', 'online')),
  store_id TEXT REFERENCES stores(id),
  address TEXT,
  online_link TEXT,
  capacity INTEGER,
  registration_opens_at BIGINT,
  registration_closes_at BIGINT,
  points INTEGER NOT NULL DEFAULT 0,
  signup_seq BIGINT NOT NULL DEFAULT 0,
  audience_json TEXT,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  start_at BIGINT,
  end_at BIGINT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX events_status_idx ON events(status, starts_at);

CREATE TABLE social_activities (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  description TEXT,
  cover_media_id TEXT REFERENCES media(id),
  activity_kind TEXT NOT NULL DEFAULT 'csr' CHECK (activity_kind IN ('csr', 'sports', 'volunteering')),
  hours INTEGER NOT NULL DEFAULT 0,
  photos_json TEXT,
  starts_at BIGINT NOT NULL,
  ends_at BIGINT NOT NULL,
  place_kind TEXT NOT NULL DEFAULT 'store' CHECK (place_kind IN ('store', 'address', 'online')),
  store_id TEXT REFERENCES stores(id),
  address TEXT,
  online_link TEXT,
  capacity INTEGER,
  registration_opens_at BIGINT,
  registration_closes_at BIGINT,
  points INTEGER NOT NULL DEFAULT 0,
  signup_seq BIGINT NOT NULL DEFAULT 0,
  audience_json TEXT,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  start_at BIGINT,
  end_at BIGINT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX social_activities_status_idx ON social_activities(status, starts_at);

CREATE TABLE event_registrations (
  id TEXT PRIMARY KEY,
  item_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('going', 'waitlisted', 'cancelled')),
  seq BIGINT NOT NULL,
  checked_in_at BIGINT,
  checked_in_by TEXT REFERENCES users(id),
  hours INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  UNIQUE (item_id, user_id)
);
CREATE INDEX event_registrations_seq_idx ON event_registrations(item_id, status, seq);
CREATE INDEX event_registrations_user_idx ON event_registrations(user_id);

CREATE TABLE social_registrations (
  id TEXT PRIMARY KEY,
  item_id TEXT NOT NULL REFERENCES social_activities(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('going', 'waitlisted', 'cancelled')),
  seq BIGINT NOT NULL,
  checked_in_at BIGINT,
  checked_in_by TEXT REFERENCES users(id),
  hours INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  UNIQUE (item_id, user_id)
);
CREATE INDEX social_registrations_seq_idx ON social_registrations(item_id, status, seq);
CREATE INDEX social_registrations_user_idx ON social_registrations(user_id);
