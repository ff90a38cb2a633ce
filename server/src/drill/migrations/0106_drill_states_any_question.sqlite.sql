-- (The PostgreSQL version is 0106_drill_states_any_question.postgres.sql: keep the two in step.)
-- A memory state may be of an exam, quiz-game or drill-only question (0105): no foreign key to
-- exam_questions; deleting a question of any of the three deletes its states (as the cascade did). SQLite
-- cannot drop a foreign key, so the table is rebuilt, with its index and the Knowledge summary's triggers
-- (0097), which go with the old table.
CREATE TABLE drill_states_0106 (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  question_id TEXT NOT NULL,
  stability DOUBLE PRECISION NOT NULL,
  difficulty DOUBLE PRECISION NOT NULL,
  reps INTEGER NOT NULL,
  lapses INTEGER NOT NULL,
  scheduled_days INTEGER NOT NULL,
  last_review_at BIGINT NOT NULL,
  due_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, question_id)
);
INSERT INTO drill_states_0106 (user_id, question_id, stability, difficulty, reps, lapses, scheduled_days,
                               last_review_at, due_at)
  SELECT user_id, question_id, stability, difficulty, reps, lapses, scheduled_days, last_review_at, due_at
  FROM drill_states;
DROP TABLE drill_states;
ALTER TABLE drill_states_0106 RENAME TO drill_states;
CREATE INDEX drill_states_due_idx ON drill_states(user_id, due_at);
CREATE INDEX drill_states_question_idx ON drill_states(question_id);

CREATE TRIGGER knowledge_states_insert AFTER INSERT ON drill_states
BEGIN
  INSERT INTO knowledge_stale (user_id) VALUES (NEW.user_id) ON CONFLICT (user_id) DO NOTHING;
END;
CREATE TRIGGER knowledge_states_update AFTER UPDATE ON drill_states
BEGIN
  INSERT INTO knowledge_stale (user_id) VALUES (NEW.user_id) ON CONFLICT (user_id) DO NOTHING;
END;
CREATE TRIGGER knowledge_states_delete AFTER DELETE ON drill_states
BEGIN
  INSERT INTO knowledge_stale (user_id) VALUES (OLD.user_id) ON CONFLICT (user_id) DO NOTHING;
END;

CREATE TRIGGER drill_exam_question_deleted AFTER DELETE ON exam_questions
BEGIN
  DELETE FROM drill_states WHERE question_id = OLD.id;
END;
CREATE TRIGGER drill_quiz_question_deleted AFTER DELETE ON game_quiz_questions
BEGIN
  DELETE FROM drill_states WHERE question_id = OLD.id;
END;
CREATE TRIGGER drill_own_question_deleted AFTER DELETE ON drill_questions
BEGIN
  DELETE FROM drill_states WHERE question_id = OLD.id;
END;
