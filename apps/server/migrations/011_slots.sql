-- The in-house slot studio (docs/decisions/007-slots-fairness.md): provably-fair seed pairs per member, the rounds
-- played, and per merchant the progressive jackpot's record. Money itself moves only through the ledger: the bet
-- and the win of a round are ledger entries written in the transaction that inserts the round, and the jackpot pool
-- is the balance of the merchant's house account for vendor TALA_JACKPOT.

-- A member's seed pairs. The active one (revealed_at NULL) keeps its server seed secret and shows only its SHA-256;
-- rotating reveals it and starts a new pair. `rounds` counts the rounds played with the pair: the next one's nonce
-- is rounds + 1.
CREATE TABLE slots_seed_pairs (
  id                bigserial PRIMARY KEY,
  merchant_id       integer NOT NULL REFERENCES merchants (id),
  member_id         integer NOT NULL REFERENCES members (id),
  server_seed       text NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash  text NOT NULL CHECK (server_seed_hash ~ '^[0-9a-f]{64}$'),
  client_seed       text NOT NULL CHECK (client_seed ~ '^[A-Za-z0-9_-]{1,64}$'),
  rounds            integer NOT NULL DEFAULT 0 CHECK (rounds >= 0),
  last_round_at     timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  revealed_at       timestamptz
);
CREATE UNIQUE INDEX slots_seed_pairs_active ON slots_seed_pairs (member_id) WHERE revealed_at IS NULL;
CREATE INDEX slots_seed_pairs_member ON slots_seed_pairs (member_id, id DESC);

-- One round: the paid spin and every free spin it led to, as the engine computed it from the pair's seeds and the
-- nonce. client_seed is the one in force when the round was played (the player may change it within a pair).
CREATE TABLE slots_rounds (
  id                bigserial PRIMARY KEY,
  merchant_id       integer NOT NULL REFERENCES merchants (id),
  member_id         integer NOT NULL REFERENCES members (id),
  seed_pair_id      bigint NOT NULL REFERENCES slots_seed_pairs (id),
  nonce             integer NOT NULL CHECK (nonce >= 1),
  client_seed       text NOT NULL,
  game_code         text NOT NULL,
  title_version     integer NOT NULL,
  -- The client's key for this spin: a retried request answers the round already played.
  request_id        text NOT NULL CHECK (request_id ~ '^[A-Za-z0-9_-]{8,64}$'),
  bet               bigint NOT NULL CHECK (bet > 0),
  win               bigint NOT NULL CHECK (win >= 0),
  jackpot_win       bigint NOT NULL DEFAULT 0 CHECK (jackpot_win >= 0),
  free_spins        integer NOT NULL DEFAULT 0 CHECK (free_spins >= 0),
  outcome           jsonb NOT NULL,
  balance_after     bigint NOT NULL,
  bet_entry_id      bigint NOT NULL,
  payout_entry_id   bigint,
  created_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (seed_pair_id, nonce),
  UNIQUE (member_id, request_id)
);
CREATE INDEX slots_rounds_member ON slots_rounds (member_id, id DESC);
CREATE INDEX slots_rounds_member_game ON slots_rounds (member_id, game_code, id DESC);

-- Per merchant: the row an award locks (so two winners at once are paid one after the other, each from what the
-- pool then holds) and the record of the last award. The pool's value is the ledger balance, never a copy here.
CREATE TABLE slots_jackpots (
  merchant_id    integer PRIMARY KEY REFERENCES merchants (id),
  hits           integer NOT NULL DEFAULT 0,
  last_win       bigint,
  last_won_at    timestamptz,
  last_round_id  bigint REFERENCES slots_rounds (id)
);
