-- The staff catalogue's cache (learning/catalogue.cpp) asks on every request whether the published catalogue
-- changed. Counting and summing eight tables answered it by reading every row of them, media growing with every
-- staff photo; now the tables' own triggers stamp one row, and the question is one read on every node.
-- The stamp comes from a sequence, not a counter: a transaction that changed the catalogue and rolled back must never leave
-- a cache filled from its view under a stamp that a later commit could take again.
-- The learning settings every request reads (course assignments, personalised rules) are cached with it.
-- Media: only updates and deletes matter (a new upload is in no item until an item's own row points at it).
-- The triggers are deferred to commit: the stamp row is locked for the last instant of a transaction only, so two
-- writers of catalogue tables never wait on each other's stamp while holding rows the other needs.
CREATE SEQUENCE catalogue_version_seq;
CREATE TABLE catalogue_version (id INTEGER PRIMARY KEY CHECK (id = 1), stamp BIGINT NOT NULL);
INSERT INTO catalogue_version (id, stamp) VALUES (1, 0);
CREATE FUNCTION catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET stamp = nextval('catalogue_version_seq');
  RETURN NULL;
END $$;
DO $$
DECLARE t TEXT;
BEGIN
  FOREACH t IN ARRAY ARRAY['contents', 'courses', 'exams', 'ebooks', 'categories', 'subcategories', 'course_lessons',
                           'course_assignments', 'personalized_rules'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED '
                   'FOR EACH ROW EXECUTE FUNCTION catalogue_changed()', t || '_catalogue', t);
  END LOOP;
END $$;
CREATE CONSTRAINT TRIGGER media_catalogue AFTER UPDATE OR DELETE ON media
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalogue_changed();
