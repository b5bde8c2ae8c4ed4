-- The live studio's back office (docs/decisions/054-live-office.md): the rounds explorer lists rounds newest first
-- across tables, and the explorer and P&L add up one merchant's bets per round (live_bets_round covers open bets only).
CREATE INDEX live_rounds_opens ON live_rounds (opens_at DESC, id DESC);
CREATE INDEX live_bets_round_merchant ON live_bets (round_id, merchant_id);
