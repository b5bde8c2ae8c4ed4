-- The feed message that last settled, rolled back or cancelled each market (issue 15, decision 058). A consumer that
-- replays the feed from before its stored position (a crash before the position was written, or a second process of
-- a cluster starting behind the others) must not apply an older settlement message over a newer one: replaying a
-- settlement after its rollback and resettlement would write the old result again as new versions of the bets.
-- Each settlement message claims the market with its sequence (only forwards); each page of bets it settles checks,
-- in its own transaction, that no newer message has claimed the market since.
ALTER TABLE sports_markets ADD COLUMN settlement_sequence bigint NOT NULL DEFAULT 0;

UPDATE sports_markets SET settlement_sequence = (result->>'sequence')::bigint
  WHERE result IS NOT NULL AND jsonb_typeof(result->'sequence') = 'number';
