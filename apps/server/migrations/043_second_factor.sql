-- Second factor and sign-in limits of operators (issue 11, item 2; docs/decisions/031-second-factor.md).
--
-- A TOTP factor (RFC 6238, an authenticator app) belongs to one operator or one member; it is pending until its
-- first code is confirmed; `last_step` is the newest time step accepted, so a code is never accepted twice.
CREATE TABLE totp_factors (
  id            serial PRIMARY KEY,
  operator_id   integer UNIQUE REFERENCES operators (id),
  member_id     integer UNIQUE REFERENCES members (id),
  secret        text NOT NULL,
  confirmed_at  timestamptz,
  last_step     bigint NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK ((operator_id IS NULL) <> (member_id IS NULL))
);

-- Single-use recovery codes of a factor, stored hashed; a new set replaces the old one.
CREATE TABLE totp_recovery_codes (
  factor_id  integer NOT NULL REFERENCES totp_factors (id) ON DELETE CASCADE,
  code_hash  bytea NOT NULL,
  used_at    timestamptz,
  PRIMARY KEY (factor_id, code_hash)
);

-- Browsers in which an operator passed the second factor and asked to be remembered: a sign-in from one needs the
-- password only, until it expires or the operator's factor is reset.
CREATE TABLE operator_devices (
  token_hash   bytea PRIMARY KEY,
  operator_id  integer NOT NULL REFERENCES operators (id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz
);
CREATE INDEX operator_devices_operator ON operator_devices (operator_id);

-- Every back-office sign-in attempt, for the limits per account, per account and address, and per address.
-- `known`: from an address or browser the operator signed in from before.
CREATE TABLE operator_sign_in_attempts (
  id           bigserial PRIMARY KEY,
  at           timestamptz NOT NULL DEFAULT now(),
  username     text NOT NULL,
  operator_id  integer REFERENCES operators (id),
  ip           text NOT NULL,
  known        boolean NOT NULL,
  outcome      text NOT NULL CHECK (outcome IN ('pending', 'success', 'failure', 'second_step'))
);
CREATE INDEX operator_sign_in_attempts_username ON operator_sign_in_attempts (username, at DESC);
CREATE INDEX operator_sign_in_attempts_ip ON operator_sign_in_attempts (ip, at DESC);

-- A password-checked sign-in waiting for its operator to enrol an authenticator (ten minutes, single use).
CREATE TABLE operator_sign_in_tickets (
  token_hash   bytea PRIMARY KEY,
  operator_id  integer NOT NULL REFERENCES operators (id),
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz
);

-- Back-office settings (one row): the roles whose operators must use the second factor.
CREATE TABLE back_office_settings (
  only_row             boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  totp_required_roles  text[] NOT NULL DEFAULT ARRAY['owner', 'finance'],
  updated_at           timestamptz NOT NULL DEFAULT now()
);
INSERT INTO back_office_settings DEFAULT VALUES;

-- The back office's captcha belongs to no merchant.
ALTER TABLE captchas ALTER COLUMN merchant_id DROP NOT NULL;
