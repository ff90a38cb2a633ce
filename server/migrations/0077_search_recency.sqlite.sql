-- Search at scale (issue 31): a broad query takes its candidates newest-first inside FTS5 and stops at the cap
-- (ORDER BY rowid DESC LIMIT n walks the index backwards and never reads the older matches), so
--   - a document's id (the FTS5 rowid) follows its recency: sorted_at * 2^20 + the order it was written in
--     among documents of the same millisecond (search/sqlite_fts.cpp recency_key; rewritten when sorted_at
--     changes), so id DESC is exactly "sorted_at DESC, then the later written first";
--   - the kind is an indexed column of search_fts, so the kind filter is part of the MATCH, not a join;
--   - search_words lists every indexed word, so a query word's prefix alternative is the longer words that
--     start with it, each read lazily newest-first like a whole word (FTS5's own "w"* reads every match of
--     every such word into memory before the first row when the prefix is longer than its prefix indexes).
-- The PostgreSQL side is 0077_search_recency.postgres.sql. The documents keep their words (nothing is
-- segmented again); the FTS5 index is rebuilt from them.

DROP TRIGGER search_docs_ai;
DROP TRIGGER search_docs_ad;
DROP TRIGGER search_docs_au;
DROP TABLE search_fts;

-- The new ids, through negative ones so that no new id meets an old one still in place.
CREATE TEMP TABLE search_recency (old_id INTEGER PRIMARY KEY, new_id INTEGER NOT NULL);
INSERT INTO temp.search_recency (old_id, new_id)
SELECT id,
       min(max(sorted_at, 0), 8796093022207) * 1048576 +
         row_number() OVER (PARTITION BY min(max(sorted_at, 0), 8796093022207) ORDER BY id) - 1
FROM search_docs;
UPDATE search_docs SET id = -id;
UPDATE search_docs SET id = (SELECT new_id FROM temp.search_recency WHERE old_id = -search_docs.id);
DROP TABLE temp.search_recency;

-- What a search reads of every candidate, in id order: a few rows per page instead of one row (its texts)
-- per page (sqlite_find reads through it with INDEXED BY).
CREATE INDEX search_docs_recency ON search_docs (id, kind, item_id, sorted_at);

-- As 0075 (words already folded and split: only spaces split them), with the kind last.
CREATE VIRTUAL TABLE search_fts USING fts5(
  title_words, summary_words, body_words, kind,
  content = 'search_docs', content_rowid = 'id',
  tokenize = "unicode61 remove_diacritics 0 categories 'L* M* N* P* S* Co'",
  prefix = '1 2 3'
);
INSERT INTO search_fts (search_fts) VALUES ('rebuild');

CREATE TRIGGER search_docs_ai AFTER INSERT ON search_docs BEGIN
  INSERT INTO search_fts (rowid, title_words, summary_words, body_words, kind)
  VALUES (new.id, new.title_words, new.summary_words, new.body_words, new.kind);
END;
CREATE TRIGGER search_docs_ad AFTER DELETE ON search_docs BEGIN
  INSERT INTO search_fts (search_fts, rowid, title_words, summary_words, body_words, kind)
  VALUES ('delete', old.id, old.title_words, old.summary_words, old.body_words, old.kind);
END;
CREATE TRIGGER search_docs_au AFTER UPDATE ON search_docs BEGIN
  INSERT INTO search_fts (search_fts, rowid, title_words, summary_words, body_words, kind)
  VALUES ('delete', old.id, old.title_words, old.summary_words, old.body_words, old.kind);
  INSERT INTO search_fts (rowid, title_words, summary_words, body_words, kind)
  VALUES (new.id, new.title_words, new.summary_words, new.body_words, new.kind);
END;

CREATE TABLE search_words (word TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE VIRTUAL TABLE temp.search_vocabulary USING fts5vocab(main, search_fts, col);
INSERT INTO search_words (word) SELECT DISTINCT term FROM temp.search_vocabulary WHERE col <> 'kind';
DROP TABLE temp.search_vocabulary;
