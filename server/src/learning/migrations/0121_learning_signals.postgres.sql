-- On PostgreSQL each node keeps a person's learning records and the knowledge that its cached catalogue is
-- current (learning/read_cache.hpp), so the Learning tab, Home's learning feed and "For you" need no statement
-- while nothing of theirs changed. These triggers say what changed:
-- - RAISE INFO 'shopfloor:NAME PAYLOAD' reaches the connection that wrote, inside its statement's answer
--   (db::Database::on_signal): the writing node drops its copy when the transaction commits, before the
--   writer's answer goes out, whatever code path wrote. The node then tells the others itself, in batches,
--   so a progress write takes no NOTIFY (a notifying commit takes a database-wide lock).
-- - A catalogue change (rare, an editor's) also NOTIFYs every node directly, so a change by any process
--   (the command line, psql) is heard at once; a person's records changed outside a server are dropped by
--   the cache's time limit.
-- SQLite is one node: it reads the records each time, in process, and keeps the stamp check.
CREATE OR REPLACE FUNCTION catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET stamp = nextval('catalogue_version_seq');
  RAISE INFO 'shopfloor:catalogue';
  PERFORM pg_notify('shopfloor_learning', 'catalogue');
  RETURN NULL;
END $$;

CREATE FUNCTION learning_records_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE INFO 'shopfloor:learning_records %', OLD.user_id;
  ELSE
    RAISE INFO 'shopfloor:learning_records %', NEW.user_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER learning_progress_records AFTER INSERT OR UPDATE OR DELETE ON learning_progress
  FOR EACH ROW EXECUTE FUNCTION learning_records_changed();
CREATE TRIGGER course_enrollments_records AFTER INSERT OR UPDATE OR DELETE ON course_enrollments
  FOR EACH ROW EXECUTE FUNCTION learning_records_changed();
-- The records hold submitted attempts only: saving an answer mid-attempt changes nothing in them.
CREATE TRIGGER exam_attempts_records AFTER INSERT OR UPDATE ON exam_attempts
  FOR EACH ROW WHEN (NEW.submitted_at IS NOT NULL) EXECUTE FUNCTION learning_records_changed();
CREATE TRIGGER exam_attempts_records_delete AFTER DELETE ON exam_attempts
  FOR EACH ROW WHEN (OLD.submitted_at IS NOT NULL) EXECUTE FUNCTION learning_records_changed();
