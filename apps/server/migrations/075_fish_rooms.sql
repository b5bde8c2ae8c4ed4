-- The in-house fish rooms (issue 17; docs/decisions/056-fish-rooms.md). A room is one merchant's: up to four seats
-- that see each other's cannons, waves of fixed length whose fish come from a server seed committed (its SHA-256
-- shown) before the wave starts. Every shot is settled at once: one ledger entry (its bet and its win together)
-- written in the transaction that records the shot.

-- A catalogue game only one merchant offers (a merchant's own fish room); NULL: every merchant's catalogue.
ALTER TABLE games ADD COLUMN merchant_id integer REFERENCES merchants (id);

-- A room. Wave n starts at epoch + n × wave_seconds. Bets and the declared return (basis points, of every fish
-- kind) are copied into each wave when it is made; an operator's change rewrites the waves not started yet.
CREATE TABLE fish_rooms (
  id                serial PRIMARY KEY,
  merchant_id       integer NOT NULL REFERENCES merchants (id),
  code              text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9-]{2,16}$'),
  name              text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  bets              bigint[] NOT NULL CHECK (cardinality(bets) BETWEEN 1 AND 8),
  rtp_bps           integer NOT NULL CHECK (rtp_bps BETWEEN 9000 AND 9800),
  shots_per_second  integer NOT NULL CHECK (shots_per_second BETWEEN 1 AND 10),
  wave_seconds      integer NOT NULL CHECK (wave_seconds BETWEEN 30 AND 300),
  seats             integer NOT NULL DEFAULT 4 CHECK (seats BETWEEN 1 AND 4),
  epoch             timestamptz NOT NULL DEFAULT '2026-01-01T00:00:00Z',
  maintenance       boolean NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fish_rooms_merchant ON fish_rooms (merchant_id);

-- A wave, made ahead by every process's clock (ON CONFLICT DO NOTHING: two processes make one). Its fish are
-- waveFish(server_seed, room code, wave_no, wave seconds) (packages/live/src/fish.ts); the seed is shown once it ends.
CREATE TABLE fish_waves (
  id                bigserial PRIMARY KEY,
  room_id           integer NOT NULL REFERENCES fish_rooms (id),
  wave_no           bigint NOT NULL,
  starts_at         timestamptz NOT NULL,
  ends_at           timestamptz NOT NULL,
  server_seed       text NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash  text NOT NULL CHECK (server_seed_hash ~ '^[0-9a-f]{64}$'),
  rtp_bps           integer NOT NULL CHECK (rtp_bps BETWEEN 9000 AND 9800),
  bets              bigint[] NOT NULL,
  CHECK (starts_at < ends_at),
  UNIQUE (room_id, wave_no)
);
CREATE INDEX fish_waves_starts ON fish_waves (starts_at);

-- A seat: one member in one seat at most (anywhere), freed when they leave or go quiet. `recent` holds the times
-- of the seat's last shots (at most the room's shots per second): a shot is taken only when the oldest of them is a
-- second old, counted in the shot's own transaction under the seat row's lock, so the cap holds over every process.
CREATE TABLE fish_seats (
  room_id      integer NOT NULL REFERENCES fish_rooms (id),
  seat         smallint NOT NULL CHECK (seat BETWEEN 0 AND 3),
  member_id    integer NOT NULL UNIQUE REFERENCES members (id),
  merchant_id  integer NOT NULL REFERENCES merchants (id),
  client_seed  text NOT NULL CHECK (client_seed ~ '^[A-Za-z0-9_-]{8,64}$'),
  bet          bigint NOT NULL DEFAULT 0,
  recent       timestamptz[] NOT NULL DEFAULT '{}',
  sat_at       timestamptz NOT NULL DEFAULT now(),
  seen_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (room_id, seat)
);

-- A member's play in one wave: their shot count (the next shot's nonce), stakes and wins. It is the wave's round
-- in the betting record, the P&L and the reports (product FISH).
CREATE TABLE fish_plays (
  id           bigserial PRIMARY KEY,
  wave_id      bigint NOT NULL REFERENCES fish_waves (id),
  room_id      integer NOT NULL REFERENCES fish_rooms (id),
  merchant_id  integer NOT NULL REFERENCES merchants (id),
  member_id    integer NOT NULL REFERENCES members (id),
  shots        integer NOT NULL CHECK (shots >= 0),
  bet          bigint NOT NULL CHECK (bet >= 0),
  win          bigint NOT NULL DEFAULT 0 CHECK (win >= 0),
  client_seed  text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (wave_id, member_id)
);
CREATE INDEX fish_plays_member ON fish_plays (member_id, created_at DESC);
CREATE INDEX fish_plays_merchant ON fish_plays (merchant_id, created_at);

-- One shot, settled: its nonce is the member's shot number in the wave; its ledger entry moved bet and win at once.
-- A fish is caught once: the first catch's row wins the partial unique index, a second is refused with no money.
CREATE TABLE fish_shots (
  id           bigserial PRIMARY KEY,
  wave_id      bigint NOT NULL REFERENCES fish_waves (id),
  play_id      bigint NOT NULL REFERENCES fish_plays (id),
  merchant_id  integer NOT NULL,
  member_id    integer NOT NULL,
  request_id   text NOT NULL CHECK (request_id ~ '^[A-Za-z0-9_-]{8,64}$'),
  seat         smallint NOT NULL,
  nonce        integer NOT NULL CHECK (nonce >= 0),
  client_seed  text NOT NULL,
  fish_id      integer NOT NULL CHECK (fish_id >= 0),
  kind         text NOT NULL,
  bet          bigint NOT NULL CHECK (bet > 0),
  caught       boolean NOT NULL,
  multiplier   integer NOT NULL CHECK (multiplier >= 0),
  win          bigint NOT NULL,
  angle        real NOT NULL,
  entry_id     bigint NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (caught = (multiplier > 0) AND win = bet * multiplier),
  UNIQUE (member_id, request_id),
  UNIQUE (play_id, nonce)
);
CREATE UNIQUE INDEX fish_shots_catch ON fish_shots (wave_id, fish_id) WHERE caught;
CREATE INDEX fish_shots_wave ON fish_shots (wave_id, id);
