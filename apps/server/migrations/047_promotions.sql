-- Promotions and bonus money (issue 13 items 1 and 2; docs/decisions/034-promotions.md).

CREATE TABLE promotions (
  id          serial PRIMARY KEY,
  merchant_id integer NOT NULL REFERENCES merchants (id),
  kind        text NOT NULL CHECK (kind IN ('firstDeposit', 'repeatDeposit', 'applied')),
  enabled     boolean NOT NULL,
  starts_at   timestamptz NOT NULL,
  ends_at     timestamptz NOT NULL,
  -- The most bonus money it pays in all (null: no limit); spent only ever grows, in the claim's transaction.
  budget      bigint CHECK (budget > 0),
  spent       bigint NOT NULL DEFAULT 0 CHECK (spent >= 0 AND (budget IS NULL OR spent <= budget)),
  rules       jsonb NOT NULL,
  texts       jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at)
);
CREATE INDEX promotions_merchant ON promotions (merchant_id, starts_at DESC);

-- One bonus paid to a member: its ledger entry, the money it holds back and the turnover that releases it.
CREATE TABLE bonuses (
  id                bigserial PRIMARY KEY,
  merchant_id       integer NOT NULL REFERENCES merchants (id),
  -- The promotion that paid it; none for a manual bonus, which carries its own title.
  promotion_id      integer REFERENCES promotions (id),
  title             text CHECK (length(title) <= 80),
  member_id         integer NOT NULL REFERENCES members (id),
  -- The claim period ('once', a day or an ISO week of the merchant's time zone): one claim per member per period.
  period_key        text NOT NULL,
  -- The deposit a deposit bonus was paid on (none for an applied promotion's bonus).
  deposit_id        bigint REFERENCES deposits (id),
  amount            bigint NOT NULL CHECK (amount > 0),
  deposit_amount    bigint NOT NULL CHECK (deposit_amount >= 0),
  locked            bigint NOT NULL CHECK (locked >= 0),
  turnover_required bigint NOT NULL CHECK (turnover_required >= 0),
  -- Product weights as they were at the claim.
  weights           jsonb NOT NULL,
  status            text NOT NULL CHECK (status IN ('active', 'completed', 'forfeited')),
  ledger_entry_id   bigint NOT NULL,
  forfeit_entry_id  bigint,
  forfeited_amount  bigint NOT NULL DEFAULT 0,
  -- The turnover counted when it closed (an active bonus counts its turnover live).
  turnover_done     bigint NOT NULL DEFAULT 0,
  created_at        timestamptz NOT NULL DEFAULT now(),
  closed_at         timestamptz,
  CHECK ((status = 'active') = (closed_at IS NULL)),
  CHECK ((promotion_id IS NULL) = (title IS NOT NULL))
);
CREATE UNIQUE INDEX bonus_once_per_period ON bonuses (promotion_id, member_id, period_key);
-- A deposit backs one bonus at most.
CREATE UNIQUE INDEX bonus_once_per_deposit ON bonuses (deposit_id);
-- One bonus under wagering per member at a time.
CREATE UNIQUE INDEX bonus_one_active ON bonuses (member_id) WHERE status = 'active';
CREATE INDEX bonuses_member ON bonuses (member_id, id DESC);
CREATE INDEX bonuses_report ON bonuses (merchant_id, created_at);

-- The per-device, per-IP and per-bank-account limits: a unique mark per promotion, period and value.
CREATE TABLE promotion_claim_marks (
  promotion_id  integer NOT NULL REFERENCES promotions (id),
  period_key    text NOT NULL,
  kind          text NOT NULL CHECK (kind IN ('device', 'ip', 'bankAccount')),
  value         text NOT NULL,
  bonus_id      bigint NOT NULL REFERENCES bonuses (id),
  PRIMARY KEY (promotion_id, period_key, kind, value)
);

-- Applied promotions: the member asks with a remark and up to 3 images; an operator issues a bonus or rejects.
CREATE TABLE promotion_applications (
  id            bigserial PRIMARY KEY,
  merchant_id   integer NOT NULL REFERENCES merchants (id),
  promotion_id  integer NOT NULL REFERENCES promotions (id),
  member_id     integer NOT NULL REFERENCES members (id),
  period_key    text NOT NULL,
  remark        text NOT NULL CHECK (length(remark) <= 140),
  status        text NOT NULL DEFAULT 'applying' CHECK (status IN ('applying', 'rejected', 'issued')),
  bonus_id      bigint REFERENCES bonuses (id),
  reject_reason text,
  decided_by    integer REFERENCES operators (id),
  decided_at    timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'issued') = (bonus_id IS NOT NULL))
);
-- One open or issued application per member, promotion and period (a rejected one may be made again).
CREATE UNIQUE INDEX promotion_application_once ON promotion_applications (promotion_id, member_id, period_key)
  WHERE status IN ('applying', 'issued');
CREATE INDEX promotion_applications_queue ON promotion_applications (merchant_id, status, id DESC);
CREATE INDEX promotion_applications_member ON promotion_applications (member_id, id DESC);

CREATE TABLE promotion_application_images (
  id              bigserial PRIMARY KEY,
  application_id  bigint NOT NULL REFERENCES promotion_applications (id),
  content_type    text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  bytes           bytea NOT NULL
);
CREATE INDEX promotion_application_images_of ON promotion_application_images (application_id);

-- Manual bonuses: granted by an operator to one member; above a threshold a second operator approves first.
CREATE TABLE manual_bonuses (
  id                 bigserial PRIMARY KEY,
  merchant_id        integer NOT NULL REFERENCES merchants (id),
  member_id          integer NOT NULL REFERENCES members (id),
  amount             bigint NOT NULL CHECK (amount > 0),
  turnover_multiple  integer NOT NULL CHECK (turnover_multiple BETWEEN 0 AND 100),
  title              text NOT NULL CHECK (length(title) BETWEEN 1 AND 80),
  reason             text NOT NULL CHECK (length(reason) BETWEEN 1 AND 200),
  status             text NOT NULL CHECK (status IN ('pending', 'issued', 'rejected')),
  requested_by       integer NOT NULL REFERENCES operators (id),
  decided_by         integer REFERENCES operators (id),
  bonus_id           bigint REFERENCES bonuses (id),
  created_at         timestamptz NOT NULL DEFAULT now(),
  decided_at         timestamptz,
  CHECK ((status = 'issued') = (bonus_id IS NOT NULL))
);
CREATE INDEX manual_bonuses_queue ON manual_bonuses (merchant_id, status, id DESC);

-- Platform messages also tell a member of a decided application.
ALTER TABLE member_messages DROP CONSTRAINT member_messages_kind_check;
ALTER TABLE member_messages ADD CONSTRAINT member_messages_kind_check
  CHECK (kind IN ('feedback_answer', 'promotion'));
