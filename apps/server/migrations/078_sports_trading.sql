-- The sportsbook's trading back office (issue 15 item 5; docs/decisions/059-sports-trading.md). Events, markets and
-- prices are the feed's and shared by every merchant; what a merchant's trading desk decides is kept here, per
-- merchant: the margin added to the feed's prices per sport, the markets and events its operators suspended, and
-- manual settlements proposed by one operator and approved (or rejected) by another. A member's stake factor is the
-- sportsbook's own column (sports_member_settings.stake_factor).

-- The margin (basis points of overround) the merchant adds to the feed's prices of a sport before offering them.
CREATE TABLE sports_margins (
  merchant_id  integer NOT NULL REFERENCES merchants (id),
  sport        text NOT NULL CHECK (sport ~ '^[a-z0-9_]{1,40}$'),
  margin_bps   integer NOT NULL CHECK (margin_bps BETWEEN 0 AND 2000),
  updated_by   integer REFERENCES operators (id),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, sport)
);

-- A market or a whole event the merchant's operators suspended: its bets are refused whatever the feed says until
-- an operator resumes it (the row is deleted then; the audit log keeps both steps).
CREATE TABLE sports_suspensions (
  merchant_id   integer NOT NULL REFERENCES merchants (id),
  event_id      text NOT NULL REFERENCES sports_events (id),
  -- 0 for the whole event.
  market_id     bigint NOT NULL DEFAULT 0,
  reason        text NOT NULL,
  operator_id   integer REFERENCES operators (id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, event_id, market_id)
);

-- A manual settlement of a market: the result per outcome proposed by one operator, approved by another (four
-- eyes, checked here too) or rejected. At most one proposal of a market waits at a time. An approved proposal was
-- applied as a settlement message of the feed's own kind, `sequence` its sequence in sports_settlements.
CREATE TABLE sports_settlement_proposals (
  id              bigserial PRIMARY KEY,
  merchant_id     integer NOT NULL REFERENCES merchants (id),
  market_id       bigint NOT NULL REFERENCES sports_markets (id),
  -- {outcomeId: 'win' | 'lose' | 'void' | 'half_win' | 'half_lose'}
  outcomes        jsonb NOT NULL,
  reason          text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  status          text NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'approved', 'rejected')),
  proposed_by     integer NOT NULL REFERENCES operators (id),
  proposed_name   text NOT NULL,
  decided_by      integer REFERENCES operators (id),
  decided_name    text,
  decided_note    text,
  -- On approval: the sequence of the settlement message it was applied as, and how many bets it changed.
  sequence        bigint,
  settled         integer,
  created_at      timestamptz NOT NULL DEFAULT now(),
  decided_at      timestamptz,
  CHECK (decided_by IS NULL OR decided_by <> proposed_by),
  CHECK ((status = 'proposed') = (decided_by IS NULL))
);
CREATE UNIQUE INDEX sports_settlement_proposals_waiting ON sports_settlement_proposals (market_id)
  WHERE status = 'proposed';
CREATE INDEX sports_settlement_proposals_merchant ON sports_settlement_proposals (merchant_id, status, id DESC);
