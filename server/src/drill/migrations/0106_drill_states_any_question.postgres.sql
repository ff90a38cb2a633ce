-- (The SQLite version is 0106_drill_states_any_question.sqlite.sql: keep the two in step.)
-- A memory state may be of an exam, quiz-game or drill-only question (0105): no foreign key to
-- exam_questions; deleting a question of any of the three deletes its states (as the cascade did).
ALTER TABLE drill_states DROP CONSTRAINT drill_states_question_id_fkey;
CREATE INDEX drill_states_question_idx ON drill_states(question_id);

CREATE FUNCTION drill_question_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM drill_states WHERE question_id = OLD.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER drill_exam_question_deleted AFTER DELETE ON exam_questions
  FOR EACH ROW EXECUTE FUNCTION drill_question_deleted();
CREATE TRIGGER drill_quiz_question_deleted AFTER DELETE ON game_quiz_questions
  FOR EACH ROW EXECUTE FUNCTION drill_question_deleted();
CREATE TRIGGER drill_own_question_deleted AFTER DELETE ON drill_questions
  FOR EACH ROW EXECUTE FUNCTION drill_question_deleted();
