-- Galleries are published like every other area (resources/traits.hpp publishable()): an optional window and
-- the archived status. The SQLite spelling is 0065_galleries_publishable.sqlite.sql; keep both alike.
ALTER TABLE galleries ADD COLUMN start_at BIGINT;
ALTER TABLE galleries ADD COLUMN end_at BIGINT;
ALTER TABLE galleries DROP CONSTRAINT IF EXISTS galleries_status_check;
ALTER TABLE galleries ADD CONSTRAINT galleries_status_check CHECK (status IN ('draft', 'published', 'archived'));
