-- Today's drill fetched ahead for offline use (issue 32): a question handed out with the whole day's drill
-- has its answer row from then (a matching question's board is fixed there) with `ahead` = 1; its online
-- clock starts only when it is served one at a time (the serve resets shown_at and clears `ahead`).
ALTER TABLE drill_answers ADD COLUMN ahead INTEGER NOT NULL DEFAULT 0;
