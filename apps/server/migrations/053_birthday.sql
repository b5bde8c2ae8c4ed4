-- The member's birthday (spec §3's labelled profile field; issue 13 item 1, the birthday bonus): a calendar date,
-- set once by the member (an operator may correct it), and when it was set, so a birthday bonus asks for a
-- birthday on file before its window opens (docs/decisions/034-promotions.md, "Birthday bonus").
ALTER TABLE members ADD COLUMN birthday date;
ALTER TABLE members ADD COLUMN birthday_set_at timestamptz;
ALTER TABLE members ADD CONSTRAINT members_birthday_set CHECK ((birthday IS NULL) = (birthday_set_at IS NULL));

-- The birthday bonus is a promotion kind.
ALTER TABLE promotions DROP CONSTRAINT promotions_kind_check;
ALTER TABLE promotions ADD CONSTRAINT promotions_kind_check
  CHECK (kind IN ('firstDeposit', 'repeatDeposit', 'applied', 'rebate', 'rankUpgrade', 'raffle', 'referral', 'birthday'));
