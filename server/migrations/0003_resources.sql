-- Back-office engine: optimistic versions on stores/regions, user groups, the roster, content taxonomy,
-- the media library and galleries.

ALTER TABLE stores ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE regions ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
-- Groups a user belongs to, as a JSON array of texts (string_list).
ALTER TABLE users ADD COLUMN groups_json TEXT;

-- Employee codes imported by admins (CSV roster). A registration with a code on the roster is active at
-- once; any other waits as pending.
CREATE TABLE roster (
  employee_code TEXT PRIMARY KEY,
  name TEXT,
  email TEXT,
  phone TEXT,
  store_code TEXT,
  position TEXT,
  role TEXT,
  imported_by TEXT,
  imported_at BIGINT NOT NULL
);
CREATE INDEX roster_code_lower_idx ON roster(lower(employee_code));

-- Audience tree: groups (e.g. department) and subgroups (e.g. team).
CREATE TABLE content_groups (
  id TEXT PRIMARY KEY,
  code TEXT UNIQUE,
  name TEXT NOT NULL,
  description TEXT,
  sort_order INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE content_subgroups (
  id TEXT PRIMARY KEY,
  group_id TEXT NOT NULL REFERENCES content_groups(id),
  code TEXT UNIQUE,
  name TEXT NOT NULL,
  description TEXT,
  sort_order INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX content_subgroups_group_idx ON content_subgroups(group_id);

-- Learning content categories: a two-level tree.
CREATE TABLE categories (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT,
  sort_order INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE subcategories (
  id TEXT PRIMARY KEY,
  category_id TEXT NOT NULL REFERENCES categories(id),
  name TEXT NOT NULL,
  description TEXT,
  sort_order INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX subcategories_category_idx ON subcategories(category_id);

-- The media library: files stored once by SHA-256 under DATA_DIR/media/ab/cd/<hash>.<ext>.
CREATE TABLE media (
  id TEXT PRIMARY KEY,
  hash TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('image', 'video', 'pdf')),
  mime TEXT NOT NULL,
  ext TEXT NOT NULL,
  bytes BIGINT NOT NULL,
  width INTEGER,
  height INTEGER,
  original_name TEXT,
  alt TEXT,
  uploaded_by TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX media_created_idx ON media(created_at);

CREATE TABLE galleries (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  description TEXT,
  cover_media_id TEXT REFERENCES media(id),
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
  audience_json TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1
);

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
CREATE INDEX gallery_items_gallery_idx ON gallery_items(gallery_id, position);
