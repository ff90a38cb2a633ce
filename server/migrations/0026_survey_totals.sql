-- Running totals of survey answers (issue 16, `make bench`: results of 100,000 responses in under 1 s), kept
-- in the submitting transaction (server/src/surveys/totals.cpp) so results read a few hundred rows, whatever
-- the number of responses. One row per (survey, breakdown, group, question, value):
--   dim: '' (all responses), 'store', 'region' or 'position'; group_key: the store / region id or the
--   position ('' when none, and always '' for dim '');
--   question_id '' with value 0: the number of responses in the group;
--   value -1: the number of responses that answered the question (a multiple choice names several values);
--   other values: option index / rating / score counts (text answers count only in -1).
-- Aggregates only: no response id, no person, no time, so anonymity is unchanged.
CREATE TABLE survey_totals (
  survey_id TEXT NOT NULL REFERENCES surveys(id) ON DELETE CASCADE,
  dim TEXT NOT NULL,
  group_key TEXT NOT NULL,
  question_id TEXT NOT NULL,
  value INTEGER NOT NULL,
  count BIGINT NOT NULL,
  PRIMARY KEY (survey_id, dim, group_key, question_id, value)
);

-- Text answers are listed a page at a time in response order.
CREATE INDEX survey_answers_texts_idx ON survey_answers(survey_id, question_id, response_id) WHERE text IS NOT NULL;

-- Totals of the responses stored so far (the same sums totals.cpp rebuild() makes).
INSERT INTO survey_totals (survey_id, dim, group_key, question_id, value, count)
SELECT survey_id, '', '', '', 0, COUNT(*) FROM survey_responses GROUP BY survey_id;
INSERT INTO survey_totals (survey_id, dim, group_key, question_id, value, count)
SELECT survey_id, 'store', COALESCE(store_id, ''), '', 0, COUNT(*) FROM survey_responses GROUP BY survey_id, COALESCE(store_id, '');
INSERT INTO survey_totals (survey_id, dim, group_key, question_id, value, count)
SELECT survey_id, 'region', COALESCE(region_id, ''), '', 0, COUNT(*) FROM survey_responses GROUP BY survey_id, COALESCE(region_id, '');
INSERT INTO survey_totals (survey_id, dim, group_key, question_id, value, count)
SELECT survey_id, 'position', COALESCE(position, ''), '', 0, COUNT(*) FROM survey_responses GROUP BY survey_id, COALESCE(position, '');
INSERT INTO survey_totals (survey_id, dim, group_key, question_id, value, count)
SELECT a.survey_id, d.dim, CASE d.dim WHEN 'store' THEN COALESCE(r.store_id, '') WHEN 'region' THEN COALESCE(r.region_id, '') WHEN 'position' THEN COALESCE(r.position, '') ELSE '' END,
       a.question_id, a.value, COUNT(*)
FROM survey_answers a JOIN survey_responses r ON r.id = a.response_id
CROSS JOIN (SELECT '' AS dim UNION ALL SELECT 'store' UNION ALL SELECT 'region' UNION ALL SELECT 'position') d
WHERE a.text IS NULL
GROUP BY a.survey_id, d.dim, CASE d.dim WHEN 'store' THEN COALESCE(r.store_id, '') WHEN 'region' THEN COALESCE(r.region_id, '') WHEN 'position' THEN COALESCE(r.position, '') ELSE '' END, a.question_id, a.value;
INSERT INTO survey_totals (survey_id, dim, group_key, question_id, value, count)
SELECT a.survey_id, d.dim, CASE d.dim WHEN 'store' THEN COALESCE(r.store_id, '') WHEN 'region' THEN COALESCE(r.region_id, '') WHEN 'position' THEN COALESCE(r.position, '') ELSE '' END,
       a.question_id, -1, COUNT(DISTINCT a.response_id)
FROM survey_answers a JOIN survey_responses r ON r.id = a.response_id
CROSS JOIN (SELECT '' AS dim UNION ALL SELECT 'store' UNION ALL SELECT 'region' UNION ALL SELECT 'position') d
GROUP BY a.survey_id, d.dim, CASE d.dim WHEN 'store' THEN COALESCE(r.store_id, '') WHEN 'region' THEN COALESCE(r.region_id, '') WHEN 'position' THEN COALESCE(r.position, '') ELSE '' END, a.question_id;

-- Points for answering a survey (SPEC points source "survey"), paid once per person in the submitting
-- transaction (idempotency key survey:<surveyId>:<userId>). 0 = none.
ALTER TABLE surveys ADD COLUMN points INTEGER NOT NULL DEFAULT 0;
