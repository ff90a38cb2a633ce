-- PDPA rights (issue 34). When an admin erased the person (privacy/erase.hpp): the row stays so that ledger
-- rows, rollups and counts keep pointing at an id, but nothing in it names them any more.
ALTER TABLE users ADD COLUMN erased_at BIGINT;
