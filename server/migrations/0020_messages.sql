-- Messages (SPEC §5 Messages; issue 15): broadcasts from the back office to an audience, delivered as one row
-- per recipient (written in bulk when sent, so read state and the read count are per person), and one-to-one
-- threads between a staff member and the back office.
CREATE TABLE broadcasts (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  body TEXT,
  image_media_id TEXT REFERENCES media(id),
  audience_json TEXT,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'sent')),
  sent_at BIGINT,
  sent_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  recipients_count BIGINT NOT NULL DEFAULT 0,
  reads_count BIGINT NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX broadcasts_sent_idx ON broadcasts(status, sent_at);

-- A person's copy of a broadcast: the inbox reads by person, the live fan-out by broadcast.
CREATE TABLE broadcast_deliveries (
  broadcast_id TEXT NOT NULL REFERENCES broadcasts(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  delivered_at BIGINT NOT NULL,
  read_at BIGINT,
  PRIMARY KEY (broadcast_id, user_id)
);
CREATE INDEX broadcast_deliveries_user_idx ON broadcast_deliveries(user_id, delivered_at);

-- staff_unread: the back office's replies the person has not opened; office_unread: the person's messages
-- no one in the back office has opened or answered yet.
CREATE TABLE message_threads (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  subject TEXT NOT NULL,
  last_message_at BIGINT NOT NULL,
  last_preview TEXT NOT NULL,
  staff_unread INTEGER NOT NULL DEFAULT 0,
  office_unread INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX message_threads_user_idx ON message_threads(user_id, last_message_at);
CREATE INDEX message_threads_last_idx ON message_threads(last_message_at);

CREATE TABLE thread_messages (
  id TEXT PRIMARY KEY,
  thread_id TEXT NOT NULL REFERENCES message_threads(id) ON DELETE CASCADE,
  author_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  from_office INTEGER NOT NULL DEFAULT 0,
  body TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX thread_messages_thread_idx ON thread_messages(thread_id, created_at);
