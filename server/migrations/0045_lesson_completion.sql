-- Lessons complete on what the server saw, not on a percent the client claims (issue 28, docs/LEARNING.md
-- "Lesson completion"): when the lesson was opened and for how long, the pictures and pages seen, the link
-- opened. Progress rows from before keep their completion; an unfinished one needs an open from now on.
-- opened_at: the current sitting's open (server clock; POST /api/contents/:id/open, /api/ebooks/:id/open).
-- open_ms: earlier sittings, each counted from its open to its last report (updated_at).
ALTER TABLE learning_progress ADD COLUMN opened_at BIGINT;
ALTER TABLE learning_progress ADD COLUMN open_ms BIGINT NOT NULL DEFAULT 0;
-- seen_json: the picture indexes (image sets, from 0) or page numbers (PDFs and ebooks, from 1) seen, sorted.
ALTER TABLE learning_progress ADD COLUMN seen_json TEXT;
-- pages: the PDF's page count as the reader's viewer read it (the largest reported).
ALTER TABLE learning_progress ADD COLUMN pages INTEGER;
-- away_at: a link lesson, when the reader first left for the link.
ALTER TABLE learning_progress ADD COLUMN away_at BIGINT;
