-- (The SQLite version is 0081_drill_points.sqlite.sql: keep the two in step.)
-- The daily drill earns points once per person per day: 'drill' becomes a source of the ledger.
ALTER TABLE points_ledger DROP CONSTRAINT points_ledger_source_check;
ALTER TABLE points_ledger ADD CONSTRAINT points_ledger_source_check
  CHECK (source IN ('lesson', 'course', 'exam', 'game', 'campaign', 'story', 'event', 'survey', 'manual',
                    'redemption', 'refund', 'drill'));
