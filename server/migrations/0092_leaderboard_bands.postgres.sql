-- The deep rank (issue 33): "my rank" on the everyone and region boards sums a histogram instead of counting
-- every person above me. leaderboard_bands holds, per board (period, bucket, region or everyone), how many
-- ranked people have a score in each points band. My rank = the people of the bands above mine (a short sum)
-- + those of my own band above me (a bounded index count, ties by reached_at as before); see
-- leaderboards/routes.cpp. Store boards (a few hundred people) still count directly. The SQLite spelling is
-- 0092_leaderboard_bands.sqlite.sql; keep both alike.
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
       ELSE points - points % 1000000 END) STORED;

-- region_id '' is the everyone board. Rows that fall to 0 people stay (a band empties and fills again).
CREATE TABLE leaderboard_bands (
  period TEXT NOT NULL,
  bucket INTEGER NOT NULL,
  region_id TEXT NOT NULL,
  band BIGINT NOT NULL,
  people BIGINT NOT NULL,
  PRIMARY KEY (period, bucket, region_id, band)
);

-- Kept by a trigger on leaderboard_points, so every way a row changes moves the counts in the same
-- transaction: an award (points::add_earned's upsert: old band -1, new band +1), a person promoted, disabled
-- or moved to another store, a store moved to another region (migration 0013's triggers on users and stores),
-- a person deleted. Only ranked rows count, as on the boards. The arithmetic is in the UPDATE/UPSERT itself
-- (people = people +/- 1), never read-modify-write, so concurrent awards lose nothing; the rows are locked in
-- one order (everyone before the region, the old band before the higher new one), so two awards do not
-- deadlock on them. `shopfloor leaderboards rebuild` (points::rebuild_standings) disables it for its bulk load
-- and recounts.
CREATE FUNCTION leaderboard_points_bands() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.ranked = 1 THEN
    UPDATE leaderboard_bands SET people = people - 1
      WHERE period = OLD.period AND bucket = OLD.bucket AND region_id = '' AND band = OLD.band;
    IF OLD.region_id IS NOT NULL THEN
      UPDATE leaderboard_bands SET people = people - 1
        WHERE period = OLD.period AND bucket = OLD.bucket AND region_id = OLD.region_id AND band = OLD.band;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.ranked = 1 THEN
    INSERT INTO leaderboard_bands (period, bucket, region_id, band, people)
      VALUES (NEW.period, NEW.bucket, '', NEW.band, 1)
      ON CONFLICT (period, bucket, region_id, band) DO UPDATE SET people = leaderboard_bands.people + 1;
    IF NEW.region_id IS NOT NULL THEN
      INSERT INTO leaderboard_bands (period, bucket, region_id, band, people)
        VALUES (NEW.period, NEW.bucket, NEW.region_id, NEW.band, 1)
        ON CONFLICT (period, bucket, region_id, band) DO UPDATE SET people = leaderboard_bands.people + 1;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER leaderboard_points_bands_insert_delete AFTER INSERT OR DELETE ON leaderboard_points
  FOR EACH ROW EXECUTE FUNCTION leaderboard_points_bands();
CREATE TRIGGER leaderboard_points_bands_update AFTER UPDATE ON leaderboard_points
  FOR EACH ROW WHEN ((OLD.ranked = 1 OR NEW.ranked = 1)
    AND (OLD.band IS DISTINCT FROM NEW.band OR OLD.ranked IS DISTINCT FROM NEW.ranked
         OR OLD.region_id IS DISTINCT FROM NEW.region_id OR OLD.period IS DISTINCT FROM NEW.period
         OR OLD.bucket IS DISTINCT FROM NEW.bucket))
  EXECUTE FUNCTION leaderboard_points_bands();

-- Backfill from the totals as they stand (the same count as points::rebuild_standings).
INSERT INTO leaderboard_bands (period, bucket, region_id, band, people)
SELECT period, bucket, '', band, COUNT(*) FROM leaderboard_points WHERE ranked = 1 GROUP BY period, bucket, band
UNION ALL
SELECT period, bucket, region_id, band, COUNT(*) FROM leaderboard_points
WHERE ranked = 1 AND region_id IS NOT NULL GROUP BY period, bucket, region_id, band;
