-- A broadcast's pushes still to be queued (issue 30, push/broadcasts.hpp): sending a broadcast writes one
-- row; the push senders turn it into push_outbox rows a few hundred recipients at a time (after_user is the
-- last recipient done, in user id order) and delete it when every recipient has theirs. A lease
-- (claimed_until) keeps two nodes off the same batch.
CREATE TABLE push_fanouts (
  broadcast_id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  after_user TEXT NOT NULL DEFAULT '',
  claimed_until BIGINT,
  created_at BIGINT NOT NULL
);
