-- Search (issue 31; server/src/search/): one document per searchable item. `words` is a tsvector written as a
-- literal from the words ICU segmented (search/postgres_fts.cpp): title at weight A, summary B, body C.
-- The SQLite spelling is 0075_search.sqlite.sql (FTS5 over the same words); keep both alike.

CREATE TABLE search_docs (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind TEXT NOT NULL,
  item_id TEXT NOT NULL,
  title TEXT NOT NULL,
  summary TEXT NOT NULL,
  body TEXT NOT NULL,
  words tsvector NOT NULL,
  sorted_at BIGINT NOT NULL,
  UNIQUE (kind, item_id)
);
CREATE INDEX search_docs_words_idx ON search_docs USING GIN (words);

-- Which of the probe queries match a document's words: '1' or '0' per probe, in order. The caller sends one
-- probe per term alternative and field weight and ranks from the answer exactly as SQLite's sf_hits() lets it.
CREATE FUNCTION search_hits(v tsvector, probes tsquery[]) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  bits text := '';
  q tsquery;
BEGIN
  FOREACH q IN ARRAY probes LOOP
    bits := bits || CASE WHEN v @@ q THEN '1' ELSE '0' END;
  END LOOP;
  RETURN bits;
END
$$;

CREATE TABLE search_terms (
  term TEXT PRIMARY KEY,
  head TEXT NOT NULL,
  size INTEGER NOT NULL
);
CREATE INDEX search_terms_head_idx ON search_terms (head, size);

CREATE TABLE search_state (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
