-- Daily rollups for the reports (issue 17): kept as data arrives, in the transaction that writes it (the
-- areas' happenings) or the telemetry write buffer's flush, so a report sums a few thousand rows per day of its
-- range and never scans raw events.

-- What happened per Bangkok day (days since 1970-01-01 in UTC+7), per store and position of the person at the
-- time ('' when none), per key (the course, the points' source, the page...). n counts; total sums a value
-- (points, milliseconds, a score) so averages are total / n.
CREATE TABLE report_counts (
  metric TEXT NOT NULL,
  day INTEGER NOT NULL,
  store_id TEXT NOT NULL DEFAULT '',
  position TEXT NOT NULL DEFAULT '',
  key TEXT NOT NULL DEFAULT '',
  n BIGINT NOT NULL DEFAULT 0,
  total BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (metric, day, store_id, position, key)
);
CREATE INDEX report_counts_store_idx ON report_counts(metric, store_id, day);

-- Who was active in the current day, ISO week and month (period 'day' | 'week' | 'month', starting on Bangkok
-- day start_day): the first row of a person in a period counts them once in report_counts ('actives.day',
-- 'actives.week', 'actives.month'). Rows of ended periods are pruned daily; the counts stay.
CREATE TABLE report_actives (
  period TEXT NOT NULL,
  start_day INTEGER NOT NULL,
  user_id TEXT NOT NULL,
  PRIMARY KEY (period, start_day, user_id)
);
