-- The CHAIN game's hash chains (issue 14; docs/decisions/041-lottery-families.md). Per merchant, game and segment of
-- issues (packages/lottery/src/chain.ts): the secret last link, kept here until the segment's issues are drawn, and
-- the terminal hash published before the segment's first issue. Each issue's server seed (lottery_draws) is the
-- chain's link for its offset; two processes making a segment at once make one row.
CREATE TABLE lottery_hash_chains (
  merchant_id    integer NOT NULL REFERENCES merchants (id),
  game_code      text NOT NULL,
  segment        bigint NOT NULL CHECK (segment >= 0),
  length         integer NOT NULL CHECK (length > 0),
  secret         text NOT NULL CHECK (secret ~ '^[0-9a-f]{64}$'),
  terminal_hash  text NOT NULL CHECK (terminal_hash ~ '^[0-9a-f]{64}$'),
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, game_code, segment)
);
