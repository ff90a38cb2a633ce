-- Galleries are published like every other area (resources/traits.hpp publishable()): an optional window and
-- the archived status. The PostgreSQL spelling is 0065_galleries_publishable.postgres.sql; keep both alike.
--
-- SQLite cannot change a CHECK in place: the table is made again. Its items are set aside first, so dropping
-- the old table (which cascades to them while foreign keys are on) takes nothing with it.
CREATE TABLE galleries_next (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  description TEXT,
  cover_media_id TEXT REFERENCES media(id),
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  start_at BIGINT,
  end_at BIGINT,
  audience_json TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
INSERT INTO galleries_next (id, title, description, cover_media_id, status, audience_json, created_at,
                            updated_at, version)
  SELECT id, title, description, cover_media_id, status, audience_json, created_at, updated_at, version
  FROM galleries;
CREATE TABLE gallery_items_kept AS SELECT * FROM gallery_items;
DROP TABLE gallery_items;
DROP TABLE galleries;
ALTER TABLE galleries_next RENAME TO galleries;
CREATE TABLE gallery_items (
  id TEXT PRIMARY KEY,
  gallery_id TEXT NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
  media_id TEXT NOT NULL REFERENCES media(id),
  position INTEGER NOT NULL DEFAULT 0,
  caption TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
INSERT INTO gallery_items (id, gallery_id, media_id, position, caption, created_at, updated_at, version)
  SELECT id, gallery_id, media_id, position, caption, created_at, updated_at, version FROM gallery_items_kept;
DROP TABLE gallery_items_kept;
CREATE INDEX gallery_items_gallery_idx ON gallery_items(gallery_id, position);
