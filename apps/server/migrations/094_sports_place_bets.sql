-- Sports bets placed in batches (issue 15's placement budget; decision 058): the slips that arrive at one moment are
-- written together, after their stakes were posted by one ledger_post_batch() in the same transaction. Each slip's
-- player limits (member_limit_use(), evaluated by the caller's statement as this function's arguments, in slip
-- order, after the balances were locked) come in `p_limits` as JSON: a slip whose limits refused is not written and
-- its refusal comes back. Every other slip is sports_place_bet() (migration 086) on its slice of the legs' arrays,
-- in slip order, so a single's payout room on its market counts the slips of the batch written before it. One
-- answer a slip, in slip order: {"bet": row}, {"refused": code} or {"limits": refusal}; a refused slip's stake is
-- still posted, so the caller rolls the batch back and places its slips one at a time.
CREATE FUNCTION sports_place_bets(
  p_entry_ids bigint[],
  p_merchant_ids integer[],
  p_member_ids integer[],
  p_request_ids text[],
  p_kinds text[],
  p_products text[],
  p_vendor_codes text[],
  p_stakes bigint[],
  p_potential_returns bigint[],
  p_odds_preferences text[],
  p_odds_formats text[],
  p_statuses text[],
  p_accept_ats timestamptz[],
  p_max_on_market bigint[],
  p_leg_counts integer[],
  p_event_ids text[],
  p_market_ids bigint[],
  p_outcomes text[],
  p_seen_prices integer[],
  p_prices integer[],
  p_limits jsonb[]
) RETURNS SETOF jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_start integer := 1;
  v_end integer;
BEGIN
  FOR i IN 1 .. coalesce(cardinality(p_entry_ids), 0) LOOP
    v_end := v_start + p_leg_counts[i] - 1;
    IF p_limits[i] ->> 'limit_key' IS NOT NULL THEN
      RETURN NEXT jsonb_build_object('limits', p_limits[i]);
    ELSE
      RETURN NEXT sports_place_bet(p_entry_ids[i], p_merchant_ids[i], p_member_ids[i], p_request_ids[i], p_kinds[i],
        p_products[i], p_vendor_codes[i], p_stakes[i], p_potential_returns[i], p_odds_preferences[i],
        p_odds_formats[i], p_statuses[i], p_accept_ats[i], p_event_ids[v_start:v_end], p_market_ids[v_start:v_end],
        p_outcomes[v_start:v_end], p_seen_prices[v_start:v_end], p_prices[v_start:v_end], p_max_on_market[i]);
    END IF;
    v_start := v_end + 1;
  END LOOP;
END
$$;
