-- The lottery's back office (issue 14; docs/decisions/042-lottery-office.md): each merchant's switches, odds,
-- rebates, stake limits and liability caps per game and bet type; the exposure of every number of every draw, kept
-- in the bet's own transaction; results entered by one operator and approved by another for operator games.

-- A merchant's switches and rebates per game (no row: the game's defaults, i.e. fast games on, daily games off).
-- rebates: per prize mode, basis points of the stake returned on every settled bet ({"Lott": 50} = 0.5%).
CREATE TABLE lottery_game_settings (
  merchant_id  integer NOT NULL REFERENCES merchants (id),
  game_code    text NOT NULL,
  enabled      boolean NOT NULL,
  on_sale      boolean NOT NULL,
  rebates      jsonb NOT NULL DEFAULT '{}',
  updated_at   timestamptz NOT NULL DEFAULT now(),
  updated_by   integer REFERENCES operators (id),
  PRIMARY KEY (merchant_id, game_code)
);

-- A merchant's odds (per prize mode, thousandths; a mode left out keeps the game's), stake limits per line and
-- liability cap per number and draw (NULL: the game's limits; no cap) of one bet type of one game.
CREATE TABLE lottery_bet_type_settings (
  merchant_id    integer NOT NULL REFERENCES merchants (id),
  game_code      text NOT NULL,
  bet_type       text NOT NULL,
  odds           jsonb NOT NULL DEFAULT '{}',
  stake_min      bigint CHECK (stake_min > 0),
  stake_max      bigint CHECK (stake_max > 0),
  liability_cap  bigint CHECK (liability_cap > 0),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  updated_by     integer REFERENCES operators (id),
  CHECK (stake_min IS NULL OR stake_max IS NULL OR stake_min <= stake_max),
  PRIMARY KEY (merchant_id, game_code, bet_type)
);

-- What the house would pay at most on one number (a line: "07", or "07-45" for a xiên pair) of one bet type of
-- one draw: the sum over its bets of stake × odds × the most hits a line can have. Updated in the bet's own
-- transaction (the row lock orders concurrent bets on the same number), checked against the cap before commit.
CREATE TABLE lottery_exposure (
  draw_id    bigint NOT NULL REFERENCES lottery_draws (id),
  bet_type   text NOT NULL,
  number     text NOT NULL,
  bets       integer NOT NULL DEFAULT 0,
  stake      bigint NOT NULL DEFAULT 0 CHECK (stake >= 0),
  liability  bigint NOT NULL DEFAULT 0 CHECK (liability >= 0),
  PRIMARY KEY (draw_id, bet_type, number)
);

-- The rebate copied onto each bet when placed (basis points), what it paid and its ledger entry.
ALTER TABLE lottery_bets
  ADD COLUMN rebate_rate      integer NOT NULL DEFAULT 0 CHECK (rebate_rate BETWEEN 0 AND 10000),
  ADD COLUMN rebate           bigint NOT NULL DEFAULT 0 CHECK (rebate >= 0),
  ADD COLUMN rebate_entry_id  bigint,
  ADD CONSTRAINT lottery_bets_rebate_entry CHECK ((rebate > 0) = (rebate_entry_id IS NOT NULL));

-- Results of operator games: entered by one operator, approved (or rejected) by another. At most one waits per draw;
-- an approved one is the draw's result.
CREATE TABLE lottery_result_entries (
  id           bigserial PRIMARY KEY,
  draw_id      bigint NOT NULL REFERENCES lottery_draws (id),
  result       jsonb NOT NULL,
  status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  entered_by   integer NOT NULL REFERENCES operators (id),
  entered_at   timestamptz NOT NULL DEFAULT now(),
  decided_by   integer REFERENCES operators (id),
  decided_at   timestamptz,
  reason       text,
  CHECK ((status = 'pending') = (decided_by IS NULL)),
  CHECK (decided_by IS NULL OR decided_by <> entered_by)
);
CREATE UNIQUE INDEX lottery_result_entries_waiting ON lottery_result_entries (draw_id) WHERE status = 'pending';
CREATE UNIQUE INDEX lottery_result_entries_approved ON lottery_result_entries (draw_id) WHERE status = 'approved';
CREATE INDEX lottery_result_entries_draw ON lottery_result_entries (draw_id, id DESC);
