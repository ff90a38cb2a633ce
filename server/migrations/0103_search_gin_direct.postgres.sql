-- Search (issue 31): the words' GIN index is written by each put itself, without GIN's pending list.
-- With the list (fastupdate, the default) every query reads the whole list, up to 4 MB of documents not yet
-- merged, until autovacuum merges it; the put that fills it merges it inside its own transaction (150-200 ms).
-- Measured on 100,000 documents (docs/PERFORMANCE.md "Search ... the GIN index written directly"): the
-- two-word query's p99 was 36-40 ms just after writes and 24-27 ms once merged; without the list it stays at
-- 22-24 ms, and a put costs 0.2-0.3 ms more (update p99 1.5-1.9 ms).
ALTER INDEX search_match_words_idx SET (fastupdate = off);
-- Whatever is pending now goes into the index (the setting stops new additions to the list only).
SELECT gin_clean_pending_list('search_match_words_idx'::regclass);
