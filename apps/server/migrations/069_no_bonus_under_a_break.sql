-- No bonus reaches a member under a break (issue 18 item 3; docs/decisions/047-time-out-and-self-exclusion.md,
-- "Automatic payouts"): a rebate or referral reward whose member is under a time-out, an exclusion or a closure
-- when it is paid is forfeited, recorded as such, and never paid later.

-- A rebate payout forfeited at its payment. `posting_at`: when a run started posting its ledger entry; from then on
-- the entry may exist (a run that died before marking it), so a break found later no longer forfeits it.
ALTER TABLE rebate_payouts DROP CONSTRAINT rebate_payouts_status_check;
ALTER TABLE rebate_payouts ADD CONSTRAINT rebate_payouts_status_check
  CHECK (status IN ('due', 'paid', 'over_budget', 'forfeited'));
ALTER TABLE rebate_payouts ADD COLUMN posting_at timestamptz;

-- What a run's members under a break forfeited (not in `members` and `total`, given back to the budget).
ALTER TABLE rebate_runs ADD COLUMN forfeited_members integer NOT NULL DEFAULT 0 CHECK (forfeited_members >= 0);
ALTER TABLE rebate_runs ADD COLUMN forfeited bigint NOT NULL DEFAULT 0 CHECK (forfeited >= 0);

-- A referral reward part forfeited because its member was under a break when it was to be paid: set instead of the
-- bonus, so the part is never paid later.
ALTER TABLE referral_rewards ADD COLUMN referrer_forfeited_at timestamptz;
ALTER TABLE referral_rewards ADD COLUMN friend_forfeited_at timestamptz;
ALTER TABLE referral_rewards ADD CONSTRAINT referral_rewards_forfeited_unpaid CHECK (
  (referrer_forfeited_at IS NULL OR (outcome = 'qualified' AND referrer_bonus_id IS NULL))
  AND (friend_forfeited_at IS NULL OR (outcome = 'qualified' AND friend_bonus_id IS NULL)));
DROP INDEX referral_rewards_unpaid;
CREATE INDEX referral_rewards_unpaid ON referral_rewards (merchant_id)
  WHERE outcome = 'qualified' AND ((referrer_bonus_id IS NULL AND referrer_forfeited_at IS NULL)
    OR (friend_reward > 0 AND friend_bonus_id IS NULL AND friend_forfeited_at IS NULL));
