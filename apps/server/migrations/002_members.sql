-- Members (players, agents, trial members), their sessions and login history, registration rules, verification
-- codes, captchas, proof-of-work replay guard, password reset links, counters of the abuse limits, and the outbox of
-- SMS and e-mail sent. docs/decisions/005-member-auth.md says why each is shaped as it is.

CREATE TABLE members (
  id                     serial PRIMARY KEY,
  merchant_id            integer NOT NULL REFERENCES merchants (id),
  -- Lower-case; unique per merchant (a member of one merchant does not exist on another's site).
  username               text NOT NULL CHECK (username = lower(username) AND length(username) BETWEEN 1 AND 64),
  password_hash          text,
  type                   smallint NOT NULL DEFAULT 0 CHECK (type IN (0, 1, 2, 4, 41, 42)),
  status                 text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'locked')),
  locked_reason          text,
  nickname               text,
  upline_id              integer REFERENCES members (id),
  -- Agents hand this code out; registrations carrying it join their downline.
  affiliate_code         text,
  mobile_dialing_code    text,
  mobile_number          text,
  email                  text,
  payee_name             text,
  qq_num                 text,
  line                   text,
  whatsapp               text,
  facebook               text,
  wechat                 text,
  id_number              text,
  payment_password_hash  text,
  recommender_id         text,
  referral_code          text,
  register_url           text,
  register_domain        text,
  register_method        text NOT NULL DEFAULT 'WEB',
  register_ip            text,
  vip_level              smallint NOT NULL DEFAULT 0,
  club_label             text,
  member_labels          text[] NOT NULL DEFAULT '{}',
  icon                   smallint NOT NULL DEFAULT 1 CHECK (icon BETWEEN 1 AND 12),
  -- Trial members only: play money, never real (no ledger account, no withdrawal).
  demo_balance           bigint CHECK (demo_balance IS NULL OR demo_balance >= 0),
  must_change_password   boolean NOT NULL DEFAULT false,
  password_changed_at    timestamptz,
  login_count            integer NOT NULL DEFAULT 0,
  last_login_at          timestamptz,
  previous_login_at      timestamptz,
  terms_accepted_at      timestamptz,
  created_at             timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_id, username),
  UNIQUE (id, merchant_id),
  CHECK ((mobile_number IS NULL) = (mobile_dialing_code IS NULL)),
  CHECK ((type = 4) = (demo_balance IS NOT NULL))
);
CREATE UNIQUE INDEX members_mobile ON members (merchant_id, mobile_dialing_code, mobile_number)
  WHERE mobile_number IS NOT NULL;
CREATE UNIQUE INDEX members_affiliate_code ON members (merchant_id, affiliate_code) WHERE affiliate_code IS NOT NULL;
CREATE INDEX members_merchant_created ON members (merchant_id, created_at DESC);
CREATE INDEX members_upline ON members (upline_id) WHERE upline_id IS NOT NULL;

CREATE TABLE member_sessions (
  token_hash      bytea PRIMARY KEY,
  member_id       integer NOT NULL REFERENCES members (id),
  merchant_id     integer NOT NULL REFERENCES merchants (id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  last_seen_at    timestamptz NOT NULL DEFAULT now(),
  ip              text,
  revoked_at      timestamptz,
  -- logout, replaced (a newer login, one session per member), locked, password, reset
  revoked_reason  text
);
CREATE INDEX member_sessions_live ON member_sessions (member_id) WHERE revoked_at IS NULL;

-- Every login attempt: the login history operators read, the throttling counts, and the known addresses.
CREATE TABLE login_attempts (
  id           bigserial PRIMARY KEY,
  merchant_id  integer NOT NULL REFERENCES merchants (id),
  username     text NOT NULL,
  member_id    integer REFERENCES members (id),
  ip           text NOT NULL,
  at           timestamptz NOT NULL DEFAULT now(),
  method       text NOT NULL CHECK (method IN ('password', 'sms', 'freeplay', 'register', 'second_check')),
  -- pending while the password is checked; counted with the failures so parallel attempts cannot overshoot a limit
  outcome      text NOT NULL CHECK (outcome IN ('pending', 'success', 'failure', 'second_check')),
  -- the address had a successful login of this member before
  known_ip     boolean NOT NULL DEFAULT false
);
CREATE INDEX login_attempts_account ON login_attempts (merchant_id, username, at DESC);
CREATE INDEX login_attempts_ip ON login_attempts (ip, at DESC);
CREATE INDEX login_attempts_member ON login_attempts (member_id, at DESC) WHERE member_id IS NOT NULL;

CREATE TABLE member_known_ips (
  member_id      integer NOT NULL REFERENCES members (id),
  ip             text NOT NULL,
  first_seen_at  timestamptz NOT NULL DEFAULT now(),
  last_seen_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, ip)
);

