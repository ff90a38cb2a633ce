-- Single sign-on with OpenID Connect (issue 26).

-- One row ('default'): what admins decide about sign-in with an identity provider.
-- create_unknown_pending: a person the provider vouches for who is not on the roster becomes a pending
-- account for an admin to approve (off: they are refused).
CREATE TABLE sso_settings (
  id TEXT PRIMARY KEY,
  create_unknown_pending INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
INSERT INTO sso_settings (id, create_unknown_pending, created_at, updated_at) VALUES ('default', 0, 0, 0);

-- The states of finished sign-ins (SHA-256), kept until their flow would have expired: a callback is
-- honoured once, even when it is replayed with the browser's flow cookie.
CREATE TABLE sso_used_states (
  state_hash TEXT PRIMARY KEY,
  expires_at BIGINT NOT NULL
);
CREATE INDEX sso_used_states_expires_idx ON sso_used_states(expires_at);

-- Which provider a sign-in went through: 'credentials' or a provider id.
ALTER TABLE sign_ins ADD COLUMN provider TEXT;
