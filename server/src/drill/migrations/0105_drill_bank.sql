-- The drill's question bank (issue 32): besides exam questions, quiz-game questions and questions that exist
-- only for the drill (drill_questions, kit resource drill-questions), matching pairs among them. Editors keep
-- any of them out of the drill (not_for_drill). A quiz gets a category: its questions' topic in the drill and
-- the Knowledge report. drill_states loses its foreign key to exam_questions in 0106 (one spelling per
-- database) since a state may now be of any of the three.
CREATE TABLE drill_questions (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL DEFAULT 'single' CHECK (kind IN ('single', 'multiple', 'truefalse', 'match')),
  prompt TEXT NOT NULL,
  choices_json TEXT NOT NULL DEFAULT '[]',
  correct_json TEXT NOT NULL DEFAULT '[]',
  -- match: [{id, left, right}] in the editor's order (the right side is shuffled per person when served)
  pairs_json TEXT NOT NULL DEFAULT '[]',
  explanation TEXT,
  seconds INTEGER NOT NULL DEFAULT 30,
  category_id TEXT REFERENCES categories(id) ON DELETE SET NULL,
  subcategory_id TEXT REFERENCES subcategories(id) ON DELETE SET NULL,
  -- With a course: drawn for the people enrolled in it (while they may see it); without: for every staff.
  course_id TEXT REFERENCES courses(id) ON DELETE SET NULL,
  not_for_drill INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX drill_questions_course_idx ON drill_questions(course_id);

ALTER TABLE game_quiz_questions ADD COLUMN not_for_drill INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game_quizzes ADD COLUMN category_id TEXT REFERENCES categories(id) ON DELETE SET NULL;

-- A matching question's board as first served to the person: {"left":[pairId], "right":[pairId]} (its
-- served ids are positions, l1.. and r1..), so the answer is checked against what they saw.
ALTER TABLE drill_answers ADD COLUMN layout_json TEXT;
