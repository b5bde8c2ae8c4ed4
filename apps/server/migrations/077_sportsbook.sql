-- The in-house sportsbook (issue 15 items 2 and 3; docs/decisions/058-sportsbook.md). Events, markets and prices
-- come from the odds feed (docs/odds-feed.md) and are shared by every merchant, as a feed is; bets are a merchant's.
-- Money moves only through the ledger, in the merchant of the member who bet: a stake, a payout, a refund and a
-- reversal are ledger entries written in the transaction that changes the bet's row. The settlement rules are
-- @tala/sports's (docs/sports-settlement.md); these tables only keep what was decided, once.

-- A fixture of the feed: a match or an outright. `status` is the feed's (postponed, cancelled and abandoned
-- included); `betting_status` the whole event's (suspended: every market refuses bets until the next odds change).
CREATE TABLE sports_events (
  id              text PRIMARY KEY CHECK (id ~ '^[a-z]+:[a-z_]+:[A-Za-z0-9_-]+$'),
  kind            text NOT NULL CHECK (kind IN ('match', 'outright')),
  sport           text NOT NULL,
  category        text NOT NULL,
  league_id       text NOT NULL,
  league_name     text NOT NULL,
  -- [{id, name, abbreviation}], home first and away second for a match; the field of an outright.
  competitors     jsonb NOT NULL,
  start_time      timestamptz NOT NULL,
  status          text NOT NULL CHECK (status IN ('not_started', 'live', 'ended', 'closed', 'postponed',
                                                  'cancelled', 'abandoned')),
  betting_status  text NOT NULL DEFAULT 'open' CHECK (betting_status IN ('open', 'suspended')),
  live_odds       boolean NOT NULL DEFAULT false,
  best_of         integer,
  home_score      integer NOT NULL DEFAULT 0 CHECK (home_score >= 0),
  away_score      integer NOT NULL DEFAULT 0 CHECK (away_score >= 0),
  -- The feed's match state (period, clock, period scores), as the last score message sent it.
  match_state     jsonb,
  -- The newest feed sequence applied to the event's prices: an older odds change arriving late is skipped.
  odds_sequence   bigint NOT NULL DEFAULT 0,
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sports_events_list ON sports_events (sport, start_time);

-- A market of an event: the feed's market type and specifier string (`hcp=-0.75`), its state and, per outcome,
-- its price in decimal thousandths ([{id, name, price, active}]). `price_version` grows with every change of
-- prices or state; `suspended_at` is the last time it was suspended, so an in-play bet whose delay saw a
-- suspension is refused even if the market is active again. `result` is the feed's last settlement of its outcomes.
CREATE TABLE sports_markets (
  id             bigserial PRIMARY KEY,
  event_id       text NOT NULL REFERENCES sports_events (id),
  market_type    text NOT NULL CHECK (market_type ~ '^[a-z0-9_]{1,40}$'),
  specifiers     text NOT NULL,
  name           text NOT NULL,
  status         text NOT NULL CHECK (status IN ('active', 'suspended', 'deactivated', 'settled', 'cancelled')),
  outcomes       jsonb NOT NULL,
  price_version  integer NOT NULL DEFAULT 1,
  suspended_at   timestamptz,
  result         jsonb,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (event_id, market_type, specifiers)
);

-- A member's sportsbook preferences: the odds format shown, what to do when odds change on the slip, and the
-- trading desk's stake factor (thousandths: 500 halves the member's maximum stakes, 0 stops their bets).
CREATE TABLE sports_member_settings (
  member_id        integer PRIMARY KEY REFERENCES members (id),
  odds_format      text NOT NULL DEFAULT 'decimal' CHECK (odds_format IN ('decimal', 'hongkong', 'malay',
                                                                          'indonesian')),
  odds_preference  text NOT NULL DEFAULT 'none' CHECK (odds_preference IN ('none', 'higher', 'any')),
  stake_factor     integer NOT NULL DEFAULT 1000 CHECK (stake_factor >= 0),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- A bet: a single or a parlay. pending: an in-play bet in its delay (the stake is taken); refused: refused when the
-- delay ended (the stake refunded by refund_entry_id); open: taken and waiting for results; then its result (won,
-- lost, void, half_won, half_lost, dead_heat, partial) with `returned` what it pays back, stake included, or
-- cashed_out. A correction moves a settled bet back to open or to another result: each change is a row of
-- sports_settlements, never an edit of what was paid.
CREATE TABLE sports_bets (
  id                 bigserial PRIMARY KEY,
  merchant_id        integer NOT NULL REFERENCES merchants (id),
  member_id          integer NOT NULL REFERENCES members (id),
  request_id         text NOT NULL CHECK (request_id ~ '^[A-Za-z0-9_-]{8,64}$'),
  kind               text NOT NULL CHECK (kind IN ('single', 'parlay')),
  product            text NOT NULL CHECK (product IN ('SPORTS', 'ESPORTS')),
  vendor_code        text NOT NULL,
  stake              bigint NOT NULL CHECK (stake > 0),
  potential_return   bigint NOT NULL CHECK (potential_return >= 0),
  odds_preference    text NOT NULL CHECK (odds_preference IN ('none', 'higher', 'any')),
  odds_format        text NOT NULL,
  status             text NOT NULL CHECK (status IN ('pending', 'refused', 'open', 'won', 'lost', 'void',
                                                     'half_won', 'half_lost', 'dead_heat', 'partial',
                                                     'cashed_out')),
  refusal_code       text,
  returned           bigint NOT NULL DEFAULT 0 CHECK (returned >= 0),
  -- How many rows of sports_settlements the bet has: the next one is version + 1 (unique with the bet).
  settlement_version integer NOT NULL DEFAULT 0,
  placed_entry_id    bigint NOT NULL REFERENCES ledger_entries (id),
  refund_entry_id    bigint UNIQUE REFERENCES ledger_entries (id),
  accept_at          timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  settled_at         timestamptz,
  UNIQUE (member_id, request_id),
  CHECK (status <> 'pending' OR accept_at IS NOT NULL)
);
CREATE INDEX sports_bets_member ON sports_bets (member_id, created_at DESC);
CREATE INDEX sports_bets_pending ON sports_bets (accept_at) WHERE status = 'pending';
CREATE INDEX sports_bets_merchant ON sports_bets (merchant_id, created_at);

-- A selection of a bet: the market and outcome, the price the member saw and the price taken. `result_win` and
-- `result_void` are the feed's settlement as the shares of the stake that win and are refunded (exact fractions
-- 'n/d': a half win is 1/2 and 1/2, a dead heat of three 1/3 and 0), null while open; `void_factor` and
-- `dead_heat_factor` are the feed's figures as sent. `cancelled` is the feed's bet cancel: the leg counts as void
-- whatever its result, until the cancel is rolled back.
CREATE TABLE sports_bet_legs (
  bet_id            bigint NOT NULL REFERENCES sports_bets (id),
  leg_no            integer NOT NULL CHECK (leg_no BETWEEN 0 AND 19),
  event_id          text NOT NULL REFERENCES sports_events (id),
  market_id         bigint NOT NULL REFERENCES sports_markets (id),
  outcome           text NOT NULL,
  seen_price        integer NOT NULL CHECK (seen_price BETWEEN 1001 AND 1000000),
  price             integer NOT NULL CHECK (price BETWEEN 1001 AND 1000000),
  result_win        text,
  result_void       text,
  void_factor       text,
  dead_heat_factor  text,
  cancelled         boolean NOT NULL DEFAULT false,
  PRIMARY KEY (bet_id, leg_no),
  CHECK ((result_win IS NULL) = (result_void IS NULL))
);
CREATE INDEX sports_bet_legs_market ON sports_bet_legs (market_id, bet_id);