-- A login waiting for its second check (new address): no session exists until it passes.
CREATE TABLE login_tickets (
  ticket_hash  bytea PRIMARY KEY,
  member_id    integer NOT NULL REFERENCES members (id),
  merchant_id  integer NOT NULL REFERENCES merchants (id),
  ip           text NOT NULL,
  method       text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  attempts     integer NOT NULL DEFAULT 0,
  consumed_at  timestamptz
);

CREATE TABLE registration_rules (
  merchant_id   integer NOT NULL REFERENCES merchants (id),
  field         text NOT NULL,
  show          boolean NOT NULL,
  required      boolean NOT NULL,
  pattern_id    text NOT NULL,
  min_length    integer NOT NULL CHECK (min_length BETWEEN 0 AND 255),
  max_length    integer NOT NULL CHECK (max_length BETWEEN 1 AND 255),
  PRIMARY KEY (merchant_id, field),
  CHECK (min_length <= max_length)
);

-- Six-digit codes sent by SMS or e-mail: stored hashed, single use, ten-minute life, five tries.
CREATE TABLE verification_codes (
  id           bigserial PRIMARY KEY,
  merchant_id  integer NOT NULL REFERENCES merchants (id),
  purpose      text NOT NULL CHECK (purpose IN ('login', 'register', 'reset', 'second_check')),
  destination  text NOT NULL,
  code_hash    bytea NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  attempts     integer NOT NULL DEFAULT 0,
  consumed_at  timestamptz
);
CREATE INDEX verification_codes_lookup ON verification_codes (merchant_id, purpose, destination, id DESC);

CREATE TABLE captchas (
  id           uuid PRIMARY KEY,
  merchant_id  integer NOT NULL REFERENCES merchants (id),
  answer_hash  bytea NOT NULL,
  expires_at   timestamptz NOT NULL,
  consumed_at  timestamptz
);

-- Solved proof-of-work challenges, kept until they expire so a solution is accepted once.
CREATE TABLE used_challenges (
  nonce       text PRIMARY KEY,
  expires_at  timestamptz NOT NULL
);

CREATE TABLE password_reset_tokens (
  token_hash   bytea PRIMARY KEY,
  member_id    integer NOT NULL REFERENCES members (id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  consumed_at  timestamptz
);

-- Fixed-window counters of the SMS-pumping and other limits, atomic across processes (INSERT … ON CONFLICT).
CREATE TABLE rate_counters (
  key           text NOT NULL,
  window_start  timestamptz NOT NULL,
  count         integer NOT NULL,
  PRIMARY KEY (key, window_start)
);

-- Server-held secrets made on first use (the proof-of-work HMAC key, the code hashing key), shared by processes.
CREATE TABLE server_secrets (
  name        text PRIMARY KEY,
  value       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- What was sent, for the back office; codes and link tokens masked.
CREATE TABLE message_outbox (
  id                   bigserial PRIMARY KEY,
  merchant_id          integer NOT NULL REFERENCES merchants (id),
  member_id            integer REFERENCES members (id),
  channel              text NOT NULL CHECK (channel IN ('sms', 'email')),
  purpose              text NOT NULL,
  destination          text NOT NULL,
  subject              text,
  body                 text NOT NULL,
  status               text NOT NULL CHECK (status IN ('sent', 'failed')),
  error                text,
  provider_message_id  text,
  ip                   text,
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX message_outbox_merchant ON message_outbox (merchant_id, id DESC);
CREATE INDEX message_outbox_destination ON message_outbox (destination, created_at DESC);
