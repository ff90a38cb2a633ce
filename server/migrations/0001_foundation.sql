-- Foundation: regions, stores, users, sessions, sign-in throttling, audit log.
-- Conventions: ids are text UUIDv7; times are integer epoch milliseconds; booleans are 0/1 integers.

CREATE TABLE regions (
  id TEXT PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);

CREATE TABLE stores (
  id TEXT PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  region_id TEXT REFERENCES regions(id),
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  employee_code TEXT NOT NULL UNIQUE,
  email TEXT UNIQUE,
  name TEXT NOT NULL,
  nickname TEXT,
  phone TEXT,
  image TEXT,
  role TEXT NOT NULL DEFAULT 'staff' CHECK (role IN ('staff', 'editor', 'admin')),
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('pending', 'active', 'disabled')),
  store_id TEXT REFERENCES stores(id),
  position TEXT,
  locale TEXT NOT NULL DEFAULT 'th' CHECK (locale IN ('th', 'en')),
  password_hash TEXT,
  joined_at BIGINT,
  last_login_at BIGINT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX users_store_idx ON users(store_id);
-- Sign-in looks accounts up by employee code case-insensitively.
CREATE INDEX users_code_lower_idx ON users(lower(employee_code));

-- Database sessions: the cookie holds a random token; only its SHA-256 is stored, so a leaked table
-- cannot be replayed. Deleting the row revokes the session.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at BIGINT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  ip TEXT,
  user_agent TEXT
);
CREATE INDEX sessions_user_idx ON sessions(user_id);
CREATE INDEX sessions_expires_idx ON sessions(expires_at);

-- Failed sign-ins, counted per account key and per IP over a sliding window (shared by all nodes).
CREATE TABLE auth_failures (
  id TEXT PRIMARY KEY,
  subject TEXT NOT NULL,
  at BIGINT NOT NULL
);
CREATE INDEX auth_failures_subject_idx ON auth_failures(subject, at);

-- Sign-in history (successes and failures) for the logs screen.
CREATE TABLE sign_ins (
  id TEXT PRIMARY KEY,
  user_id TEXT,
  identifier TEXT NOT NULL,
  ok INTEGER NOT NULL,
  reason TEXT,
  ip TEXT,
  user_agent TEXT,
  at BIGINT NOT NULL
);
CREATE INDEX sign_ins_at_idx ON sign_ins(at);

-- Every admin write: who, what, before, after, when, from where. Written in the same transaction.
CREATE TABLE audit_log (
  id TEXT PRIMARY KEY,
  actor_id TEXT,
  action TEXT NOT NULL,
  resource TEXT NOT NULL,
  resource_id TEXT,
  before_json TEXT,
  after_json TEXT,
  ip TEXT,
  at BIGINT NOT NULL
);
CREATE INDEX audit_log_at_idx ON audit_log(at);
CREATE INDEX audit_log_resource_idx ON audit_log(resource, resource_id);
