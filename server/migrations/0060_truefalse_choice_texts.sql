-- A true/false question's choices are the keys "true" and "false"; the apps name them in the reader's
-- language (issue 28 item 11). Their stored text was "ถูก / True" and "ผิด / False", both languages in one
-- string, which the Thai screens showed as is: keep the Thai word only (what exports and the back office
-- read), in the question banks and in the snapshots attempts, rounds and live sessions took of them.
UPDATE exam_questions SET choices_json = REPLACE(REPLACE(choices_json, 'ถูก / True', 'ถูก'), 'ผิด / False', 'ผิด')
  WHERE kind = 'truefalse';
UPDATE exam_attempts SET questions_json = REPLACE(REPLACE(questions_json, 'ถูก / True', 'ถูก'), 'ผิด / False', 'ผิด')
  WHERE questions_json LIKE '%/ True%' OR questions_json LIKE '%/ False%';
UPDATE game_quiz_questions SET choices_json = REPLACE(REPLACE(choices_json, 'ถูก / True', 'ถูก'), 'ผิด / False', 'ผิด')
  WHERE kind = 'truefalse';
UPDATE game_rounds SET question_json = REPLACE(REPLACE(question_json, 'ถูก / True', 'ถูก'), 'ผิด / False', 'ผิด')
  WHERE question_json LIKE '%/ True%' OR question_json LIKE '%/ False%';
UPDATE game_live_sessions SET questions_json = REPLACE(REPLACE(questions_json, 'ถูก / True', 'ถูก'), 'ผิด / False', 'ผิด')
  WHERE questions_json LIKE '%/ True%' OR questions_json LIKE '%/ False%';
