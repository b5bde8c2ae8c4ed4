-- The in-house live casino (issue 16; docs/decisions/053-live-tables.md). A table is shared by the members of every
-- merchant, as a live studio's table is: one round stream per table, every player sees the same round. Money moves
-- only through the ledger, in the merchant of the member who bet: a stake, a payout and a refund are ledger entries
-- written in the transaction that changes the bet's row.

-- A table: its game, its limits per bet spot (minor units) and its fixed cycle. Round n's betting opens at
-- epoch + n × (betting_seconds + result_seconds) and closes betting_seconds later; the result is shown until the
-- next round opens. Kept in step with the code's table list at start-up (live-catalogue.ts).
CREATE TABLE live_tables (
  code             text PRIMARY KEY CHECK (code ~ '^[A-Z0-9-]{2,16}$'),
  game             text NOT NULL CHECK (game IN ('baccarat', 'dragon_tiger', 'roulette', 'sicbo')),
  name             text NOT NULL,
  min_bet          bigint NOT NULL CHECK (min_bet > 0),
  max_bet          bigint NOT NULL,
  betting_seconds  integer NOT NULL CHECK (betting_seconds BETWEEN 3 AND 120),
  result_seconds   integer NOT NULL CHECK (result_seconds BETWEEN 3 AND 60),
  epoch            timestamptz NOT NULL DEFAULT '2026-01-01T00:00:00Z',
  maintenance      boolean NOT NULL DEFAULT false,
  CHECK (max_bet >= min_bet)
);

-- One round of a table. Its server seed is chosen when the row is made, before its betting opens, and only its
-- SHA-256 is shown until betting closes: the deal is the game's over the seed's HMAC stream
-- (packages/live/src/round.ts). open: taking bets until closes_at, then waiting to be dealt; settled: dealt, every
-- bet paid or lost (in the transaction that set it); void: every bet refunded.
CREATE TABLE live_rounds (
  id                bigserial PRIMARY KEY,
  table_code        text NOT NULL REFERENCES live_tables (code),
  round_no          bigint NOT NULL,
  opens_at          timestamptz NOT NULL,
  closes_at         timestamptz NOT NULL,
  ends_at           timestamptz NOT NULL,
  server_seed       text NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash  text NOT NULL CHECK (server_seed_hash ~ '^[0-9a-f]{64}$'),
  status            text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled', 'void')),
  result            jsonb,
  settled_at        timestamptz,
  CHECK (opens_at < closes_at AND closes_at < ends_at),
  CHECK ((status = 'settled') = (result IS NOT NULL)),
  UNIQUE (table_code, round_no)
);
CREATE INDEX live_rounds_pending ON live_rounds (closes_at) WHERE status = 'open';

-- One accepted placement: the spots bet and their stakes ({"player": 1000, ...}), their total and, once the round is
-- settled, what they returned (stake included). A member may place several in one round; the table's limits hold for
-- each spot's total over the round.
CREATE TABLE live_bets (
  id               bigserial PRIMARY KEY,
  merchant_id      integer NOT NULL REFERENCES merchants (id),
  member_id        integer NOT NULL REFERENCES members (id),
  round_id         bigint NOT NULL REFERENCES live_rounds (id),
  request_id       text NOT NULL CHECK (request_id ~ '^[A-Za-z0-9_-]{8,64}$'),
  spots            jsonb NOT NULL,
  stake            bigint NOT NULL CHECK (stake > 0),
  returned         bigint NOT NULL DEFAULT 0 CHECK (returned >= 0),
  status           text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled', 'refunded')),
  bet_entry_id     bigint NOT NULL,
  payout_entry_id  bigint,
  created_at       timestamptz NOT NULL DEFAULT now(),
  settled_at       timestamptz,
  UNIQUE (member_id, request_id)
);
CREATE INDEX live_bets_round ON live_bets (round_id) WHERE status = 'open';
CREATE INDEX live_bets_member ON live_bets (member_id, created_at DESC);
