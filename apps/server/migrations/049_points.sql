-- The point mall (issue 13 item 6; docs/decisions/035-point-mall.md): points are their own double-entry ledger,
-- separate from money. Points never expire. Only the points module writes these tables.

-- An account: one per member, and the merchant's house accounts by purpose. Immutable once created.
-- Only member accounts keep a balance projection (house balances are the sum of their postings: no hot row).
CREATE TABLE points_accounts (
  id           bigserial PRIMARY KEY,
  merchant_id  integer NOT NULL REFERENCES merchants (id),
  purpose      text NOT NULL CHECK (purpose IN ('member', 'issued', 'redeemed', 'converted')),
  member_id    integer REFERENCES members (id),
  balance      bigint NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CHECK ((purpose = 'member') = (member_id IS NOT NULL)),
  -- The database's own guarantee: a member's points never go below zero.
  CONSTRAINT points_member_not_negative CHECK (purpose <> 'member' OR balance >= 0),
  CHECK (purpose = 'member' OR balance = 0)
);
CREATE UNIQUE INDEX points_accounts_identity ON points_accounts (merchant_id, purpose, coalesce(member_id, 0));

-- One movement of points, under a key unique per merchant; a correction is a new entry that reverses it.
CREATE TABLE points_entries (
  id                 bigserial PRIMARY KEY,
  merchant_id        integer NOT NULL REFERENCES merchants (id),
  idempotency_key    text NOT NULL CHECK (idempotency_key ~ '^[\x21-\x7e]{1,200}$'),
  kind               text NOT NULL CHECK (kind IN ('earn', 'redeem', 'refund', 'convert')),
  reverses_entry_id  bigint UNIQUE REFERENCES points_entries (id),
  memo               text CHECK (length(memo) <= 200),
  created_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_id, idempotency_key)
);

-- The lines of an entry; point_type is what the member's points history shows (spec §3's point types).
CREATE TABLE points_postings (
  entry_id       bigint NOT NULL REFERENCES points_entries (id),
  line           smallint NOT NULL CHECK (line >= 1),
  account_id     bigint NOT NULL REFERENCES points_accounts (id),
  point_type     text NOT NULL CHECK (point_type IN
                   ('live', 'lottery', 'pvp', 'slots', 'sports', 'deposit', 'redeem', 'refund', 'convert')),
  amount         bigint NOT NULL CHECK (amount <> 0),
  -- A member account's balance after this line (null for a house account).
  balance_after  bigint CHECK (balance_after >= 0),
  PRIMARY KEY (entry_id, line)
);
CREATE INDEX points_postings_account ON points_postings (account_id, entry_id);

-- Append-only: entries and postings are never updated or deleted.
CREATE FUNCTION points_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'points ledger rows are append-only' USING ERRCODE = '55000';
END $$;
CREATE TRIGGER points_entries_append_only BEFORE UPDATE OR DELETE ON points_entries
  FOR EACH ROW EXECUTE FUNCTION points_append_only();
CREATE TRIGGER points_postings_append_only BEFORE UPDATE OR DELETE ON points_postings
  FOR EACH ROW EXECUTE FUNCTION points_append_only();

-- Every entry has two or more lines that sum to zero, checked at commit.
CREATE FUNCTION points_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
  lines integer;
BEGIN
  SELECT coalesce(sum(amount), 0), count(*) INTO total, lines FROM points_postings WHERE entry_id = NEW.id;
  IF lines < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'points entry % is unbalanced', NEW.id USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER points_entries_balanced AFTER INSERT ON points_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION points_entry_balanced();

-- The merchant's ratios: minor units of valid bet (or deposit) per point, 0 = earns nothing; and the cash paid
-- per point when converting (minor units), with the fewest points one conversion takes.
CREATE TABLE points_settings (
  merchant_id         integer PRIMARY KEY REFERENCES merchants (id),
  earn_rates          jsonb NOT NULL,
  cash_per_point      bigint NOT NULL CHECK (cash_per_point >= 0),
  min_convert_points  bigint NOT NULL CHECK (min_convert_points >= 1),
  updated_at          timestamptz NOT NULL DEFAULT now()
);

-- The catalogue: goods redeemed with points. stock only ever changes in the redemption's transaction.
CREATE TABLE points_rewards (
  id             serial PRIMARY KEY,
  merchant_id    integer NOT NULL REFERENCES merchants (id),
  names          jsonb NOT NULL,
  points         bigint NOT NULL CHECK (points > 0),
  stock          integer NOT NULL CHECK (stock >= 0),
  max_per_order  integer NOT NULL DEFAULT 10 CHECK (max_per_order BETWEEN 1 AND 100),
  active         boolean NOT NULL DEFAULT true,
  image          bytea,
  image_type     text CHECK (image_type IN ('image/png', 'image/jpeg')),
  sort           integer NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  CHECK ((image IS NULL) = (image_type IS NULL))
);
CREATE INDEX points_rewards_merchant ON points_rewards (merchant_id, sort, id);

CREATE TABLE points_redemptions (
  id                bigserial PRIMARY KEY,
  merchant_id       integer NOT NULL REFERENCES merchants (id),
  member_id         integer NOT NULL REFERENCES members (id),
  reward_id         integer NOT NULL REFERENCES points_rewards (id),
  quantity          integer NOT NULL CHECK (quantity >= 1),
  points            bigint NOT NULL CHECK (points > 0),
  address           text NOT NULL CHECK (length(address) <= 200),
  mobile            text NOT NULL CHECK (length(mobile) <= 32),
  remark            text NOT NULL CHECK (length(remark) <= 140),
  status            text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'rejected', 'approved')),
  reject_reason     text CHECK (length(reject_reason) <= 200),
  entry_id          bigint NOT NULL REFERENCES points_entries (id),
  refund_entry_id   bigint REFERENCES points_entries (id),
  decided_by        integer REFERENCES operators (id),
  decided_at        timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'processing') = (decided_at IS NULL)),
  CHECK ((status = 'rejected') = (refund_entry_id IS NOT NULL))
);
CREATE INDEX points_redemptions_member ON points_redemptions (member_id, id DESC);
CREATE INDEX points_redemptions_queue ON points_redemptions (merchant_id, status, id);

-- How far the accrual job has read each source: the next batch starts at `until`.
CREATE TABLE points_accrual_marks (
  merchant_id  integer NOT NULL REFERENCES merchants (id),
  source       text NOT NULL CHECK (source IN ('bets', 'deposits')),
  until        timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, source)
);

-- What a member's bets or deposits earned short of a whole point, carried to the next batch.
CREATE TABLE points_accrual_carry (
  member_id   integer NOT NULL REFERENCES members (id),
  point_type  text NOT NULL,
  carry       bigint NOT NULL CHECK (carry >= 0),
  PRIMARY KEY (member_id, point_type)
);

-- The member hears of a decided redemption in platform messages.
ALTER TABLE member_messages DROP CONSTRAINT member_messages_kind_check;
ALTER TABLE member_messages ADD CONSTRAINT member_messages_kind_check
  CHECK (kind IN ('feedback_answer', 'promotion', 'points'));
