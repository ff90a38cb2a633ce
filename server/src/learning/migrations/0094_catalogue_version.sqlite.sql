-- The staff catalogue's cache (learning/catalogue.cpp) asks on every request whether the published catalogue
-- changed. Counting and summing eight tables answered it by reading every row of them, media growing with every
-- staff photo; now the tables' own triggers stamp one row, and the question is one read on every node.
-- The stamp is random, not a counter: a transaction that changed the catalogue and rolled back must never leave
-- a cache filled from its view under a stamp that a later commit could take again.
-- The learning settings every request reads (course assignments, personalised rules) are cached with it.
-- Media: only updates and deletes matter (a new upload is in no item until an item's own row points at it).
CREATE TABLE catalogue_version (id INTEGER PRIMARY KEY CHECK (id = 1), stamp INTEGER NOT NULL);
INSERT INTO catalogue_version (id, stamp) VALUES (1, 0);
CREATE TRIGGER contents_catalogue_insert AFTER INSERT ON contents BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER contents_catalogue_update AFTER UPDATE ON contents BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER contents_catalogue_delete AFTER DELETE ON contents BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER courses_catalogue_insert AFTER INSERT ON courses BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER courses_catalogue_update AFTER UPDATE ON courses BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER courses_catalogue_delete AFTER DELETE ON courses BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER exams_catalogue_insert AFTER INSERT ON exams BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER exams_catalogue_update AFTER UPDATE ON exams BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER exams_catalogue_delete AFTER DELETE ON exams BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER ebooks_catalogue_insert AFTER INSERT ON ebooks BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER ebooks_catalogue_update AFTER UPDATE ON ebooks BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER ebooks_catalogue_delete AFTER DELETE ON ebooks BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER categories_catalogue_insert AFTER INSERT ON categories BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER categories_catalogue_update AFTER UPDATE ON categories BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER categories_catalogue_delete AFTER DELETE ON categories BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER subcategories_catalogue_insert AFTER INSERT ON subcategories BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER subcategories_catalogue_update AFTER UPDATE ON subcategories BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER subcategories_catalogue_delete AFTER DELETE ON subcategories BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER course_lessons_catalogue_insert AFTER INSERT ON course_lessons BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER course_lessons_catalogue_update AFTER UPDATE ON course_lessons BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER course_lessons_catalogue_delete AFTER DELETE ON course_lessons BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER media_catalogue_update AFTER UPDATE ON media BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER media_catalogue_delete AFTER DELETE ON media BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER course_assignments_catalogue_insert AFTER INSERT ON course_assignments BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER course_assignments_catalogue_update AFTER UPDATE ON course_assignments BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER course_assignments_catalogue_delete AFTER DELETE ON course_assignments BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER personalized_rules_catalogue_insert AFTER INSERT ON personalized_rules BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER personalized_rules_catalogue_update AFTER UPDATE ON personalized_rules BEGIN UPDATE catalogue_version SET stamp = random(); END;
CREATE TRIGGER personalized_rules_catalogue_delete AFTER DELETE ON personalized_rules BEGIN UPDATE catalogue_version SET stamp = random(); END;
