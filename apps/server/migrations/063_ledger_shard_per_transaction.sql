-- A house account's shard per transaction (docs/decisions/044-lottery-settlement.md). ledger_post took a house
-- account's first free shard from a random start, so a transaction that posts many entries (a lottery draw's
-- payouts, a group commit) locked a different shard for nearly every entry and held most of the account's shards
-- until it committed, and every other bet or win on that account waited for it. The start is now the transaction's
-- own id modulo the shards: the entries of one transaction come back to the shard it already holds (its own lock
-- does not make the row busy to it), and transactions one after another still spread over all the shards. The
-- function is otherwise 003's, whole (PostgreSQL replaces a function only whole), with 030's setting.
CREATE OR REPLACE FUNCTION ledger_post(
  p_merchant_id integer, p_key text, p_request_hash bytea, p_type text, p_memo text,
  p_actor_type text, p_actor_id integer, p_reverses bigint, p_accounts bigint[], p_amounts bigint[]
) RETURNS ledger_post_result LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  r ledger_post_result;
  n integer := coalesce(cardinality(p_accounts), 0);
  v_found record;
  v_acc record;
  v_row record;
  v_i integer;
  v_next bigint;
  v_start integer;
  v_shards smallint[];
  v_single bigint[] := '{}';
  v_multi bigint[] := '{}';
  v_multi_shards smallint[] := '{}';
