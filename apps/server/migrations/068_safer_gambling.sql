-- Safer gambling (issue 18, items 2 and 5): reality checks, the signals of the nightly rules and the operators'
-- interactions with flagged members. The safer-gambling module owns these tables (decisions/049-reality-checks-and-signals.md).

-- A member's own reality-check choice; no row or a null interval: the merchant's default. 0 is off, else 15 to 120
-- minutes.
-- `changed_at` and `acknowledged_at` restart the count: the next check is due an interval after the latest of the
-- session's login, the last change and the last answer.
CREATE TABLE reality_check_choices (
  member_id        integer PRIMARY KEY REFERENCES members (id),
  merchant_id      integer NOT NULL REFERENCES merchants (id),
  interval_minutes smallint CHECK (interval_minutes = 0 OR interval_minutes BETWEEN 15 AND 120),
  changed_at       timestamptz NOT NULL DEFAULT now(),
  acknowledged_at  timestamptz
);

-- Answers of the reality-check dialog (continue or log out), kept for the operator's view of a member.
CREATE TABLE reality_check_answers (
  id           bigserial PRIMARY KEY,
  merchant_id  integer NOT NULL REFERENCES merchants (id),
  member_id    integer NOT NULL REFERENCES members (id),
  answer       text NOT NULL CHECK (answer IN ('continue', 'logout')),
  played_ms    bigint NOT NULL,
  net_position bigint NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reality_check_answers_member ON reality_check_answers (member_id, id DESC);

-- One row per member and rule while the rule holds; a run that no longer finds it closes the row (cleared_at).
CREATE TABLE safer_gambling_flags (
  id           bigserial PRIMARY KEY,
  merchant_id  integer NOT NULL REFERENCES merchants (id),
  member_id    integer NOT NULL REFERENCES members (id),
  rule         text NOT NULL CHECK (rule IN ('deposits_rising', 'declined_deposits', 'night_play',
                                             'chasing_losses', 'cancelled_withdrawals')),
  -- Why, as figures the back office words in the operator's language (JSON).
  detail       jsonb NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  cleared_at   timestamptz
);
CREATE UNIQUE INDEX safer_gambling_flags_open ON safer_gambling_flags (member_id, rule) WHERE cleared_at IS NULL;
CREATE INDEX safer_gambling_flags_merchant ON safer_gambling_flags (merchant_id, last_seen_at DESC);

-- What an operator did about a member: contact note and outcome. Never updated or deleted.
CREATE TABLE safer_gambling_interactions (
  id            bigserial PRIMARY KEY,
  merchant_id   integer NOT NULL REFERENCES merchants (id),
  member_id     integer NOT NULL REFERENCES members (id),
  channel       text NOT NULL CHECK (channel IN ('phone', 'email', 'chat', 'sms', 'other')),
  note          text NOT NULL,
  outcome       text NOT NULL CHECK (outcome IN ('no_concern', 'advised', 'limits_suggested', 'limits_set',
                                                 'time_out', 'self_excluded', 'no_answer', 'escalated')),
  operator_id   integer NOT NULL REFERENCES operators (id),
  operator_name text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX safer_gambling_interactions_member ON safer_gambling_interactions (member_id, id DESC);

-- When the signals job last ran for a merchant (the list says how fresh it is).
CREATE TABLE safer_gambling_runs (
  merchant_id integer PRIMARY KEY REFERENCES merchants (id),
  ran_at      timestamptz NOT NULL
);
