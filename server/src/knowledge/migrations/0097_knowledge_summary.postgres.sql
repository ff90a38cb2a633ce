-- The Knowledge report's summary (issue 32; knowledge/summary.hpp): the drill's memory states summed per
-- (topic, store, position) so the report reads one row per group, not every state. The SQLite spelling is
-- 0097_knowledge_summary.sqlite.sql; keep both alike.
--
-- Figures are those of a Bangkok day (`day`): a state's retrievability only changes when a whole day passes
-- (drill/today.cpp counts elapsed days), so a person's rows are exact for the day they were refreshed on. A
-- person is refreshed in the drill answer's transaction, when marked stale (below), and by the daily rebuild.

-- Per group: topic_id '*' = every topic (its people are distinct people of the store and position);
-- store_id and position '' = none. people / overdue_people: people with a state / with a state due before
-- the day began. A person counts in one (store, position) only, so groups add up over stores and positions.
CREATE TABLE knowledge_groups (
  topic_id TEXT NOT NULL,
  store_id TEXT NOT NULL,
  position TEXT NOT NULL,
  states BIGINT NOT NULL DEFAULT 0,
  recall_sum DOUBLE PRECISION NOT NULL DEFAULT 0,
  overdue_states BIGINT NOT NULL DEFAULT 0,
  people BIGINT NOT NULL DEFAULT 0,
  overdue_people BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (topic_id, store_id, position)
);

-- What each person adds to the groups, per topic and '*' (active staff with states only): the refresh
-- subtracts these and adds the new ones. No foreign key: a deleted person's rows are subtracted first.
CREATE TABLE knowledge_people (
  user_id TEXT NOT NULL,
  topic_id TEXT NOT NULL,
  store_id TEXT NOT NULL,
  position TEXT NOT NULL,
  states BIGINT NOT NULL,
  recall_sum DOUBLE PRECISION NOT NULL,
  overdue_states BIGINT NOT NULL,
  min_due_at BIGINT NOT NULL,
  day INTEGER NOT NULL,
  PRIMARY KEY (user_id, topic_id)
);
-- The report's "people overdue" table: the '*' rows in its order (most overdue questions first), read until it
-- has its 500 people.
CREATE INDEX knowledge_people_overdue_idx ON knowledge_people (topic_id, overdue_states DESC, min_due_at, user_id);
-- The same table for one store (or a region's stores): that store's people only.
CREATE INDEX knowledge_people_store_idx ON knowledge_people (store_id, topic_id);
-- The new day's roll-over finds the people whose shares are of an earlier day (summary.cpp roll_over).
CREATE INDEX knowledge_people_day_idx ON knowledge_people (topic_id, day, user_id);

-- People whose states or store, position, role or status changed outside the drill's answer (an import, an
-- admin's edit, a deleted question): refreshed before the report is read, and by the daily rebuild.
CREATE TABLE knowledge_stale (
  user_id TEXT PRIMARY KEY
);

CREATE FUNCTION knowledge_states_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO knowledge_stale (user_id)
    VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END) ON CONFLICT (user_id) DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER knowledge_states AFTER INSERT OR UPDATE OR DELETE ON drill_states
  FOR EACH ROW EXECUTE FUNCTION knowledge_states_changed();

CREATE FUNCTION knowledge_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.role IS NOT DISTINCT FROM NEW.role AND OLD.status IS NOT DISTINCT FROM NEW.status
     AND OLD.store_id IS NOT DISTINCT FROM NEW.store_id AND OLD.position IS NOT DISTINCT FROM NEW.position THEN
    RETURN NULL;
  END IF;
  INSERT INTO knowledge_stale (user_id) VALUES (OLD.id) ON CONFLICT (user_id) DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER knowledge_users AFTER DELETE OR UPDATE OF role, status, store_id, position ON users
  FOR EACH ROW EXECUTE FUNCTION knowledge_users_changed();

-- The states drilled so far are summarised by the first refresh (the report's, the daily rebuild).
INSERT INTO knowledge_stale (user_id) SELECT DISTINCT user_id FROM drill_states;
