-- A broadcast's deliveries are written by an audience job (issue 33, jobs/audience_jobs.hpp, kind
-- "broadcast"): sending counts the audience (recipients_count) and writes the first page; the job writes the
-- rest a page at a time and queues each page's pushes with it. delivered_count is how many delivery rows are
-- written so far ("sending 40,000 / 100,000" while it is below recipients_count); when the job finishes,
-- recipients_count becomes delivered_count (whoever left the audience meanwhile got none).
ALTER TABLE broadcasts ADD COLUMN delivered_count BIGINT NOT NULL DEFAULT 0;
UPDATE broadcasts SET delivered_count = (SELECT COUNT(*) FROM broadcast_deliveries d WHERE d.broadcast_id = broadcasts.id);
-- The push fan-out (0073) is now a step of that job: a broadcast whose pushes were still being queued goes on
-- from the same recipient (its deliveries exist already; the job queues the pushes of the people after it).
INSERT INTO audience_jobs (id, kind, subject_id, after_user, created_at)
SELECT 'push-fanout-' || broadcast_id, 'broadcast', broadcast_id, after_user, created_at FROM push_fanouts
WHERE true  -- SQLite: an INSERT ... SELECT needs a WHERE before ON CONFLICT
ON CONFLICT DO NOTHING;
DROP TABLE push_fanouts;
