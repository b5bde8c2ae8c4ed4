-- Chasing (issue 14, "Betting": multi-draw bets; docs/decisions/043-lottery-client.md). A chase follows one bet over
-- N consecutive issues of a game. Its whole cost is taken from the member up front into the lottery's chase hold
-- (house account house_vendor/LOTT_CHASE) in one ledger entry; each issue's bet is moved from the hold to the
-- lottery's house account when that issue's sale is open (one entry each, key lottery:chase:<id>:<seq>); what is
-- left in the hold goes back to the member in one entry when the chase ends (a win with stop-on-win, the member's
-- cancel, issues missed or cancelled), key lottery:chase-refund:<id>. The hold's balance is always the sum of the
-- running chases' `held`.
CREATE TABLE lottery_chases (
  id               bigserial PRIMARY KEY,
  merchant_id      integer NOT NULL REFERENCES merchants (id),
  member_id        integer NOT NULL REFERENCES members (id),
  game_code        text NOT NULL,
  bet_type         text NOT NULL,
  prize_mode       text NOT NULL CHECK (prize_mode IN ('Lott', 'ZY', 'Elott', 'SEA')),
  picks            integer[] NOT NULL,
  lines            integer NOT NULL CHECK (lines >= 1),
  stake_per_line   bigint NOT NULL CHECK (stake_per_line > 0),
  odds             integer NOT NULL CHECK (odds > 0),
  -- The issues followed: issue indexes first_index .. first_index + issues - 1 of the game's schedule.
  first_index      bigint NOT NULL,
  first_issue_no   text NOT NULL,
  issues           integer NOT NULL CHECK (issues >= 2),
  stop_on_win      boolean NOT NULL,
  total            bigint NOT NULL CHECK (total > 0),
  -- The next issue (0-based) whose bet is still to be placed or skipped.
  next_seq         integer NOT NULL DEFAULT 0 CHECK (next_seq >= 0 AND next_seq <= issues),
  placed           integer NOT NULL DEFAULT 0 CHECK (placed >= 0),
  -- Still in the hold for this chase (total − the bets moved out − the refund).
  held             bigint NOT NULL CHECK (held >= 0),
  status           text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'won', 'completed', 'cancelled')),
  request_id       text NOT NULL CHECK (request_id ~ '^[A-Za-z0-9_-]{8,64}$'),
  hold_entry_id    bigint NOT NULL,
  refund_entry_id  bigint,
  refunded         bigint NOT NULL DEFAULT 0 CHECK (refunded >= 0),
  created_at       timestamptz NOT NULL DEFAULT now(),
  ended_at         timestamptz,
  CHECK ((status = 'running') = (ended_at IS NULL)),
  CHECK (status = 'running' OR held = 0),
  UNIQUE (member_id, request_id)
);
CREATE INDEX lottery_chases_running ON lottery_chases (merchant_id, game_code) WHERE status = 'running';
CREATE INDEX lottery_chases_member ON lottery_chases (member_id, id DESC);

-- A chase's bets are ordinary bets (settled with their draw) that name their chase and place in it.
ALTER TABLE lottery_bets ADD COLUMN chase_id bigint REFERENCES lottery_chases (id);
ALTER TABLE lottery_bets ADD COLUMN chase_seq integer;
ALTER TABLE lottery_bets ADD CONSTRAINT lottery_bets_chase_seq CHECK ((chase_id IS NULL) = (chase_seq IS NULL));
CREATE UNIQUE INDEX lottery_bets_chase ON lottery_bets (chase_id, chase_seq) WHERE chase_id IS NOT NULL;
