-- A sports bet written in its stake's posting statement (issue 15's placement budget; decision 058): called by the
-- wallet's `alongside` (decision 050) once ledger_post() has posted the stake and locked the member's balance, so a
-- placement is one round trip for its money, its limits, its market's payout room and its rows. A single's open
-- returns on its market are summed here, after the balance lock, so two placements of one member on one market are
-- counted one after the other; over `p_max_on_market` the bet is not written and the refusal comes back (the caller
-- rolls the stake back with its transaction). Legs come as parallel arrays in leg order.
CREATE FUNCTION sports_place_bet(
  p_entry_id bigint,
  p_merchant_id integer,
  p_member_id integer,
  p_request_id text,
  p_kind text,
  p_product text,
  p_vendor_code text,
  p_stake bigint,
  p_potential_return bigint,
  p_odds_preference text,
  p_odds_format text,
  p_status text,
  p_accept_at timestamptz,
  p_event_ids text[],
  p_market_ids bigint[],
  p_outcomes text[],
  p_seen_prices integer[],
  p_prices integer[],
  p_max_on_market bigint
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_bet sports_bets;
  v_already bigint;
BEGIN
  IF p_max_on_market IS NOT NULL THEN
    SELECT coalesce(sum(b.potential_return), 0) INTO v_already
      FROM sports_bets b JOIN sports_bet_legs l ON l.bet_id = b.id
     WHERE b.member_id = p_member_id AND b.kind = 'single' AND b.status IN ('pending', 'open')
       AND l.market_id = p_market_ids[1];
    IF v_already + p_potential_return > p_max_on_market THEN
      RETURN jsonb_build_object('refused', 'sports_payout_above_maximum');
    END IF;
  END IF;
  INSERT INTO sports_bets (merchant_id, member_id, request_id, kind, product, vendor_code, stake, potential_return,
                           odds_preference, odds_format, status, placed_entry_id, accept_at)
  VALUES (p_merchant_id, p_member_id, p_request_id, p_kind, p_product, p_vendor_code, p_stake, p_potential_return,
          p_odds_preference, p_odds_format, p_status, p_entry_id, p_accept_at)
  RETURNING * INTO v_bet;
  INSERT INTO sports_bet_legs (bet_id, leg_no, event_id, market_id, outcome, seen_price, price)
  SELECT v_bet.id, (u.n - 1)::integer, u.event_id, u.market_id, u.outcome, u.seen_price, u.price
    FROM unnest(p_event_ids, p_market_ids, p_outcomes, p_seen_prices, p_prices)
         WITH ORDINALITY AS u(event_id, market_id, outcome, seen_price, price, n);
  RETURN jsonb_build_object('bet', to_jsonb(v_bet));
END
$$;
