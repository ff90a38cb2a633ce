-- Editors can keep an exam question out of the daily drill (a question about this month's promotion, a
-- trick question): exam-questions' notForDrill. It is not drawn again, even when due.
ALTER TABLE exam_questions ADD COLUMN not_for_drill INTEGER NOT NULL DEFAULT 0;