-- Every change of what a bet returns, in order: version 1 its first settlement, then each correction, rollback,
-- cancel or reinstatement. UNIQUE (bet_id, version) is what makes a settlement happen once: two processes applying
-- the same message both try to write the bet's next version, and the second's transaction (with its ledger
-- entries) is rolled back. The old return is reversed by its own entry and the new one paid by another.
CREATE TABLE sports_settlements (
  id                 bigserial PRIMARY KEY,
  bet_id             bigint NOT NULL REFERENCES sports_bets (id),
  version            integer NOT NULL CHECK (version > 0),
  cause              text NOT NULL CHECK (cause IN ('bet_settlement', 'rollback_bet_settlement', 'bet_cancel',
                                                    'rollback_bet_cancel')),
  feed_sequence      bigint NOT NULL,
  previous_status    text NOT NULL,
  status             text NOT NULL,
  previous_return    bigint NOT NULL CHECK (previous_return >= 0),
  new_return         bigint NOT NULL CHECK (new_return >= 0),
  reversal_entry_id  bigint UNIQUE REFERENCES ledger_entries (id),
  payout_entry_id    bigint UNIQUE REFERENCES ledger_entries (id),
  created_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (bet_id, version)
);

-- A cash-out: an open single bought back at the value cash-out.ts gave, once per bet.
CREATE TABLE sports_cashouts (
  bet_id         bigint PRIMARY KEY REFERENCES sports_bets (id),
  price          integer NOT NULL,
  value          bigint NOT NULL CHECK (value > 0),
  entry_id       bigint NOT NULL UNIQUE REFERENCES ledger_entries (id),
  created_at     timestamptz NOT NULL DEFAULT now()
);

-- Feed messages that were malformed or could not be applied: logged and skipped, never half-applied.
CREATE TABLE sports_feed_rejects (
  id          bigserial PRIMARY KEY,
  type        text,
  sequence    bigint,
  reason      text NOT NULL,
  message     jsonb,
  created_at  timestamptz NOT NULL DEFAULT now()
);
