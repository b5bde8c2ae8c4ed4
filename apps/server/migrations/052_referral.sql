-- Referral, "invite friends" (issue 13 item 4; docs/decisions/038-referral.md).

-- The members module's: each real member's own code (made when first asked for), the friend a registration with a
-- code brought (a relation of its own: the agent tree is member_tree, not this), and the browsers a member used.
CREATE TABLE member_referral_codes (
  member_id    integer PRIMARY KEY,
  merchant_id  integer NOT NULL,
  code         text NOT NULL CHECK (code ~ '^[A-Z2-9]{8}$'),
  created_at   timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (member_id, merchant_id) REFERENCES members (id, merchant_id),
  UNIQUE (merchant_id, code)
);

CREATE TABLE member_referrals (
  friend_id    integer PRIMARY KEY,
  referrer_id  integer NOT NULL,
  merchant_id  integer NOT NULL,
  code         text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  -- Both in one merchant, and nobody refers themselves.
  FOREIGN KEY (friend_id, merchant_id) REFERENCES members (id, merchant_id),
  FOREIGN KEY (referrer_id, merchant_id) REFERENCES members (id, merchant_id),
  CHECK (friend_id <> referrer_id)
);
CREATE INDEX member_referrals_referrer ON member_referrals (referrer_id, created_at DESC);
CREATE INDEX member_referrals_joined ON member_referrals (merchant_id, created_at);

-- The browser's own random id (the site keeps it in local storage and sends it at registration and sign-in).
CREATE TABLE member_devices (
  member_id      integer NOT NULL REFERENCES members (id),
  device_id      text NOT NULL CHECK (device_id ~ '^[A-Za-z0-9-]{8,64}$'),
  first_seen_at  timestamptz NOT NULL DEFAULT now(),
  last_seen_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, device_id)
);
CREATE INDEX member_devices_device ON member_devices (device_id);

-- The promotions module's: a promotion of kind referral, and what each friend earned (decided once per friend).
ALTER TABLE promotions DROP CONSTRAINT promotions_kind_check;
ALTER TABLE promotions ADD CONSTRAINT promotions_kind_check
  CHECK (kind IN ('firstDeposit', 'repeatDeposit', 'applied', 'rebate', 'rankUpgrade', 'raffle', 'referral'));

CREATE TABLE referral_rewards (
  -- One decision per friend, whatever the number of referral promotions or runs: the row is written first in the
  -- transaction that decides, so a second run waits for it and then finds it.
  friend_id          integer PRIMARY KEY REFERENCES member_referrals (friend_id),
  referrer_id        integer NOT NULL REFERENCES members (id),
  merchant_id        integer NOT NULL REFERENCES merchants (id),
  promotion_id       integer NOT NULL REFERENCES promotions (id),
  outcome            text NOT NULL CHECK (outcome IN ('qualified', 'refused')),
  refusal            text CHECK (refusal IN ('shared_device', 'shared_ip', 'shared_bank_account', 'friend_limit',
                                             'referrer_not_eligible')),
  -- The rewards as the promotion said when the friend qualified (0: none for the friend).
  reward             bigint NOT NULL CHECK (reward >= 0),
  friend_reward      bigint NOT NULL CHECK (friend_reward >= 0),
  -- Set in the transaction that pays each (its ledger entry's key: referral:<referrer>:<friend>).
  referrer_bonus_id  bigint REFERENCES bonuses (id),
  friend_bonus_id    bigint REFERENCES bonuses (id),
  decided_at         timestamptz NOT NULL DEFAULT now(),
  CHECK ((outcome = 'refused') = (refusal IS NOT NULL)),
  CHECK (outcome = 'qualified' OR (referrer_bonus_id IS NULL AND friend_bonus_id IS NULL))
);
CREATE INDEX referral_rewards_referrer ON referral_rewards (referrer_id, promotion_id);
CREATE INDEX referral_rewards_unpaid ON referral_rewards (merchant_id)
  WHERE outcome = 'qualified' AND (referrer_bonus_id IS NULL OR (friend_reward > 0 AND friend_bonus_id IS NULL));
