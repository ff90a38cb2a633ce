-- Positions' names per language (issue 28 item 11): users.position keeps the code an admin typed or a roster
-- imported ("Sales", also what audiences match); the staff app shows the position's name in the reader's
-- language when one is given here, the code otherwise.
CREATE TABLE positions (
  id TEXT PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  name_th TEXT NOT NULL,
  name_en TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
