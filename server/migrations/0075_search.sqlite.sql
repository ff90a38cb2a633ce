-- Search (issue 31; server/src/search/): one document per searchable item, its words segmented by ICU
-- (Thai has no spaces between words) and written here joined by spaces, so FTS5 only splits on spaces.
-- The PostgreSQL spelling is 0075_search.postgres.sql (a tsvector over the same words); keep both alike.

-- title/summary/body: the plain texts shown (highlighted) in results; *_words: their words. The short
-- columns a search reads for every match come first, so reading them never follows a long row's overflow pages.
CREATE TABLE search_docs (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  item_id TEXT NOT NULL,
  sorted_at INTEGER NOT NULL,
  title TEXT NOT NULL,
  summary TEXT NOT NULL,
  body TEXT NOT NULL,
  title_words TEXT NOT NULL,
  summary_words TEXT NOT NULL,
  body_words TEXT NOT NULL,
  UNIQUE (kind, item_id)
);

-- unicode61 with every category but separators and controls as word characters: the words are already
-- folded and split, so Thai vowels and tone marks, apostrophes and dots inside a word stay in it.
-- Prefix indexes for the short prefixes people type first.
CREATE VIRTUAL TABLE search_fts USING fts5(
  title_words, summary_words, body_words,
  content = 'search_docs', content_rowid = 'id',
  tokenize = "unicode61 remove_diacritics 0 categories 'L* M* N* P* S* Co'",
  prefix = '1 2 3'
);

CREATE TRIGGER search_docs_ai AFTER INSERT ON search_docs BEGIN
  INSERT INTO search_fts (rowid, title_words, summary_words, body_words)
  VALUES (new.id, new.title_words, new.summary_words, new.body_words);
END;
CREATE TRIGGER search_docs_ad AFTER DELETE ON search_docs BEGIN
  INSERT INTO search_fts (search_fts, rowid, title_words, summary_words, body_words)
  VALUES ('delete', old.id, old.title_words, old.summary_words, old.body_words);
END;
CREATE TRIGGER search_docs_au AFTER UPDATE ON search_docs BEGIN
  INSERT INTO search_fts (search_fts, rowid, title_words, summary_words, body_words)
  VALUES ('delete', old.id, old.title_words, old.summary_words, old.body_words);
  INSERT INTO search_fts (rowid, title_words, summary_words, body_words)
  VALUES (new.id, new.title_words, new.summary_words, new.body_words);
END;

-- Latin words of titles and summaries, for the one-edit typo tolerance (search/index.cpp add_typos): looked
-- up by first letter and length.
CREATE TABLE search_terms (
  term TEXT PRIMARY KEY,
  head TEXT NOT NULL,
  size INTEGER NOT NULL
);
CREATE INDEX search_terms_head_idx ON search_terms (head, size);

-- 'version': the words' version (ICU and rules) the documents were written with.
CREATE TABLE search_state (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
