-- The in-house lottery (issue 14; docs/decisions/039-lottery.md). Games are data in packages/lottery; these tables
-- hold each merchant's draws and the bets on them. Money moves only through the ledger: a bet's stake, its payout
-- and its refund are ledger entries written in the transaction that changes the bet's row.

-- One draw (issue) of a game for a merchant. Its server seed is chosen when the row is made, before its sale opens,
-- and only its SHA-256 is shown until the draw: the result is the game's draw over the seed's HMAC stream
-- (packages/lottery/src/draw.ts). open: on sale until sale_closes_at, then waiting for its draw; drawn: result
-- known, bets being settled; settled: every bet paid or lost; cancelled: every bet refunded (or being refunded).
CREATE TABLE lottery_draws (
  id                bigserial PRIMARY KEY,
  merchant_id       integer NOT NULL REFERENCES merchants (id),
  game_code         text NOT NULL,
  game_version      integer NOT NULL,
  issue_index       bigint NOT NULL,
  issue_no          text NOT NULL,
  sale_opens_at     timestamptz NOT NULL,
  sale_closes_at    timestamptz NOT NULL,
  draw_at           timestamptz NOT NULL,
  server_seed       text NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash  text NOT NULL CHECK (server_seed_hash ~ '^[0-9a-f]{64}$'),
  status            text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'drawn', 'settled', 'cancelled')),
  result            jsonb,
  drawn_at          timestamptz,
  settled_at        timestamptz,
  cancelled_at      timestamptz,
  cancelled_by      integer REFERENCES operators (id),
  cancel_reason     text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  CHECK (sale_opens_at < sale_closes_at AND sale_closes_at <= draw_at),
  CHECK ((status IN ('drawn', 'settled')) = (result IS NOT NULL)),
  CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL)),
  UNIQUE (merchant_id, game_code, issue_index),
  UNIQUE (merchant_id, game_code, issue_no)
);
CREATE INDEX lottery_draws_game ON lottery_draws (merchant_id, game_code, draw_at DESC);
-- The draws the scheduler still has work for.
CREATE INDEX lottery_draws_pending ON lottery_draws (draw_at) WHERE status IN ('open', 'drawn');

-- One accepted bet: a bet type, the numbers picked, the lines they make (xiên: every k-combination), the stake per
-- line and the odds in force when it was placed (thousandths). open until its draw is settled (won or lost) or
-- cancelled (refunded). The ledger keys derive from the id (payout, refund) and from the member's request id (stake).
CREATE TABLE lottery_bets (
  id               bigserial PRIMARY KEY,
  merchant_id      integer NOT NULL REFERENCES merchants (id),
  member_id        integer NOT NULL REFERENCES members (id),
  draw_id          bigint NOT NULL REFERENCES lottery_draws (id),
  game_code        text NOT NULL,
  bet_type         text NOT NULL,
  prize_mode       text NOT NULL CHECK (prize_mode IN ('Lott', 'ZY', 'Elott', 'SEA')),
  picks            integer[] NOT NULL,
  lines            integer NOT NULL CHECK (lines >= 1),
  stake_per_line   bigint NOT NULL CHECK (stake_per_line > 0),
  stake            bigint NOT NULL CHECK (stake = stake_per_line * lines),
  odds             integer NOT NULL CHECK (odds > 0),
  request_id       text NOT NULL CHECK (request_id ~ '^[A-Za-z0-9_-]{8,64}$'),
  status           text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'won', 'lost', 'refunded')),
  win              bigint NOT NULL DEFAULT 0 CHECK (win >= 0),
  bet_entry_id     bigint NOT NULL,
  payout_entry_id  bigint,
  refund_entry_id  bigint,
  created_at       timestamptz NOT NULL DEFAULT now(),
  settled_at       timestamptz,
  CHECK ((status = 'won') = (payout_entry_id IS NOT NULL AND win > 0)),
  CHECK ((status = 'refunded') = (refund_entry_id IS NOT NULL)),
  UNIQUE (member_id, request_id)
);
-- What settlement and refunds page through.
CREATE INDEX lottery_bets_open ON lottery_bets (draw_id, id) WHERE status = 'open';
CREATE INDEX lottery_bets_draw ON lottery_bets (draw_id);
CREATE INDEX lottery_bets_member ON lottery_bets (member_id, game_code, id DESC);
