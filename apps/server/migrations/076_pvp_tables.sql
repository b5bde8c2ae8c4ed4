-- Card tables where members play each other (issue 17 item 2; docs/decisions/057-pvp-tables.md). A table is a
-- merchant's: its members' chips never meet another merchant's. A seated member's stack is the balance of their
-- table wallet (ledger account member_vendor, vendor TPVP): the buy-in moves money into it, leaving moves it all
-- back, and each hand's end moves chips between the players' table wallets and the rake to the house in one entry.
CREATE TABLE pvp_tables (
  id            serial PRIMARY KEY,
  merchant_id   integer NOT NULL REFERENCES merchants (id),
  code          text NOT NULL CHECK (code ~ '^[A-Z0-9-]{2,16}$'),
  game          text NOT NULL CHECK (game IN ('HOLDEM', 'PUSOY', 'TONGITS')),
  name          text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  stake         bigint NOT NULL CHECK (stake > 0),
  seats         integer NOT NULL CHECK (seats BETWEEN 2 AND 6),
  min_buy_in    bigint NOT NULL CHECK (min_buy_in > 0),
  max_buy_in    bigint NOT NULL CHECK (max_buy_in >= min_buy_in),
  rake_bps      integer NOT NULL CHECK (rake_bps BETWEEN 0 AND 1000),
  rake_cap      bigint NOT NULL CHECK (rake_cap >= 0),
  turn_seconds  integer NOT NULL CHECK (turn_seconds BETWEEN 5 AND 120),
  maintenance   boolean NOT NULL DEFAULT false,
  -- The seat that had the button (or dealt) in the last hand; the next hand's is the next seated one.
  button        integer NOT NULL DEFAULT -1,
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_id, code)
);

-- Who sits where. A member sits at one table at a time; `ip` and `device_id` keep two members of one address or
-- one browser from sharing a table. `missed` counts turns in a row played by the timer: at two the seat leaves
-- after the hand. A seat is removed when its member leaves (after the hand they are in).
CREATE TABLE pvp_seats (
  table_id    integer NOT NULL REFERENCES pvp_tables (id),
  seat        integer NOT NULL CHECK (seat BETWEEN 0 AND 5),
  member_id   integer NOT NULL REFERENCES members (id),
  ip          text NOT NULL,
  device_id   text NOT NULL,
  leaving     boolean NOT NULL DEFAULT false,
  missed      integer NOT NULL DEFAULT 0,
  sat_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (table_id, seat),
  UNIQUE (member_id)
);

-- One hand. `players` is who was dealt in with their stacks at the deal; `state` the game's JSON state, changed one
-- move at a time under this row's lock; `seq` the number of moves made. At the end `outcome` and the ledger entry
-- that settled it are set together, once (settle_entry_id is unique).
CREATE TABLE pvp_hands (
  id                bigserial PRIMARY KEY,
  table_id          integer NOT NULL REFERENCES pvp_tables (id),
  hand_no           integer NOT NULL CHECK (hand_no > 0),
  game              text NOT NULL,
  server_seed       text NOT NULL,
  server_seed_hash  text NOT NULL,
  button            integer NOT NULL,
  players           jsonb NOT NULL,
  state             jsonb NOT NULL,
  seq               integer NOT NULL DEFAULT 0,
  to_act            integer,
  deadline          timestamptz,
  outcome           jsonb,
  rake              bigint NOT NULL DEFAULT 0 CHECK (rake >= 0),
  settle_entry_id   bigint UNIQUE REFERENCES ledger_entries (id),
  started_at        timestamptz NOT NULL DEFAULT now(),
  ended_at          timestamptz,
  UNIQUE (table_id, hand_no),
  CHECK ((ended_at IS NULL) = (outcome IS NULL))
);
-- At most one running hand per table, and the running hands whose turn timer has run out.
CREATE UNIQUE INDEX pvp_hands_running ON pvp_hands (table_id) WHERE ended_at IS NULL;
CREATE INDEX pvp_hands_due ON pvp_hands (deadline) WHERE ended_at IS NULL;

-- Each player of a hand, for their history and records: stack at the deal and the change at the end.
CREATE TABLE pvp_hand_players (
  hand_id       bigint NOT NULL REFERENCES pvp_hands (id),
  seat          integer NOT NULL,
  member_id     integer NOT NULL REFERENCES members (id),
  merchant_id   integer NOT NULL REFERENCES merchants (id),
  stack_before  bigint NOT NULL,
  net           bigint,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (hand_id, seat)
);
CREATE INDEX pvp_hand_players_member ON pvp_hand_players (member_id, hand_id DESC);

-- Every move of a hand in order, the timer's (auto) too: the hand history, and the proof of how it was played.
CREATE TABLE pvp_moves (
  hand_id     bigint NOT NULL REFERENCES pvp_hands (id),
  seq         integer NOT NULL CHECK (seq >= 0),
  seat        integer NOT NULL,
  move        jsonb NOT NULL,
  auto        boolean NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (hand_id, seq)
);
