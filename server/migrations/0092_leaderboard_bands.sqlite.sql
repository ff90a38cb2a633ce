-- The deep rank (issue 33): "my rank" on the everyone and region boards sums a histogram instead of counting
-- every person above me. leaderboard_bands holds, per board (period, bucket, region or everyone), how many
-- ranked people have a score in each points band. My rank = the people of the bands above mine (a short sum)
-- + those of my own band above me (a bounded index count, ties by reached_at as before); see
-- leaderboards/routes.cpp. Store boards (a few hundred people) still count directly. The PostgreSQL spelling
-- is 0092_leaderboard_bands.postgres.sql; keep both alike.
--
-- A band is the score rounded down to two significant digits (1..99 exact, then steps of 10 up to 999, of
-- 100 up to 9,999...): about 90 bands per power of ten whatever the scale, so both the bands above me and the
-- people inside my band stay few from a week's 50 points to a lifetime's 50,000. Any rounding that keeps the
-- bands in order would give the same ranks: only the cost depends on it.
ALTER TABLE leaderboard_points ADD COLUMN band BIGINT GENERATED ALWAYS AS (
  CASE WHEN points < 100 THEN points
       WHEN points < 1000 THEN points - points % 10
       WHEN points < 10000 THEN points - points % 100
       WHEN points < 100000 THEN points - points % 1000
       WHEN points < 1000000 THEN points - points % 10000
       WHEN points < 10000000 THEN points - points % 100000
       ELSE points - points % 1000000 END) VIRTUAL;

-- region_id '' is the everyone board. Rows that fall to 0 people stay (a band empties and fills again).
CREATE TABLE leaderboard_bands (
  period TEXT NOT NULL,
  bucket INTEGER NOT NULL,
  region_id TEXT NOT NULL,
  band BIGINT NOT NULL,
  people BIGINT NOT NULL,
  PRIMARY KEY (period, bucket, region_id, band)
);

-- Kept by triggers on leaderboard_points, so every way a row changes moves the counts in the same
-- transaction: an award (points::add_earned's upsert: old band -1, new band +1), a person promoted, disabled
-- or moved to another store, a store moved to another region (migration 0013's triggers on users and stores),
-- a person deleted. Only ranked rows count, as on the boards. The arithmetic is in the UPDATE/UPSERT itself
-- (people = people +/- 1), never read-modify-write, so concurrent awards lose nothing.
-- `shopfloor leaderboards rebuild` (points::rebuild_standings) drops these for its bulk load and recounts.
CREATE TRIGGER leaderboard_points_bands_insert AFTER INSERT ON leaderboard_points
WHEN NEW.ranked = 1
BEGIN
  INSERT INTO leaderboard_bands (period, bucket, region_id, band, people)
    SELECT NEW.period, NEW.bucket, b.region_id, NEW.band, 1
    FROM (SELECT '' AS region_id UNION ALL SELECT NEW.region_id) b WHERE b.region_id IS NOT NULL
    ON CONFLICT (period, bucket, region_id, band) DO UPDATE SET people = people + 1;
END;

CREATE TRIGGER leaderboard_points_bands_delete AFTER DELETE ON leaderboard_points
WHEN OLD.ranked = 1
BEGIN
  UPDATE leaderboard_bands SET people = people - 1
    WHERE period = OLD.period AND bucket = OLD.bucket AND region_id = '' AND band = OLD.band;
  UPDATE leaderboard_bands SET people = people - 1
    WHERE period = OLD.period AND bucket = OLD.bucket AND region_id = OLD.region_id AND band = OLD.band;
END;

CREATE TRIGGER leaderboard_points_bands_update AFTER UPDATE ON leaderboard_points
WHEN (OLD.ranked = 1 OR NEW.ranked = 1)
  AND (OLD.band IS NOT NEW.band OR OLD.ranked IS NOT NEW.ranked OR OLD.region_id IS NOT NEW.region_id
       OR OLD.period IS NOT NEW.period OR OLD.bucket IS NOT NEW.bucket)
BEGIN
  UPDATE leaderboard_bands SET people = people - 1
    WHERE OLD.ranked = 1 AND period = OLD.period AND bucket = OLD.bucket AND region_id = '' AND band = OLD.band;
  UPDATE leaderboard_bands SET people = people - 1
    WHERE OLD.ranked = 1 AND period = OLD.period AND bucket = OLD.bucket AND region_id = OLD.region_id
      AND band = OLD.band;
  INSERT INTO leaderboard_bands (period, bucket, region_id, band, people)
    SELECT NEW.period, NEW.bucket, b.region_id, NEW.band, 1
    FROM (SELECT '' AS region_id UNION ALL SELECT NEW.region_id) b
    WHERE NEW.ranked = 1 AND b.region_id IS NOT NULL
    ON CONFLICT (period, bucket, region_id, band) DO UPDATE SET people = people + 1;
END;

-- Backfill from the totals as they stand (the same count as points::rebuild_standings).
INSERT INTO leaderboard_bands (period, bucket, region_id, band, people)
SELECT period, bucket, '', band, COUNT(*) FROM leaderboard_points WHERE ranked = 1 GROUP BY period, bucket, band
UNION ALL
SELECT period, bucket, region_id, band, COUNT(*) FROM leaderboard_points
WHERE ranked = 1 AND region_id IS NOT NULL GROUP BY period, bucket, region_id, band;
