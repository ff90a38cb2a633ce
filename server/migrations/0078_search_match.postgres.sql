-- Search at scale on PostgreSQL (issue 31): the candidates come from a narrow table, one short row per document
-- (search_match: its kind, item id, recency and its words as integers), not from search_docs' long rows (the
-- texts and the tsvector, ~2 KB, compressed: reading and decompressing one took 3-4 us in the newest-first
-- scan). search/postgres_fts.cpp reads the newest rows of search_match first and tests their integer arrays;
-- when the newest 4 x cap rows held fewer than the cap it takes the rest from the GIN index. search_docs
-- keeps the texts (for the page shown) and the positional tsvector (for quoted phrases).
--
-- search_words numbers the indexed words (as SQLite's search_words lists them, migration 0077); bytewise order
-- (COLLATE "C"), so the words starting with w are those between w and w || U+10FFFF whatever the locale.
CREATE TABLE search_words (
  id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  word TEXT COLLATE "C" NOT NULL UNIQUE
);

-- words: word id * 4 + field (0 title, 1 summary, 2 body), sorted, each once.
CREATE TABLE search_match (
  id BIGINT PRIMARY KEY REFERENCES search_docs (id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  item_id TEXT NOT NULL,
  sorted_at BIGINT NOT NULL,
  words INTEGER[] NOT NULL
);

INSERT INTO search_words (word)
SELECT DISTINCT u.lexeme FROM search_docs d CROSS JOIN LATERAL unnest(d.words) AS u ORDER BY 1;

INSERT INTO search_match (id, kind, item_id, sorted_at, words)
SELECT d.id, d.kind, d.item_id, d.sorted_at,
       ARRAY(SELECT DISTINCT w.id * 4 + (ascii(f.weight) - ascii('A'))
             FROM unnest(d.words) AS u CROSS JOIN LATERAL unnest(u.weights) AS f(weight)
             JOIN search_words w ON w.word = u.lexeme
             ORDER BY 1)
FROM search_docs d;

CREATE INDEX search_match_recency_idx ON search_match (sorted_at DESC, id DESC);
CREATE INDEX search_match_words_idx ON search_match USING GIN (words);

-- Neither is read any more: the recency order and the word lookups are search_match's.
DROP INDEX search_docs_recency_idx;
DROP INDEX search_docs_words_idx;
