-- Payments (docs/decisions/021-payments.md): deposits, withdrawals, bank cards, transfers between members, manual
-- adjustments, and the payment gateways' credentials and replay guard. Money itself moves only in the ledger
-- (003_ledger.sql): each row here names the ledger entries that moved its money.

-- Settings per merchant (limits, receiving bank accounts, gateway); the defaults apply until an owner saves them.
CREATE TABLE payment_settings (
  merchant_id  integer PRIMARY KEY REFERENCES merchants (id),
  settings     jsonb NOT NULL,
  updated_at   timestamptz NOT NULL DEFAULT now()
);

-- A payment gateway account of a merchant: the merchant number and the secret both sides sign with.
CREATE TABLE payment_gateway_credentials (
  merchant_id   integer NOT NULL REFERENCES merchants (id),
  gateway_code  text NOT NULL CHECK (gateway_code ~ '^[A-Z0-9_]{2,32}$'),
  merchant_no   text NOT NULL,
  secret        text NOT NULL CHECK (length(secret) >= 32),
  -- The gateway's API address; null for the in-repo sandbox, whose address is known once it has started.
  api_url       text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, gateway_code),
  UNIQUE (gateway_code, merchant_no)
);

-- Nonces of gateway notifications already accepted: a replayed notification is refused.
CREATE TABLE payment_gateway_nonces (
  gateway_code  text NOT NULL,
  nonce         text NOT NULL,
  received_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (gateway_code, nonce)
);

CREATE TABLE deposits (
  id               bigserial PRIMARY KEY,
  merchant_id      integer NOT NULL REFERENCES merchants (id),
  member_id        integer NOT NULL REFERENCES members (id),
  order_no         text NOT NULL UNIQUE,
  -- The member's retry key: the same key gives back the same deposit.
  request_id       text,
  channel          text NOT NULL CHECK (channel IN ('bank', 'gateway')),
  amount           bigint NOT NULL CHECK (amount > 0),
  status           text NOT NULL DEFAULT 'pending'
                     CHECK (status IN ('pending', 'approved', 'rejected', 'expired')),
  reference        text,
  bank_account     jsonb,
  payer_name       text,
  gateway_code     text,
  gateway_txn_id   text,
  reject_reason    text,
  expires_at       timestamptz NOT NULL,
  decided_at       timestamptz,
  decided_by       integer REFERENCES operators (id),
  decided_by_name  text,
  ledger_entry_id  bigint,
  created_at       timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'approved') = (ledger_entry_id IS NOT NULL)),
  CHECK ((channel = 'bank') = (bank_account IS NOT NULL)),
  CHECK ((channel = 'gateway') = (gateway_code IS NOT NULL))
);
CREATE UNIQUE INDEX deposits_request ON deposits (member_id, request_id) WHERE request_id IS NOT NULL;
CREATE INDEX deposits_member ON deposits (member_id, id DESC);
CREATE INDEX deposits_queue ON deposits (merchant_id, status, id DESC);
CREATE UNIQUE INDEX deposits_gateway_txn ON deposits (gateway_code, gateway_txn_id) WHERE gateway_txn_id IS NOT NULL;

-- Proof images: of a bank transfer (deposit) or of a payout not received (withdrawal).
CREATE TABLE payment_proofs (
  id             bigserial PRIMARY KEY,
  deposit_id     bigint REFERENCES deposits (id),
  withdrawal_id  bigint,
  content_type   text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  bytes          bytea NOT NULL CHECK (length(bytes) <= 5242880),
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK ((deposit_id IS NULL) <> (withdrawal_id IS NULL))
);
CREATE INDEX payment_proofs_deposit ON payment_proofs (deposit_id) WHERE deposit_id IS NOT NULL;
CREATE INDEX payment_proofs_withdrawal ON payment_proofs (withdrawal_id) WHERE withdrawal_id IS NOT NULL;

CREATE TABLE bank_cards (
  id              serial PRIMARY KEY,
  merchant_id     integer NOT NULL REFERENCES merchants (id),
  member_id       integer NOT NULL REFERENCES members (id),
  bank_name       text NOT NULL,
  account_number  text NOT NULL CHECK (account_number ~ '^[0-9]{6,30}$'),
  payee_name      text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  removed_at      timestamptz
);
CREATE UNIQUE INDEX bank_cards_bound ON bank_cards (member_id, account_number) WHERE removed_at IS NULL;

