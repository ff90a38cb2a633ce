-- Web Push preferences (issue 30, push/preferences.hpp): a row only for a person who changed something;
-- no row = every kind on, no quiet hours.
CREATE TABLE push_settings (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  muted TEXT NOT NULL DEFAULT '',  -- the kinds turned off, comma-separated: "courses,badges"
  quiet_from INTEGER,              -- quiet hours, minutes after midnight in Asia/Bangkok; both or neither
  quiet_to INTEGER,                -- (quiet_from > quiet_to: the hours cross midnight)
  updated_at BIGINT NOT NULL
);
