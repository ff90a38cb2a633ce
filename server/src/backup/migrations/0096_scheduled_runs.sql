-- Which node runs a scheduled period (backup/schedule.hpp): one row per schedule, moved to a new period by a
-- conditional UPDATE that only one node wins; claimed_until lets another node take over a run that died.
CREATE TABLE scheduled_runs (
  name TEXT PRIMARY KEY,
  period BIGINT NOT NULL,
  node_id TEXT NOT NULL,
  claimed_until BIGINT NOT NULL,
  finished_at BIGINT
);
