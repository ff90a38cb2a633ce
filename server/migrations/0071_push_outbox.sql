-- Pushes waiting to go out (issue 30, push/sender.hpp): written in the transaction that causes them, sent by
-- a background sender on any node. A row is claimed by setting claimed_until (a lease: a node that dies
-- mid-send leaves it to be claimed again when the lease ends), deleted once the push service took it or
-- gave up on it, and moved to a later next_at when the service asks to retry (429, 5xx).
CREATE TABLE push_outbox (
  id TEXT PRIMARY KEY,
  subscription_id TEXT NOT NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE,
  payload TEXT NOT NULL,                  -- the JSON the service worker shows: {title, body, url, tag}
  topic TEXT,                             -- Topic header: a newer push with the same topic replaces it
  urgency TEXT NOT NULL DEFAULT 'normal', -- very-low, low, normal, high
  ttl_s INTEGER NOT NULL,                 -- how long the push service keeps it for an offline phone
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at BIGINT NOT NULL,
  claimed_until BIGINT,
  claim TEXT,                             -- the claiming sender's token, to read back what it claimed
  created_at BIGINT NOT NULL
);
CREATE INDEX push_outbox_due_idx ON push_outbox(next_at);
CREATE INDEX push_outbox_subscription_idx ON push_outbox(subscription_id);
