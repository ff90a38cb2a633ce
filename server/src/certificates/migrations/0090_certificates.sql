-- Certificates that expire (issue 32): a course can grant a certificate valid for N months; completing the
-- course issues it, completing it again renews it (certificates/issue.hpp).

-- What an admin sets: this course grants a certificate valid for valid_months (one definition per course).
-- Only a published definition issues certificates; those already issued keep their dates.
CREATE TABLE certificate_definitions (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  course_id TEXT NOT NULL UNIQUE REFERENCES courses(id) ON DELETE CASCADE,
  valid_months INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  start_at BIGINT,
  end_at BIGINT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);

-- One certificate per person and definition. id is the public id (128 random bits, hex): the QR code and
-- the verification page /share/cert/<id> carry it, so only someone its holder showed it to finds it. A
-- renewal moves issued_at and expires_at and keeps the id (a printed QR code shows the current validity).
CREATE TABLE certificates (
  id TEXT PRIMARY KEY,
  definition_id TEXT NOT NULL REFERENCES certificate_definitions(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  course_id TEXT NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
  first_issued_at BIGINT NOT NULL,
  issued_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  renewals INTEGER NOT NULL DEFAULT 0,
  UNIQUE (definition_id, user_id)
);
CREATE INDEX certificates_user_idx ON certificates(user_id);
CREATE INDEX certificates_expiry_idx ON certificates(expires_at);
