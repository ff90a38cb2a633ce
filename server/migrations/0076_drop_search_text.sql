-- Search (issue 31): learning's search_text columns (a normalised copy for substring matching) gave way to the
-- search index (0075_search, server/src/search/), which every searchable area shares.
ALTER TABLE contents DROP COLUMN search_text;
ALTER TABLE articles DROP COLUMN search_text;
ALTER TABLE ebooks DROP COLUMN search_text;
ALTER TABLE exams DROP COLUMN search_text;
ALTER TABLE courses DROP COLUMN search_text;
