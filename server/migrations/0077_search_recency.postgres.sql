-- Search at scale (issue 31): a broad query takes its candidates newest-first and stops at the cap, reading
-- the documents in recency order and testing each against the query (search/postgres_fts.cpp), instead of
-- collecting every match through the GIN index and sorting them; the planner still takes the GIN bitmap for
-- a narrow query (words few documents hold), from the words' frequencies. The SQLite side is
-- 0077_search_recency.sqlite.sql.
CREATE INDEX search_docs_recency_idx ON search_docs (sorted_at DESC, id DESC);

-- The score is now a CASE over the probes in the query itself, evaluated from the best tier down.
DROP FUNCTION search_hits(tsvector, tsquery[]);
