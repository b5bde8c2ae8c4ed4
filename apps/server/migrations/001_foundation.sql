-- Merchants (white-label operators), their host names, back-office operators and the append-only event log.

CREATE TABLE merchants (
  id          serial PRIMARY KEY,
  code        text NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9-]{2,32}$'),
  settings    jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE merchant_domains (
  host         text PRIMARY KEY CHECK (host = lower(host)),
  merchant_id  integer NOT NULL REFERENCES merchants (id)
);
CREATE INDEX merchant_domains_merchant ON merchant_domains (merchant_id);

CREATE TABLE operators (
  id             serial PRIMARY KEY,
  username       text NOT NULL UNIQUE,
  password_hash  text NOT NULL,
  role           text NOT NULL CHECK (role IN ('owner', 'finance', 'support', 'content')),
  disabled       boolean NOT NULL DEFAULT false,
  created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE operator_sessions (
  token_hash    bytea PRIMARY KEY,
  operator_id   integer NOT NULL REFERENCES operators (id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  ip            text,
  revoked_at    timestamptz
);
CREATE INDEX operator_sessions_operator ON operator_sessions (operator_id);

-- Significant events: operator actions and security events. Never updated, never deleted.
CREATE TABLE audit_log (
  id           bigserial PRIMARY KEY,
  at           timestamptz NOT NULL DEFAULT now(),
  actor_type   text NOT NULL CHECK (actor_type IN ('operator', 'member', 'system')),
  actor_id     integer,
  actor_name   text,
  merchant_id  integer REFERENCES merchants (id),
  action       text NOT NULL,
  target       text,
  before       jsonb,
  after        jsonb,
  ip           text
);
CREATE INDEX audit_log_merchant_at ON audit_log (merchant_id, at DESC);

CREATE FUNCTION forbid_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION forbid_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION forbid_change();
