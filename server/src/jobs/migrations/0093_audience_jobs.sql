-- Work for a whole audience (issue 33, jobs/audience_jobs.hpp): a save that reaches everyone in an audience
-- (a mandatory course's "course assigned" notices) writes one row here in its own transaction; background
-- threads on every node expand it in bounded batches (after_user is the last person done, in user id order)
-- and delete it when everyone has theirs. A lease (claimed_until) keeps two nodes off the same batch. One row
-- per (kind, subject): saving the subject again restarts its row from the first person.
CREATE TABLE audience_jobs (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  subject_id TEXT NOT NULL,
  after_user TEXT NOT NULL DEFAULT '',
  claimed_until BIGINT,
  created_at BIGINT NOT NULL,
  UNIQUE (kind, subject_id)
);
CREATE INDEX audience_jobs_created ON audience_jobs (created_at);
