-- The evening streak reminder (drill/streak_reminder.cpp) reads one day's finished drills of everyone.
CREATE INDEX drill_days_day_idx ON drill_days (day);