BEGIN
  -- A key already used answers with its entry (or a conflict) before anything else is looked at.
  SELECT e.id, e.request_hash INTO v_found FROM ledger_entries e
   WHERE e.merchant_id = p_merchant_id AND e.idempotency_key = p_key;
  IF FOUND THEN
    RETURN ledger_replay(v_found.id, v_found.request_hash = p_request_hash);
  END IF;

  IF n < 2 OR cardinality(p_amounts) <> n
     OR (SELECT sum(x) FROM unnest(p_amounts) x) <> 0
     OR EXISTS (SELECT 1 FROM unnest(p_amounts) x WHERE x = 0 OR x IS NULL) THEN
    r.status := 'unbalanced';
    RETURN r;
  END IF;
  IF (SELECT count(DISTINCT x) FROM unnest(p_accounts) x) <> n THEN
    r.status := 'duplicate_account';
    RETURN r;
  END IF;

  SELECT count(*) AS found, count(DISTINCT a.currency) AS currencies, count(DISTINCT a.trial) AS realms,
         array_agg(a.id ORDER BY a.id) FILTER (WHERE a.shards = 1) AS single,
         array_agg(a.id ORDER BY a.id) FILTER (WHERE a.shards > 1) AS multi,
         array_agg(a.shards ORDER BY a.id) FILTER (WHERE a.shards > 1) AS multi_shards
    INTO v_acc
    FROM ledger_accounts a WHERE a.id = ANY (p_accounts) AND a.merchant_id = p_merchant_id;
  IF v_acc.found <> n THEN
    r.status := 'account_not_found';
    RETURN r;
  END IF;
  IF v_acc.currencies <> 1 OR v_acc.realms <> 1 THEN
    r.status := 'accounts_mixed';
    RETURN r;
  END IF;
  v_single := coalesce(v_acc.single, v_single);
  v_multi := coalesce(v_acc.multi, v_multi);
  v_multi_shards := coalesce(v_acc.multi_shards, v_multi_shards);

  IF p_reverses IS NOT NULL AND EXISTS (SELECT 1 FROM ledger_entries e WHERE e.reverses_entry_id = p_reverses) THEN
    r.status := 'already_reversed';
    RETURN r;
  END IF;

  v_shards := array_fill(0::smallint, ARRAY[n]);

  -- Single-shard rows (members, small house accounts): waited for, locked in account order.
  FOR v_row IN
    SELECT b.account_id, b.balance, b.may_go_negative FROM ledger_balances b
     WHERE b.account_id = ANY (v_single) AND b.shard = 0
     ORDER BY b.account_id FOR UPDATE
  LOOP
    v_i := array_position(p_accounts, v_row.account_id);
    v_next := v_row.balance + p_amounts[v_i];
    IF (NOT v_row.may_go_negative AND v_next < 0) OR abs(v_next) > 9007199254740991 THEN
      -- Refused. A concurrent request with this key may have committed while this one waited for the rows.
      SELECT e.id, e.request_hash INTO v_found FROM ledger_entries e
       WHERE e.merchant_id = p_merchant_id AND e.idempotency_key = p_key;
      IF FOUND THEN
        RETURN ledger_replay(v_found.id, v_found.request_hash = p_request_hash);
      END IF;
      r.status := CASE WHEN v_next < 0 AND NOT v_row.may_go_negative THEN 'insufficient_funds'
                       ELSE 'balance_over_limit' END;
      r.failed_account := v_row.account_id;
      RETURN r;
    END IF;
  END LOOP;

  -- Sharded house accounts: the first free shard from a random start, without waiting; all busy, wait for one.
  FOR v_j IN 1 .. coalesce(cardinality(v_multi), 0) LOOP
    v_start := (txid_current() % v_multi_shards[v_j])::integer;
    SELECT b.shard, b.balance INTO v_row FROM ledger_balances b
     WHERE b.account_id = v_multi[v_j]
     ORDER BY (b.shard + v_multi_shards[v_j] - v_start) % v_multi_shards[v_j]
     FOR UPDATE SKIP LOCKED LIMIT 1;
    IF NOT FOUND THEN
      SELECT b.shard, b.balance INTO v_row FROM ledger_balances b
       WHERE b.account_id = v_multi[v_j] AND b.shard = v_start FOR UPDATE;
    END IF;
    v_i := array_position(p_accounts, v_multi[v_j]);
    IF abs(v_row.balance + p_amounts[v_i]) > 9007199254740991 THEN
      r.status := 'balance_over_limit';
      r.failed_account := v_multi[v_j];
      RETURN r;
    END IF;
    v_shards[v_i] := v_row.shard;
  END LOOP;

  -- The key (or, for a reversal, the reversed entry) may have been taken since the first look: then nothing is
  -- inserted and the winner's result is read back.
  INSERT INTO ledger_entries
    (merchant_id, idempotency_key, request_hash, type, reverses_entry_id, memo, actor_type, actor_id)
  VALUES (p_merchant_id, p_key, p_request_hash, p_type, p_reverses, p_memo, p_actor_type, p_actor_id)
  ON CONFLICT DO NOTHING
  RETURNING id, created_at INTO r.entry_id, r.created_at;
  IF r.entry_id IS NULL THEN
    SELECT e.id, e.request_hash INTO v_found FROM ledger_entries e
     WHERE e.merchant_id = p_merchant_id AND e.idempotency_key = p_key;
    IF FOUND THEN
      RETURN ledger_replay(v_found.id, v_found.request_hash = p_request_hash);
    END IF;
    r.status := 'already_reversed';
    RETURN r;
  END IF;

  WITH d AS (
    SELECT u.account_id, u.shard, u.amount, u.line::smallint AS line
      FROM unnest(p_accounts, v_shards, p_amounts) WITH ORDINALITY AS u (account_id, shard, amount, line)
  ), moved AS (
    UPDATE ledger_balances b SET balance = b.balance + d.amount, version = b.version + 1
      FROM d WHERE b.account_id = d.account_id AND b.shard = d.shard
    RETURNING b.account_id, b.balance
  ), written AS (
    INSERT INTO ledger_postings (entry_id, line, account_id, shard, amount, balance_after)
    SELECT r.entry_id, d.line, d.account_id, d.shard, d.amount, moved.balance
      FROM d JOIN moved ON moved.account_id = d.account_id
    RETURNING line, account_id, balance_after
  )
  SELECT array_agg(CASE WHEN w.account_id = ANY (v_multi) THEN NULL ELSE w.balance_after END ORDER BY w.line)
    INTO r.balances_after FROM written w;

  r.status := 'posted';
  r.shards := v_shards;
  RETURN r;
END;
$$;