CREATE TABLE withdrawals (
  id                   bigserial PRIMARY KEY,
  merchant_id          integer NOT NULL REFERENCES merchants (id),
  member_id            integer NOT NULL REFERENCES members (id),
  order_no             text NOT NULL UNIQUE,
  request_id           text,
  bank_card_id         integer NOT NULL REFERENCES bank_cards (id),
  amount               bigint NOT NULL CHECK (amount > 0),
  status               text NOT NULL DEFAULT 'pending' CHECK (status IN (
                         'pending', 'awaiting_second_approval', 'approved', 'rejected', 'paid', 'completed',
                         'disputed')),
  requires_second      boolean NOT NULL,
  first_approved_by    integer REFERENCES operators (id),
  first_approved_name  text,
  second_approved_by   integer REFERENCES operators (id),
  second_approved_name text,
  reject_reason        text,
  paid_amount          bigint CHECK (paid_amount > 0 AND paid_amount <= amount),
  paid_at              timestamptz,
  paid_by              integer REFERENCES operators (id),
  paid_by_name         text,
  receipt              text CHECK (receipt IN ('received', 'partly_received', 'not_received', 'auto_received')),
  received_amount      bigint CHECK (received_amount >= 0),
  confirmed_at         timestamptz,
  resolution_note      text,
  -- The hold (member → withdrawal clearing) and the money given back (rejection, partial payout, dispute).
  hold_entry_id        bigint NOT NULL,
  refunded_amount      bigint NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0 AND refunded_amount <= amount),
  created_at           timestamptz NOT NULL DEFAULT now(),
  CHECK (first_approved_by IS NULL OR second_approved_by IS NULL OR first_approved_by <> second_approved_by)
);
CREATE UNIQUE INDEX withdrawals_request ON withdrawals (member_id, request_id) WHERE request_id IS NOT NULL;
CREATE INDEX withdrawals_member ON withdrawals (member_id, id DESC);
CREATE INDEX withdrawals_queue ON withdrawals (merchant_id, status, id DESC);
CREATE INDEX withdrawals_unconfirmed ON withdrawals (paid_at) WHERE status = 'paid';
ALTER TABLE payment_proofs ADD FOREIGN KEY (withdrawal_id) REFERENCES withdrawals (id);

-- Money sent between members (to the upline, to a downline member).
CREATE TABLE member_transfers (
  id              bigserial PRIMARY KEY,
  merchant_id     integer NOT NULL REFERENCES merchants (id),
  from_member_id  integer NOT NULL REFERENCES members (id),
  to_member_id    integer NOT NULL REFERENCES members (id),
  direction       text NOT NULL CHECK (direction IN ('upline', 'downline')),
  amount          bigint NOT NULL CHECK (amount > 0),
  ledger_entry_id bigint NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_transfers_from ON member_transfers (from_member_id, id DESC);

-- Manual adjustments: asked for by one operator, posted when approved (by a second one above the threshold).
CREATE TABLE balance_adjustments (
  id                 bigserial PRIMARY KEY,
  merchant_id        integer NOT NULL REFERENCES merchants (id),
  member_id          integer NOT NULL REFERENCES members (id),
  amount             bigint NOT NULL CHECK (amount <> 0),
  reason             text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  status             text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  requires_second    boolean NOT NULL,
  requested_by       integer NOT NULL REFERENCES operators (id),
  requested_by_name  text NOT NULL,
  decided_by         integer REFERENCES operators (id),
  decided_by_name    text,
  ledger_entry_id    bigint,
  created_at         timestamptz NOT NULL DEFAULT now(),
  decided_at         timestamptz,
  CHECK (NOT requires_second OR decided_by IS NULL OR decided_by <> requested_by)
);
CREATE INDEX balance_adjustments_queue ON balance_adjustments (merchant_id, status, id DESC);

-- Wrong payment passwords, counted per member per hour.
CREATE TABLE payment_password_failures (
  member_id  integer NOT NULL REFERENCES members (id),
  at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_password_failures_member ON payment_password_failures (member_id, at DESC);
