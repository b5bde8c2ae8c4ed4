-- The progressive jackpot's seed: what the operator puts into the pool, from the house's promotion account
-- through the ledger, when the seed is set and again after every award (issue 11, item 9).
ALTER TABLE slots_jackpots
  ADD COLUMN seed bigint NOT NULL DEFAULT 0 CHECK (seed >= 0 AND seed <= 10000000000000),
  ADD COLUMN seed_version integer NOT NULL DEFAULT 0;
