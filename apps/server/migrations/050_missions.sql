-- Missions and the mission leaderboard (issue 13 item 3; docs/decisions/036-missions.md): the missions module's
-- own tables. A mission repeats every day or week of the merchant's time zone; its tasks are counted from the
-- member's real sign-ins, deposits and rounds; its reward is claimed once per member and period.
CREATE TABLE missions (
  id          serial PRIMARY KEY,
  merchant_id integer NOT NULL REFERENCES merchants (id),
  period      text NOT NULL CHECK (period IN ('day', 'week')),
  enabled     boolean NOT NULL,
  starts_at   timestamptz NOT NULL,
  ends_at     timestamptz NOT NULL,
  reward      bigint NOT NULL CHECK (reward >= 0),
  points      integer NOT NULL CHECK (points >= 0),
  -- [{ kind, product, target }], validated by the contracts package
  tasks       jsonb NOT NULL,
  -- { EN: { name, description }, TY: ... }
  texts       jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at),
  CHECK (reward > 0 OR points > 0)
);
CREATE INDEX missions_merchant ON missions (merchant_id, ends_at);

-- One row per reward claimed: the unique index makes a claim once per member and period (the idempotency of the
-- payment, which is posted in the same transaction under the key mission:<id>:<member>:<period>). Never updated.
CREATE TABLE mission_claims (
  id               bigserial PRIMARY KEY,
  merchant_id      integer NOT NULL REFERENCES merchants (id),
  mission_id       integer NOT NULL REFERENCES missions (id),
  member_id        integer NOT NULL REFERENCES members (id),
  period_key       text NOT NULL,
  reward           bigint NOT NULL CHECK (reward >= 0),
  points           integer NOT NULL CHECK (points >= 0),
  -- null when the mission pays points only
  ledger_entry_id  bigint,
  claimed_at       timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT mission_claim_once UNIQUE (mission_id, member_id, period_key)
);
CREATE INDEX mission_claims_board ON mission_claims (merchant_id, claimed_at);
CREATE INDEX mission_claims_member ON mission_claims (member_id, claimed_at);

-- The games a member played for real money, read-only for the "games played" task (like agents' bet_rounds view):
-- a vendor bet that was not rolled back, or an in-house slot round.
CREATE VIEW mission_games_played AS
  SELECT b.merchant_id, b.member_id, b.created_at, 'v' || b.game_node_id::text AS game
    FROM vendor_transactions b
   WHERE b.kind = 'bet' AND NOT b.demo AND NOT b.rolled_back AND b.game_node_id IS NOT NULL
  UNION ALL
  SELECT r.merchant_id, r.member_id, r.created_at, 's' || r.game_code
    FROM slots_rounds r;
