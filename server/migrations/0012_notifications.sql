-- The notification centre (SPEC §6, issue 12): what happened to one person, shown in the bell and the list.
-- Areas write rows inside their own transaction (notifications::notify); (user_id, dedupe_key) is unique so
-- an event retried, raced or seen by two nodes notifies its person once.
CREATE TABLE notifications (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type TEXT NOT NULL,
  params_json TEXT NOT NULL DEFAULT '{}',
  link TEXT,
  dedupe_key TEXT NOT NULL,
  read_at BIGINT,
  created_at BIGINT NOT NULL,
  UNIQUE (user_id, dedupe_key)
);
-- The list, newest first (ids are UUIDv7, so time-ordered), and the unread count.
CREATE INDEX notifications_user_idx ON notifications(user_id, id);
CREATE INDEX notifications_unread_idx ON notifications(user_id) WHERE read_at IS NULL;

-- Daily jobs (the "course due in 3 days" reminder): the node that inserts (name, day) first runs that day's
-- job, so several nodes run it once.
CREATE TABLE daily_job_runs (
  name TEXT NOT NULL,
  day TEXT NOT NULL,
  node_id TEXT NOT NULL,
  ran_at BIGINT NOT NULL,
  PRIMARY KEY (name, day)
);
