-- Accounts people can trust (issue 26): one-time account codes, the registrations that wait beside an
-- existing account, and which roster rows an import made new.

-- One-time codes: activation codes for roster people, reset codes (both issued by an admin, short, typed
-- with the person's employee code or read from a card's QR) and reset links mailed to the person (a long
-- token). Only a keyed hash is stored (HMAC-SHA256 with AUTH_SECRET over purpose, person and code), never
-- the code. A code is live while used_at and revoked_at are NULL and expires_at is ahead; it is used with
-- a conditional UPDATE, so one code used twice at once succeeds once.
CREATE TABLE account_codes (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('activation', 'reset', 'reset_link')),
  code_hash TEXT NOT NULL UNIQUE,
  batch_id TEXT NOT NULL,
  issued_by TEXT,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  used_at BIGINT,
  revoked_at BIGINT,
  revoked_by TEXT
);
CREATE INDEX account_codes_user_idx ON account_codes(user_id, purpose);
CREATE INDEX account_codes_created_idx ON account_codes(created_at);

-- A registration without an activation code whose employee code (or email) already belongs to an account:
-- it answers `pending` like any other and waits here, beside that account, for an admin. Approving one of
-- a roster account that has no password yet completes that account with what was typed.
CREATE TABLE registration_claims (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reason TEXT NOT NULL CHECK (reason IN ('code', 'email')),
  employee_code TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT,
  phone TEXT,
  store_id TEXT,
  password_hash TEXT NOT NULL,
  ip TEXT,
  created_at BIGINT NOT NULL
);
CREATE INDEX registration_claims_user_idx ON registration_claims(user_id);
CREATE INDEX registration_claims_created_idx ON registration_claims(created_at);

-- The import that made the roster row's account (NULL: the account existed before), so an admin can issue
-- activation codes for "all new rows of this import".
ALTER TABLE roster ADD COLUMN new_in_import TEXT;
CREATE INDEX roster_new_in_import_idx ON roster(new_in_import);
