-- Rebates, rank upgrade bonuses and raffles (issue 13 item 1; docs/decisions/034-promotions.md). Rebates: cashback
-- on a closed day's or week's valid bets or net loss, computed for every member at once and paid through the ledger,
-- one entry per member. Rank upgrades and raffles are claimed like deposit bonuses (bonuses, one per period key).

ALTER TABLE promotions DROP CONSTRAINT promotions_kind_check;
ALTER TABLE promotions ADD CONSTRAINT promotions_kind_check
  CHECK (kind IN ('firstDeposit', 'repeatDeposit', 'applied', 'rebate', 'rankUpgrade', 'raffle'));

-- One per rebate promotion and closed period: written with every payout of the period (and the budget they spend)
-- in one transaction, so a period is computed once; 'paying' until every due payout has its ledger entry.
CREATE TABLE rebate_runs (
  promotion_id  integer NOT NULL REFERENCES promotions (id),
  period_key    text NOT NULL,
  merchant_id   integer NOT NULL REFERENCES merchants (id),
  period_start  timestamptz NOT NULL,
  period_end    timestamptz NOT NULL CHECK (period_end > period_start),
  status        text NOT NULL CHECK (status IN ('paying', 'paid')),
  members       integer NOT NULL CHECK (members >= 0),
  total         bigint NOT NULL CHECK (total >= 0),
  -- What the members would have had beyond the promotion's budget (not paid).
  over_budget   bigint NOT NULL CHECK (over_budget >= 0),
  created_at    timestamptz NOT NULL DEFAULT now(),
  finished_at   timestamptz,
  PRIMARY KEY (promotion_id, period_key)
);
CREATE INDEX rebate_runs_merchant ON rebate_runs (merchant_id, period_start DESC);

-- A member's rebate of a period. The ledger entry (key rebate:<promotion>:<period>:<member>) is the payment; the
-- row says which entry it was once the entry is posted.
CREATE TABLE rebate_payouts (
  promotion_id     integer NOT NULL,
  period_key       text NOT NULL,
  member_id        integer NOT NULL REFERENCES members (id),
  basis            bigint NOT NULL CHECK (basis >= 0),
  amount           bigint NOT NULL CHECK (amount > 0),
  by_product       jsonb NOT NULL,
  status           text NOT NULL CHECK (status IN ('due', 'paid', 'over_budget')),
  ledger_entry_id  bigint,
  paid_at          timestamptz,
  PRIMARY KEY (promotion_id, period_key, member_id),
  FOREIGN KEY (promotion_id, period_key) REFERENCES rebate_runs (promotion_id, period_key),
  CHECK ((status = 'paid') = (ledger_entry_id IS NOT NULL))
);
CREATE INDEX rebate_payouts_member ON rebate_payouts (member_id, promotion_id, period_key DESC);
CREATE INDEX rebate_payouts_due ON rebate_payouts (promotion_id, period_key) WHERE status = 'due';
