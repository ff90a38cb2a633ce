-- A live quiz's stores (issue 30): when its host opens a session, the staff of these stores (who are in the
-- game's audience) are told it is starting, with a link to join. NULL or [] = joined by PIN only.
ALTER TABLE game_quizzes ADD COLUMN live_stores_json TEXT;
