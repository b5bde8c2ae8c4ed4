-- Seamless bets and wins, cheaper per call (docs/decisions/008-seamless-wallet.md):
-- * A win names a player, not a session: the service remembers each player's latest game session per vendor, and
--   the win's own transaction checks that no newer one has been opened since (`session_stale` otherwise, with
--   nothing written, not even the nonce, and the service reads again). This saves every win a query of its own.
-- * A call's claim on its transaction id is written once, after its money, with the entry and the balance, instead
--   of before it and then updated (or deleted when the money was refused). An id is looked up first; a twin racing
--   on another connection is caught by the ledger's idempotency key (the same `vendor:<code>:<id>` key: it waits for
--   the twin's commit and answers `replayed`, then the stored claim is answered), and a rollback's tombstone written
--   in between makes the claim's insert find the id taken: the whole batch is then refused as a serialisation
--   failure, so the money goes with it, and the batch runs again (the wallet retries those), finding the tombstone.
-- * The claim no longer has foreign keys to the vendor, the merchant and the game: each check share-locked one of
--   a few rows that every call touches. Its member and game session keep theirs (the session holds all four).
-- * The nonces' age index becomes a BRIN index (below).
ALTER TABLE vendor_transactions
  DROP CONSTRAINT vendor_transactions_vendor_code_fkey,
  DROP CONSTRAINT vendor_transactions_merchant_id_fkey,
  DROP CONSTRAINT vendor_transactions_game_node_id_fkey;

-- Nonces are pruned by age only, and arrive in time order: a BRIN index serves that for a fraction of a b-tree's
-- cost on every call's insert.
DROP INDEX vendor_nonces_seen;
CREATE INDEX vendor_nonces_seen ON vendor_nonces USING brin (seen_at);

DROP FUNCTION vendor_post_batch(integer[], text[], bytea[], text[], text[], text[], integer[], bigint[], bigint[],
  text[], text[], text[], text[], integer[], bigint[], bigint[], timestamptz[], text[], integer[], bigint[], boolean[],
  bytea[]);

-- Per entry, in order: for a win, whether its session is still the player's latest with the vendor; the nonce when
-- given (a reused one stops the entry); for a bet, its game session (ended or older than p_sessions_since: only a
-- stored claim answers); a used transaction id answers its stored claim; then the money (none when p_counts is 0)
-- and the claim with its result. A refused movement writes no claim.
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
    IF r.status IS NULL THEN
      IF p_counts[i] = 0 THEN
        r.status := 'posted';
        SELECT sum(b.balance) INTO r.balance FROM ledger_balances b WHERE b.account_id = p_member_accounts[i];
      ELSE
        v_post := ledger_post(p_merchant_ids[i], p_keys[i], p_hashes[i], p_types[i], p_memos[i], p_actor_types[i],
          NULL, NULL, p_accounts[v_start:v_end], p_amounts[v_start:v_end]);
        r.status := v_post.status;
        r.failed_account := v_post.failed_account;
        IF v_post.status = 'posted' THEN
          r.entry_id := v_post.entry_id;
          r.created_at := v_post.created_at;
          r.balance := v_post.balances_after[array_position(p_accounts[v_start:v_end], p_member_accounts[i])];
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
            round_id, game_node_id, amount, demo, request_hash, ledger_entry_id, balance_after)
          VALUES (p_vendor_codes[i], p_transaction_ids[i], p_kinds[i], p_merchant_ids[i], p_member_ids[i],
            p_session_ids[i], p_round_ids[i], p_game_node_ids[i], p_claim_amounts[i], p_demos[i],
            p_claim_hashes[i], r.entry_id, r.balance)
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
