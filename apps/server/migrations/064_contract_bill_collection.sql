-- Bills an upline could not cover in full (docs/decisions/045-unpaid-contract-bills.md): collected later from the
-- upline's wallet while they are open, expired after the merchant's days, or rejected by an operator. The bill's
-- first payment stays in contract_bills.ledger_entry_id; every later one is a row here, reversed with the bill when
-- its run is cancelled.
CREATE TABLE contract_bill_payments (
  bill_id            bigint NOT NULL REFERENCES contract_bills (id),
  seq                smallint NOT NULL CHECK (seq >= 1),
  amount             bigint NOT NULL CHECK (amount > 0),
  ledger_entry_id    bigint NOT NULL REFERENCES ledger_entries (id),
  reversal_entry_id  bigint REFERENCES ledger_entries (id),
  created_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (bill_id, seq)
);

ALTER TABLE contract_bills
  ADD COLUMN closed_at timestamptz,
  ADD COLUMN closed_by integer REFERENCES operators (id),
  ADD COLUMN close_reason text CHECK (length(close_reason) <= 200);

-- What the collection job walks: the open bills an upline owes.
CREATE INDEX contract_bills_unpaid ON contract_bills (merchant_id, created_at)
  WHERE status IN ('insufficient_balance', 'partly_paid');
