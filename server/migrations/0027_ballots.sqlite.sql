-- The ballot box of anonymous answers (issue 16). An anonymous submit writes the person's claim and a sealed
-- ballot in one transaction; the answers themselves are written later, in a batch of at least five ballots
-- opened together, so nothing a transaction leaves on its rows (PostgreSQL's xmin, the order rows were
-- written) ties an answer to the claim of the person who gave it. `box` names what the ballot is for
-- ("survey:<id>"); `sealed` is the payload encrypted under a key derived from AUTH_SECRET. A random id and
-- no rowid: the table keeps no order of arrival.
CREATE TABLE ballots (
  id TEXT PRIMARY KEY,
  box TEXT NOT NULL,
  sealed TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX ballots_box_idx ON ballots(box);
