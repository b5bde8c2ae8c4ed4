-- Agents' salaries and dividends count every real-money product (issue 12; docs/decisions/033): bet_rounds (046,
-- replaced in 056) gains the live studio's placements (bingo cards are live_bets too), the PvP tables' hands, fish
-- plays and sports/esports bets. A round counts in the period its result became known, and only then: a lottery
-- bet at its draw's settlement, a live placement at its round's, a sports bet at its settlement (a cash-out
-- settles it too), a PvP hand at its end. Counted at placement, a bet still open stood as a loss of its whole stake
-- (a real-time salary paid at the loss rate, a dividend on a house profit) and its later win fell in a period
-- already paid. Refunded, refused and voided bets stake nothing. Vendor rounds keep their bet's time: a vendor
-- settles a round within seconds and says nothing when a round without a win is over.
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
  SELECT l.merchant_id, l.member_id, l.settled_at, l.stake, l.win
    FROM lottery_bets l
   WHERE l.status IN ('won', 'lost')
  UNION ALL
  SELECT v.merchant_id, v.member_id, v.settled_at, v.stake, v.returned
    FROM live_bets v
   WHERE v.status = 'settled'
  UNION ALL
  SELECT p.merchant_id, p.member_id, h.ended_at, GREATEST(-p.net, 0), GREATEST(p.net, 0)
    FROM pvp_hand_players p
    JOIN pvp_hands h ON h.id = p.hand_id
   WHERE h.ended_at IS NOT NULL
  UNION ALL
  SELECT f.merchant_id, f.member_id, f.created_at, f.bet, f.win
    FROM fish_plays f
  UNION ALL
  SELECT s.merchant_id, s.member_id, s.settled_at, CASE WHEN s.status = 'void' THEN 0 ELSE s.stake END,
         CASE WHEN s.status = 'void' THEN 0 ELSE s.returned END
    FROM sports_bets s
   WHERE s.settled_at IS NOT NULL AND s.status NOT IN ('refused', 'pending', 'open');

-- A period's rounds of a merchant are found by the time that counts in every source.
CREATE INDEX lottery_bets_settled ON lottery_bets (merchant_id, settled_at) WHERE status IN ('won', 'lost');
CREATE INDEX live_bets_settled ON live_bets (merchant_id, settled_at) WHERE status = 'settled';
CREATE INDEX sports_bets_settled ON sports_bets (merchant_id, settled_at) WHERE settled_at IS NOT NULL;
CREATE INDEX pvp_hands_ended ON pvp_hands (ended_at) WHERE ended_at IS NOT NULL;
