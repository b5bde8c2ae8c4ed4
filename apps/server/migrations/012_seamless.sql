-- Seamless wallet for game vendors: each vendor's API credentials and launch address, the game sessions a launch
-- opens, every vendor call's outcome (idempotent per vendor and transaction id), and the nonces already seen.

CREATE TABLE vendor_credentials (
  vendor_code   text PRIMARY KEY REFERENCES game_vendors (code),
  api_secret    text NOT NULL CHECK (length(api_secret) >= 32),
  launch_url    text NOT NULL,
  enabled       boolean NOT NULL DEFAULT true,
  updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE game_sessions (
  id            bigserial PRIMARY KEY,
  token_hash    bytea NOT NULL UNIQUE,
  merchant_id   integer NOT NULL REFERENCES merchants (id),
  member_id     integer NOT NULL REFERENCES members (id),
  vendor_code   text NOT NULL REFERENCES game_vendors (code),
  game_node_id  integer NOT NULL REFERENCES games (node_id),
  nickname      text NOT NULL,
  demo          boolean NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  ended_at      timestamptz
);
CREATE INDEX game_sessions_member ON game_sessions (member_id, created_at DESC);

-- One row per vendor transaction id. A rollback of a bet never seen writes a 'tombstone' row under the bet's id so
-- the late bet is refused.
CREATE TABLE vendor_transactions (
  vendor_code      text NOT NULL REFERENCES game_vendors (code),
  transaction_id   text NOT NULL CHECK (length(transaction_id) BETWEEN 1 AND 100),
  kind             text NOT NULL CHECK (kind IN ('bet', 'win', 'rollback', 'tombstone')),
  merchant_id      integer NOT NULL REFERENCES merchants (id),
  member_id        integer NOT NULL REFERENCES members (id),
  session_id       bigint REFERENCES game_sessions (id),
  round_id         text NOT NULL,
  game_node_id     integer REFERENCES games (node_id),
  amount           bigint NOT NULL CHECK (amount >= 0),
  demo             boolean NOT NULL,
  request_hash     bytea NOT NULL,
  ledger_entry_id  bigint,
  balance_after    bigint NOT NULL,
  rolled_back      boolean NOT NULL DEFAULT false,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (vendor_code, transaction_id)
);
CREATE INDEX vendor_transactions_member ON vendor_transactions (member_id, created_at DESC);
CREATE INDEX vendor_transactions_round ON vendor_transactions (vendor_code, round_id);

CREATE TABLE vendor_nonces (
  vendor_code  text NOT NULL,
  nonce        text NOT NULL,
  seen_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (vendor_code, nonce)
);
CREATE INDEX vendor_nonces_seen ON vendor_nonces (seen_at);
