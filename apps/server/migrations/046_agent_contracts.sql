-- Agent contracts and their settlement (issue 12, items 3 and 4; docs/decisions/033-agent-contracts.md).

-- Every real-money round of both sources as one relation (the games module's definition of a round for reports):
-- vendor bets with what their round won, and the in-house slot rounds. Rolled-back bets stake nothing.
CREATE VIEW bet_rounds AS
  SELECT b.merchant_id, b.member_id, b.created_at,
         CASE WHEN b.rolled_back THEN 0 ELSE b.amount END AS stake,
         (SELECT COALESCE(SUM(w.amount), 0) FROM vendor_transactions w
           WHERE w.vendor_code = b.vendor_code AND w.round_id = b.round_id AND w.member_id = b.member_id
             AND w.kind = 'win') AS won
    FROM vendor_transactions b
   WHERE b.kind = 'bet' AND NOT b.demo
  UNION ALL
  SELECT r.merchant_id, r.member_id, r.created_at, r.bet, r.win + r.jackpot_win
    FROM slots_rounds r;

-- What each merchant allows (kinds on, top rates, tiers, who pays); absent: the defaults in the contracts package.
CREATE TABLE agent_contract_settings (
  merchant_id  integer PRIMARY KEY REFERENCES merchants (id),
  settings     jsonb NOT NULL,
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- Offers, terminations and contracts. A row starts as an open request (offered) and is accepted (active), rejected
-- or withdrawn; an active contract ends (terminated, superseded, or because its upline's rate fell below it).
CREATE TABLE agent_contracts (
  id                  bigserial PRIMARY KEY,
  merchant_id         integer NOT NULL REFERENCES merchants (id),
  kind                text NOT NULL CHECK (kind IN ('dividend', 'dailySalary', 'hourlySalary', 'realtimeSalary')),
  member_id           integer NOT NULL REFERENCES members (id),
  upline_id           integer REFERENCES members (id),
  request             text NOT NULL DEFAULT 'new' CHECK (request IN ('new', 'termination')),
  -- A termination request names the active contract it would end.
  target_contract_id  bigint REFERENCES agent_contracts (id),
  requested_by        integer REFERENCES members (id),
  operator_id         integer REFERENCES operators (id),
  terms               jsonb NOT NULL,
  status              text NOT NULL CHECK (status IN ('offered', 'active', 'rejected', 'ended', 'withdrawn')),
  created_at          timestamptz NOT NULL DEFAULT now(),
  decided_at          timestamptz,
  started_at          timestamptz,
  ended_at            timestamptz,
  end_reason          text,
  CHECK ((request = 'termination') = (target_contract_id IS NOT NULL)),
  CHECK (request = 'new' OR status IN ('offered', 'rejected', 'withdrawn', 'ended'))
);
-- One contract of a kind in force per member, and one open request at a time (an offer sent twice at once: one wins).
CREATE UNIQUE INDEX agent_contract_in_force ON agent_contracts (member_id, kind) WHERE status = 'active';
CREATE UNIQUE INDEX agent_contract_open_request ON agent_contracts (member_id, kind) WHERE status = 'offered';
CREATE INDEX agent_contracts_upline ON agent_contracts (upline_id, kind, status);
CREATE INDEX agent_contracts_merchant ON agent_contracts (merchant_id, kind, status);

-- One settlement of a kind and period per merchant at a time: claimed by the process that runs it, its heartbeat
-- showing it is alive; a new run of the same period needs the old one cancelled (its payments reversed).
CREATE TABLE settlement_runs (
  id                  bigserial PRIMARY KEY,
  merchant_id         integer NOT NULL REFERENCES merchants (id),
  kind                text NOT NULL,
  period_start        timestamptz NOT NULL,
  period_end          timestamptz NOT NULL,
  status              text NOT NULL CHECK (status IN ('running', 'done', 'failed', 'cancel_requested', 'cancelled')),
  bills               integer NOT NULL DEFAULT 0,
  total_paid          bigint NOT NULL DEFAULT 0,
  error               text,
  started_at          timestamptz NOT NULL DEFAULT now(),
  heartbeat_at        timestamptz NOT NULL DEFAULT now(),
  finished_at         timestamptz,
  cancel_requested_by integer REFERENCES operators (id),
  cancel_reason       text,
  cancelled_by        integer REFERENCES operators (id),
  cancelled_at        timestamptz,
  CHECK (period_end > period_start)
);
-- (Dividends of different period types may start together: the period is its start and its end.)
CREATE UNIQUE INDEX settlement_run_once ON settlement_runs (merchant_id, kind, period_start, period_end)
  WHERE status <> 'cancelled';
CREATE INDEX settlement_runs_recent ON settlement_runs (merchant_id, started_at DESC);

-- One bill per contract and period (the database says so), with the statement of how it was computed and the
-- ledger entry that paid it.
CREATE TABLE contract_bills (
  id               bigserial PRIMARY KEY,
  merchant_id      integer NOT NULL REFERENCES merchants (id),
  run_id           bigint NOT NULL REFERENCES settlement_runs (id),
  contract_id      bigint NOT NULL REFERENCES agent_contracts (id),
  member_id        integer NOT NULL REFERENCES members (id),
  kind             text NOT NULL,
  period_start     timestamptz NOT NULL,
  period_end       timestamptz NOT NULL,
  status           text NOT NULL CHECK (status IN ('paid', 'partly_paid', 'insufficient_balance',
                     'threshold_not_reached', 'rejected', 'expired', 'cancelled')),
  amount_due       bigint NOT NULL CHECK (amount_due >= 0),
  amount_paid      bigint NOT NULL CHECK (amount_paid >= 0 AND amount_paid <= amount_due),
  carry_out        bigint NOT NULL DEFAULT 0 CHECK (carry_out <= 0),
  payer            text NOT NULL CHECK (payer IN ('merchant', 'upline')),
  payer_member_id  integer REFERENCES members (id),
  statement        jsonb NOT NULL,
  ledger_entry_id  bigint REFERENCES ledger_entries (id),
  reversal_entry_id bigint REFERENCES ledger_entries (id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  cancelled_at     timestamptz
);
CREATE UNIQUE INDEX contract_bill_once ON contract_bills (contract_id, period_start) WHERE status <> 'cancelled';
CREATE INDEX contract_bills_member ON contract_bills (member_id, created_at DESC);
CREATE INDEX contract_bills_run ON contract_bills (run_id);
