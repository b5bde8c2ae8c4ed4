-- Vendor wins without a stake (issue 11, item 4): a win whose round has no bet of the player, or whose only bet was
-- rolled back, is refused `bet_not_found`, unless the vendor is configured to pay free-round wins (a vendor's free
-- spins or bonus rounds); such a win is then paid from the merchant's promotion account and its claim is marked
-- `free_round`, so records and reports can tell it apart (docs/decisions/008-seamless-wallet.md).
ALTER TABLE vendor_credentials ADD COLUMN free_round_wins boolean NOT NULL DEFAULT false;
ALTER TABLE vendor_transactions ADD COLUMN free_round boolean NOT NULL DEFAULT false;

DROP FUNCTION vendor_post_batch(integer[], text[], bytea[], text[], text[], text[], integer[], bigint[], bigint[],
  text[], text[], text[], text[], integer[], bigint[], bigint[], timestamptz[], text[], integer[], bigint[], boolean[],
  bytea[], boolean[]);

-- As in 031, with the stake check of a win before its money (and p_free_round_accounts: per entry, the account a
-- stakeless win is paid from, or NULL to refuse it).
CREATE FUNCTION vendor_post_batch(
  p_merchant_ids integer[], p_keys text[], p_hashes bytea[], p_types text[], p_memos text[],
  p_actor_types text[], p_counts integer[], p_accounts bigint[], p_amounts bigint[],
  p_vendor_codes text[], p_nonces text[], p_transaction_ids text[], p_kinds text[], p_member_ids integer[],
  p_member_accounts bigint[], p_session_ids bigint[], p_sessions_since timestamptz[], p_round_ids text[],
  p_game_node_ids integer[], p_claim_amounts bigint[], p_demos boolean[], p_claim_hashes bytea[],
  p_sessions_latest boolean[], p_free_round_accounts bigint[]
) RETURNS SETOF vendor_post_result LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  v_start integer := 1;
  v_end integer;
  v_post ledger_post_result;
  v_claim record;
  v_accounts bigint[];
  v_free_round boolean;
  r vendor_post_result;
BEGIN
  PERFORM 1 FROM ledger_balances b
   WHERE b.account_id IN (SELECT a.id FROM ledger_accounts a
                           WHERE a.id = ANY (p_accounts || p_free_round_accounts) AND a.shards = 1)
     AND b.shard = 0
   ORDER BY b.account_id FOR UPDATE;
  FOR i IN 1 .. coalesce(cardinality(p_transaction_ids), 0) LOOP
    v_end := v_start + p_counts[i] - 1;
    r := ROW(NULL, NULL, NULL, NULL, NULL, NULL, NULL);
    IF p_sessions_latest[i] AND EXISTS (
      SELECT 1 FROM game_sessions s
       WHERE s.member_id = p_member_ids[i] AND s.vendor_code = p_vendor_codes[i] AND s.id > p_session_ids[i]) THEN
      r.status := 'session_stale';
    END IF;
    IF r.status IS NULL AND p_nonces[i] IS NOT NULL THEN
      INSERT INTO vendor_nonces (vendor_code, nonce) VALUES (p_vendor_codes[i], p_nonces[i]) ON CONFLICT DO NOTHING;
      IF NOT FOUND THEN
        r.status := 'nonce_reused';
      END IF;
    END IF;
    IF r.status IS NULL AND p_sessions_since[i] IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM game_sessions s
       WHERE s.id = p_session_ids[i] AND s.ended_at IS NULL AND s.created_at >= p_sessions_since[i]) THEN
      r.status := 'session_ended';
    END IF;
    IF r.status IS NULL OR r.status = 'session_ended' THEN
      SELECT t.kind, t.request_hash, t.balance_after INTO v_claim FROM vendor_transactions t
       WHERE t.vendor_code = p_vendor_codes[i] AND t.transaction_id = p_transaction_ids[i];
      IF FOUND THEN
        r.status := 'claimed';
      END IF;
    END IF;
    -- A win needs a stake: a bet of this player in this round that was not rolled back (share-locked, so a rollback
    -- racing with the win waits for it or is seen). Without one, a vendor that pays free rounds pays it from the
    -- merchant's promotion account instead of the game's house account; any other vendor is refused.
    v_accounts := p_accounts[v_start:v_end];
    v_free_round := false;
    IF r.status IS NULL AND p_kinds[i] = 'win' AND p_counts[i] > 0 AND NOT EXISTS (
      SELECT 1 FROM vendor_transactions t
       WHERE t.vendor_code = p_vendor_codes[i] AND t.round_id = p_round_ids[i] AND t.kind = 'bet'
         AND t.member_id = p_member_ids[i] AND NOT t.rolled_back
       FOR SHARE) THEN
      IF p_free_round_accounts[i] IS NULL THEN
        r.status := 'bet_not_found';
      ELSE
        v_free_round := true;
        v_accounts[array_position(v_accounts, p_member_accounts[i]) % 2 + 1] := p_free_round_accounts[i];
      END IF;
    END IF;
    IF r.status IS NULL THEN
      IF p_counts[i] = 0 THEN
        r.status := 'posted';
        SELECT sum(b.balance) INTO r.balance FROM ledger_balances b WHERE b.account_id = p_member_accounts[i];
      ELSE
        v_post := ledger_post(p_merchant_ids[i], p_keys[i], p_hashes[i], p_types[i], p_memos[i], p_actor_types[i],
          NULL, NULL, v_accounts, p_amounts[v_start:v_end]);
        r.status := v_post.status;
        r.failed_account := v_post.failed_account;
        IF v_post.status = 'posted' THEN
          r.entry_id := v_post.entry_id;
          r.created_at := v_post.created_at;
          r.balance := v_post.balances_after[array_position(v_accounts, p_member_accounts[i])];
        ELSIF v_post.status IN ('replayed', 'idempotency_conflict') THEN
          -- The key is taken: by a twin of this call that committed while this one waited, whose claim answers.
          SELECT t.kind, t.request_hash, t.balance_after INTO v_claim FROM vendor_transactions t
           WHERE t.vendor_code = p_vendor_codes[i] AND t.transaction_id = p_transaction_ids[i];
          IF FOUND THEN
            r.status := 'claimed';
          END IF;
        END IF;
      END IF;
      IF r.status = 'posted' THEN
        INSERT INTO vendor_transactions (vendor_code, transaction_id, kind, merchant_id, member_id, session_id,
            round_id, game_node_id, amount, demo, request_hash, ledger_entry_id, balance_after, free_round)
          VALUES (p_vendor_codes[i], p_transaction_ids[i], p_kinds[i], p_merchant_ids[i], p_member_ids[i],
            p_session_ids[i], p_round_ids[i],
            -- A free round has no bet to name its game: the win takes its session's, so records can show it.
            coalesce(p_game_node_ids[i], CASE WHEN v_free_round THEN
              (SELECT s.game_node_id FROM game_sessions s WHERE s.id = p_session_ids[i]) END),
            p_claim_amounts[i], p_demos[i], p_claim_hashes[i], r.entry_id, r.balance, v_free_round)
          ON CONFLICT (vendor_code, transaction_id) DO NOTHING;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'vendor transaction % % was claimed while its money moved', p_vendor_codes[i],
            p_transaction_ids[i] USING ERRCODE = 'serialization_failure';
        END IF;
      END IF;
    END IF;
    IF r.status = 'claimed' THEN
      r.claim_kind := v_claim.kind;
      r.claim_hash := v_claim.request_hash;
      r.balance := v_claim.balance_after;
    END IF;
    RETURN NEXT r;
    v_start := v_end + 1;
  END LOOP;
END;
$$;
