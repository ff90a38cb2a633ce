-- Consent to analytics tracking (issue 34, PDPA). One row per person who answered the privacy notice; no row
-- means "not asked". notice_version is the notice they answered: a newer notice asks again.
CREATE TABLE privacy_consents (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  choice TEXT NOT NULL CHECK (choice IN ('accepted', 'declined')),
  notice_version INTEGER NOT NULL,
  answered_at BIGINT NOT NULL
);

-- One row for the company: whether tracking waits for a person's consent (on by default: PDPA).
CREATE TABLE privacy_settings (
  id TEXT PRIMARY KEY,
  consent_required INTEGER NOT NULL DEFAULT 1,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
INSERT INTO privacy_settings (id, consent_required, created_at, updated_at) VALUES ('default', 1, 0, 0);
