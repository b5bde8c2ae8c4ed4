-- A win names a player, not a session: the service keeps each player's latest game session per vendor in memory,
-- and the win's own transaction checks that no newer one has been opened since (`session_stale` otherwise, with
-- nothing written, and the service looks again). This saves every win a query of its own before its batch.
-- The function is 029's with that check first; its statements run without sequential scans (see 030).
DROP FUNCTION vendor_post_batch(integer[], text[], bytea[], text[], text[], text[], integer[], bigint[], bigint[],
  text[], text[], text[], text[], integer[], bigint[], bigint[], timestamptz[], text[], integer[], bigint[], boolean[],
  bytea[]);

-- Per entry, in order: for a win, whether its session is still the player's latest with the vendor; then as in 029.
CREATE FUNCTION vendor_post_batch(
  p_merchant_ids integer[], p_keys text[], p_hashes bytea[], p_types text[], p_memos text[],
  p_actor_types text[], p_counts integer[], p_accounts bigint[], p_amounts bigint[],
  p_vendor_codes text[], p_nonces text[], p_transaction_ids text[], p_kinds text[], p_member_ids integer[],
  p_member_accounts bigint[], p_session_ids bigint[], p_sessions_since timestamptz[], p_round_ids text[],
  p_game_node_ids integer[], p_claim_amounts bigint[], p_demos boolean[], p_claim_hashes bytea[],
  p_sessions_latest boolean[]
) RETURNS SETOF vendor_post_result LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  v_start integer := 1;
  v_end integer;
  v_post ledger_post_result;
  v_claim record;
  r vendor_post_result;
BEGIN
  PERFORM 1 FROM ledger_balances b
   WHERE b.account_id IN (SELECT a.id FROM ledger_accounts a WHERE a.id = ANY (p_accounts) AND a.shards = 1)
     AND b.shard = 0
   ORDER BY b.account_id FOR UPDATE;
  FOR i IN 1 .. coalesce(cardinality(p_transaction_ids), 0) LOOP
    v_end := v_start + p_counts[i] - 1;
    r := ROW(NULL, NULL, NULL, NULL, NULL, NULL, NULL);
    IF p_sessions_latest[i] AND EXISTS (
      SELECT 1 FROM game_sessions s
       WHERE s.member_id = p_member_ids[i] AND s.vendor_code = p_vendor_codes[i] AND s.id > p_session_ids[i]) THEN
      -- A newer session says which money now: nothing is written (not even the nonce); the caller asks again.
      r.status := 'session_stale';
    ELSIF p_nonces[i] IS NOT NULL THEN
      INSERT INTO vendor_nonces (vendor_code, nonce) VALUES (p_vendor_codes[i], p_nonces[i]) ON CONFLICT DO NOTHING;
    END IF;
    IF r.status IS NOT NULL THEN
      NULL;
    ELSIF p_nonces[i] IS NOT NULL AND NOT FOUND THEN
      r.status := 'nonce_reused';
    ELSE
      IF p_sessions_since[i] IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM game_sessions s
         WHERE s.id = p_session_ids[i] AND s.ended_at IS NULL AND s.created_at >= p_sessions_since[i]) THEN
        r.status := 'session_ended';
      ELSE
        INSERT INTO vendor_transactions (vendor_code, transaction_id, kind, merchant_id, member_id, session_id,
            round_id, game_node_id, amount, demo, request_hash, ledger_entry_id, balance_after)
          VALUES (p_vendor_codes[i], p_transaction_ids[i], p_kinds[i], p_merchant_ids[i], p_member_ids[i],
            p_session_ids[i], p_round_ids[i], p_game_node_ids[i], p_claim_amounts[i], p_demos[i],
            p_claim_hashes[i], NULL, 0)
          ON CONFLICT (vendor_code, transaction_id) DO NOTHING;
        IF NOT FOUND THEN
          r.status := 'claimed';
        ELSIF p_counts[i] = 0 THEN
          r.status := 'posted';
          SELECT sum(b.balance) INTO r.balance FROM ledger_balances b WHERE b.account_id = p_member_accounts[i];
          UPDATE vendor_transactions SET balance_after = r.balance
           WHERE vendor_code = p_vendor_codes[i] AND transaction_id = p_transaction_ids[i];
        ELSE
          v_post := ledger_post(p_merchant_ids[i], p_keys[i], p_hashes[i], p_types[i], p_memos[i], p_actor_types[i],
            NULL, NULL, p_accounts[v_start:v_end], p_amounts[v_start:v_end]);
          r.status := v_post.status;
          r.failed_account := v_post.failed_account;
          IF v_post.status = 'posted' THEN
            r.entry_id := v_post.entry_id;
            r.created_at := v_post.created_at;
            r.balance := v_post.balances_after[array_position(p_accounts[v_start:v_end], p_member_accounts[i])];
            UPDATE vendor_transactions SET ledger_entry_id = v_post.entry_id, balance_after = r.balance
             WHERE vendor_code = p_vendor_codes[i] AND transaction_id = p_transaction_ids[i];
          ELSE
            DELETE FROM vendor_transactions
             WHERE vendor_code = p_vendor_codes[i] AND transaction_id = p_transaction_ids[i];
          END IF;
        END IF;
      END IF;
      IF r.status IN ('claimed', 'session_ended') THEN
        SELECT t.kind, t.request_hash, t.balance_after INTO v_claim FROM vendor_transactions t
         WHERE t.vendor_code = p_vendor_codes[i] AND t.transaction_id = p_transaction_ids[i];
        IF FOUND THEN
          r.status := 'claimed';
          r.claim_kind := v_claim.kind;
          r.claim_hash := v_claim.request_hash;
          r.balance := v_claim.balance_after;
        END IF;
      END IF;
    END IF;
    RETURN NEXT r;
    v_start := v_end + 1;
  END LOOP;
END;
$$;
