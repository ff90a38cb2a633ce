-- Web Push (issue 30, push/): the browsers that asked for a person's notifications. The endpoint is the
-- push service's URL for one browser profile, so it is unique: subscribing it again (another sign-in on
-- the same phone) moves it to whoever subscribed last, with the keys the browser sent then.
CREATE TABLE push_subscriptions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  endpoint TEXT NOT NULL UNIQUE,
  p256dh TEXT NOT NULL,  -- base64url, 65-byte P-256 point
  auth TEXT NOT NULL,    -- base64url, 16 bytes
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
-- A person's devices, oldest first (the cap drops the oldest).
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions(user_id, updated_at);
