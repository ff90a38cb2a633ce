-- (The PostgreSQL version is 0107_drill_boards.postgres.sql: keep the two in step.)
-- Matching games' boards in the daily drill (issue 32; drill/bank.hpp): a person who played a matching game is
-- asked its board as a "match" question, whose id is the board's (game_matchings.id). Editors keep a board out
-- of the drill (not_for_drill) and give it a topic (category) for the Knowledge report, as quizzes got in 0105;
-- deleting a board deletes its memory states, as for the other question tables (0106).
ALTER TABLE game_matchings ADD COLUMN not_for_drill INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game_matchings ADD COLUMN category_id TEXT REFERENCES categories(id) ON DELETE SET NULL;
CREATE TRIGGER drill_board_deleted AFTER DELETE ON game_matchings
BEGIN
  DELETE FROM drill_states WHERE question_id = OLD.id;
END;
