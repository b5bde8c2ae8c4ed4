-- The in-house lottery's bets are rounds too (issue 14; docs/decisions/039-lottery.md): the read-only views other
-- modules read rounds through (agents' bet_rounds of 046, missions' mission_games_played of 050) gain them. A bet
-- refunded because its draw was cancelled stakes nothing, as a rolled-back vendor bet.
CREATE OR REPLACE VIEW bet_rounds AS
  SELECT b.merchant_id, b.member_id, b.created_at,
         CASE WHEN b.rolled_back THEN 0 ELSE b.amount END AS stake,
         (SELECT COALESCE(SUM(w.amount), 0) FROM vendor_transactions w
           WHERE w.vendor_code = b.vendor_code AND w.round_id = b.round_id AND w.member_id = b.member_id
             AND w.kind = 'win') AS won
    FROM vendor_transactions b
   WHERE b.kind = 'bet' AND NOT b.demo
  UNION ALL
  SELECT r.merchant_id, r.member_id, r.created_at, r.bet, r.win + r.jackpot_win
    FROM slots_rounds r
  UNION ALL
  SELECT l.merchant_id, l.member_id, l.created_at, CASE WHEN l.status = 'refunded' THEN 0 ELSE l.stake END, l.win
    FROM lottery_bets l;

CREATE OR REPLACE VIEW mission_games_played AS
  SELECT b.merchant_id, b.member_id, b.created_at, 'v' || b.game_node_id::text AS game
    FROM vendor_transactions b
   WHERE b.kind = 'bet' AND NOT b.demo AND NOT b.rolled_back AND b.game_node_id IS NOT NULL
  UNION ALL
  SELECT r.merchant_id, r.member_id, r.created_at, 's' || r.game_code
    FROM slots_rounds r
  UNION ALL
  SELECT l.merchant_id, l.member_id, l.created_at, 'l' || l.game_code
    FROM lottery_bets l
   WHERE l.status <> 'refunded';
