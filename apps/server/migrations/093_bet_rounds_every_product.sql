-- Agents' salaries and dividends count every real-money product (issue 12; docs/decisions/070): bet_rounds (046,
-- replaced in 056) gains the live studio's placements (bingo cards are live_bets too), the PvP tables' hands, fish
-- plays and sports/esports bets, counted as the agent centre's reports count them (games/game-records.ts
-- memberProductTotals): a refunded live placement or a refused sports bet stakes nothing; a sports bet not settled
-- yet has returned nothing; a PvP seat's stake is what it lost in the hand and its win what it won, at the hand's end.
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
    FROM lottery_bets l
  UNION ALL
  SELECT v.merchant_id, v.member_id, v.created_at, CASE WHEN v.status = 'refunded' THEN 0 ELSE v.stake END,
         CASE WHEN v.status = 'refunded' THEN 0 ELSE v.returned END
    FROM live_bets v
  UNION ALL
  SELECT p.merchant_id, p.member_id, h.ended_at, GREATEST(-p.net, 0), GREATEST(p.net, 0)
    FROM pvp_hand_players p
    JOIN pvp_hands h ON h.id = p.hand_id
   WHERE h.ended_at IS NOT NULL
  UNION ALL
  SELECT f.merchant_id, f.member_id, f.created_at, f.bet, f.win
    FROM fish_plays f
  UNION ALL
  SELECT s.merchant_id, s.member_id, s.created_at, CASE WHEN s.status = 'refused' THEN 0 ELSE s.stake END,
         CASE WHEN s.status IN ('refused', 'pending', 'open') THEN 0 ELSE s.returned END
    FROM sports_bets s;

-- A period's rounds of a merchant are found by time in every source (fish and sports have theirs since 075, 077).
CREATE INDEX live_bets_merchant ON live_bets (merchant_id, created_at);
CREATE INDEX pvp_hands_ended ON pvp_hands (ended_at) WHERE ended_at IS NOT NULL;
