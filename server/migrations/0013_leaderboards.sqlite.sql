-- Leaderboards (issue 12; SPEC §6 Club leaderboards, §9 fair competition). Ranks are read from running
-- totals kept in the ledger's transaction (points/standings.cpp, called by points::award), never summed
-- from the ledger per request. The PostgreSQL spelling is 0013_leaderboards.postgres.sql; keep both alike.
--
-- Earned points only: an entry counts when delta > 0 and it is not a refund. A redemption (negative) does
-- not lower a rank, so its refund (positive, source 'refund') does not raise it either; a negative manual
-- adjustment does not lower it.
--
-- Periods (Asia/Bangkok, UTC+7 without daylight saving): period 'all' has bucket 0; 'week' buckets are the
-- ISO week's Monday as a Bangkok day number (days since 1970-01-01 in Bangkok); 'month' buckets are
-- year * 100 + month.

-- One row per person per period bucket: what they earned in it and when they reached that score (ties:
-- earlier first, then user id). `ranked` (role staff and status active), `store_id` and `region_id` are the
-- person's current ones, copied here so a ranking and "my rank" are index range scans without a join; the
-- triggers below keep them current when a person or a store changes.
CREATE TABLE leaderboard_points (
  period TEXT NOT NULL CHECK (period IN ('all', 'week', 'month')),
  bucket INTEGER NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  points BIGINT NOT NULL,
  reached_at BIGINT NOT NULL,
  ranked INTEGER NOT NULL,
  store_id TEXT,
  region_id TEXT,
  PRIMARY KEY (period, bucket, user_id)
);
CREATE INDEX leaderboard_points_user_idx ON leaderboard_points(user_id);
CREATE INDEX leaderboard_points_store_id_idx ON leaderboard_points(store_id);
-- Top 50 = the first 50 entries of one of these; my rank = counts over the range above my entry.
CREATE INDEX leaderboard_points_all_idx
  ON leaderboard_points(period, bucket, points DESC, reached_at, user_id) WHERE ranked = 1;
CREATE INDEX leaderboard_points_store_idx
  ON leaderboard_points(period, bucket, store_id, points DESC, reached_at, user_id) WHERE ranked = 1;
CREATE INDEX leaderboard_points_region_idx
  ON leaderboard_points(period, bucket, region_id, points DESC, reached_at, user_id) WHERE ranked = 1;

-- Points earned by a store's ranked staff per period bucket, credited to the store the person was in when
-- they earned them (a transfer does not carry a person's past into the new store).
CREATE TABLE leaderboard_store_points (
  period TEXT NOT NULL CHECK (period IN ('all', 'week', 'month')),
  bucket INTEGER NOT NULL,
  store_id TEXT NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  points BIGINT NOT NULL,
  PRIMARY KEY (period, bucket, store_id)
);

-- Active staff per store (the per-capita divisor), kept by the triggers on users.
CREATE TABLE leaderboard_stores (
  store_id TEXT PRIMARY KEY REFERENCES stores(id) ON DELETE CASCADE,
  staff INTEGER NOT NULL DEFAULT 0
);

CREATE TRIGGER leaderboard_users_insert AFTER INSERT ON users
WHEN NEW.role = 'staff' AND NEW.status = 'active' AND NEW.store_id IS NOT NULL
BEGIN
  INSERT INTO leaderboard_stores (store_id, staff) VALUES (NEW.store_id, 1)
    ON CONFLICT (store_id) DO UPDATE SET staff = staff + 1;
END;

CREATE TRIGGER leaderboard_users_delete AFTER DELETE ON users
WHEN OLD.role = 'staff' AND OLD.status = 'active' AND OLD.store_id IS NOT NULL
BEGIN
  UPDATE leaderboard_stores SET staff = staff - 1 WHERE store_id = OLD.store_id;
END;

CREATE TRIGGER leaderboard_users_update AFTER UPDATE OF role, status, store_id ON users
WHEN OLD.role IS NOT NEW.role OR OLD.status IS NOT NEW.status OR OLD.store_id IS NOT NEW.store_id
BEGIN
  UPDATE leaderboard_stores SET staff = staff - 1
    WHERE store_id = OLD.store_id AND OLD.role = 'staff' AND OLD.status = 'active';
  INSERT INTO leaderboard_stores (store_id, staff)
    SELECT NEW.store_id, 1 WHERE NEW.store_id IS NOT NULL AND NEW.role = 'staff' AND NEW.status = 'active'
    ON CONFLICT (store_id) DO UPDATE SET staff = staff + 1;
  UPDATE leaderboard_points
    SET ranked = CASE WHEN NEW.role = 'staff' AND NEW.status = 'active' THEN 1 ELSE 0 END,
        store_id = NEW.store_id,
        region_id = (SELECT region_id FROM stores WHERE id = NEW.store_id)
    WHERE user_id = NEW.id;
END;

CREATE TRIGGER leaderboard_stores_region AFTER UPDATE OF region_id ON stores
WHEN OLD.region_id IS NOT NEW.region_id
BEGIN
  UPDATE leaderboard_points SET region_id = NEW.region_id WHERE store_id = NEW.id;
END;

-- Backfill from the ledger as it stands.
INSERT INTO leaderboard_stores (store_id, staff)
SELECT store_id, COUNT(*) FROM users
WHERE role = 'staff' AND status = 'active' AND store_id IS NOT NULL GROUP BY store_id;

INSERT INTO leaderboard_points (period, bucket, user_id, points, reached_at, ranked, store_id, region_id)
SELECT e.period, e.bucket, e.user_id, e.points, e.reached_at,
       CASE WHEN u.role = 'staff' AND u.status = 'active' THEN 1 ELSE 0 END, u.store_id, s.region_id
FROM (
  SELECT 'all' AS period, 0 AS bucket, user_id, SUM(delta) AS points, MAX(created_at) AS reached_at
  FROM points_ledger WHERE delta > 0 AND source <> 'refund' GROUP BY user_id
  UNION ALL
  SELECT 'week', ((created_at + 25200000) / 86400000) - (((created_at + 25200000) / 86400000 + 3) % 7),
         user_id, SUM(delta), MAX(created_at)
  FROM points_ledger WHERE delta > 0 AND source <> 'refund'
  GROUP BY user_id, ((created_at + 25200000) / 86400000) - (((created_at + 25200000) / 86400000 + 3) % 7)
  UNION ALL
  SELECT 'month', CAST(strftime('%Y%m', (created_at + 25200000) / 1000, 'unixepoch') AS INTEGER),
         user_id, SUM(delta), MAX(created_at)
  FROM points_ledger WHERE delta > 0 AND source <> 'refund'
  GROUP BY user_id, CAST(strftime('%Y%m', (created_at + 25200000) / 1000, 'unixepoch') AS INTEGER)
) e
JOIN users u ON u.id = e.user_id
LEFT JOIN stores s ON s.id = u.store_id;

INSERT INTO leaderboard_store_points (period, bucket, store_id, points)
SELECT period, bucket, store_id, SUM(points) FROM leaderboard_points
WHERE ranked = 1 AND store_id IS NOT NULL GROUP BY period, bucket, store_id;
