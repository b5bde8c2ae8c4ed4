-- Player limits (issue 18 item 1, UKGC RTS 12; docs/decisions/046-player-limits.md).
--
-- One row per member who ever set a limit: the limits in force and what the current day, week and month (of the
-- merchant's time zone) used so far. Every money path that a limit covers calls member_limit_use() in the
-- transaction of its money; the function locks this row first, so one member's deposits, bets and transfers are
-- checked one after another and no two of them can both pass on the same headroom. Members without a row have
-- no limit and take no lock.
CREATE TABLE member_limits (
  member_id          integer PRIMARY KEY REFERENCES members (id),
  merchant_id        integer NOT NULL REFERENCES merchants (id),
  deposit_day        bigint CHECK (deposit_day > 0),
  deposit_week       bigint CHECK (deposit_week > 0),
  deposit_month      bigint CHECK (deposit_month > 0),
  loss_day           bigint CHECK (loss_day > 0),
  loss_week          bigint CHECK (loss_week > 0),
  loss_month         bigint CHECK (loss_month > 0),
  wager_day          bigint CHECK (wager_day > 0),
  wager_week         bigint CHECK (wager_week > 0),
  wager_month        bigint CHECK (wager_month > 0),
  session_minutes    integer CHECK (session_minutes > 0),
  -- The merchant's time zone the periods are cut in, copied at every change of a limit (read on every bet, so
  -- not looked up in the merchant's settings document each time).
  time_zone          text NOT NULL DEFAULT 'UTC',
  -- The periods the counters below belong to; a newer period starts them at zero.
  day_start          timestamptz NOT NULL,
  week_start         timestamptz NOT NULL,
  month_start        timestamptz NOT NULL,
  deposit_day_used   bigint NOT NULL DEFAULT 0,
  deposit_week_used  bigint NOT NULL DEFAULT 0,
  deposit_month_used bigint NOT NULL DEFAULT 0,
  -- Losses are stakes less wins and refunds: negative after a winning run.
  loss_day_used      bigint NOT NULL DEFAULT 0,
  loss_week_used     bigint NOT NULL DEFAULT 0,
  loss_month_used    bigint NOT NULL DEFAULT 0,
  wager_day_used     bigint NOT NULL DEFAULT 0,
  wager_week_used    bigint NOT NULL DEFAULT 0,
  wager_month_used   bigint NOT NULL DEFAULT 0,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);

-- Every change a member asked for: applied at once (lower, first), or pending 24 hours and then confirmed by the
-- member, lapsed unconfirmed, cancelled, or replaced by a later request. At most one pending change per limit.
CREATE TABLE member_limit_changes (
  id              bigserial PRIMARY KEY,
  member_id       integer NOT NULL REFERENCES members (id),
  merchant_id     integer NOT NULL REFERENCES merchants (id),
  limit_key       text NOT NULL CHECK (limit_key IN ('deposit_day', 'deposit_week', 'deposit_month', 'loss_day',
                    'loss_week', 'loss_month', 'wager_day', 'wager_week', 'wager_month', 'session')),
  old_value       bigint,
  new_value       bigint,
  status          text NOT NULL CHECK (status IN ('applied', 'pending', 'confirmed', 'lapsed', 'cancelled',
                    'replaced')),
  requested_at    timestamptz NOT NULL,
  confirmable_at  timestamptz,
  lapses_at       timestamptz,
  decided_at      timestamptz
);
CREATE INDEX member_limit_changes_member ON member_limit_changes (member_id, id);
CREATE UNIQUE INDEX member_limit_changes_pending ON member_limit_changes (member_id, limit_key)
  WHERE status = 'pending';

CREATE TYPE member_limit_refusal AS (
  limit_key   text,      -- which limit refused: deposit_day ... wager_month, session
  limit_value bigint,    -- the limit (minor units; minutes for session)
  used        bigint,    -- used in the period before this action (minutes since login for session)
  resets_at   timestamptz -- when the period ends (NULL for session: it ends with the session)
);

-- Checks and counts one action of a member at p_now: p_deposit (a deposit), p_wager (a stake; negative: a refund),
-- p_loss (a stake; negative: a win or refund), p_session (a bet or launch: the session time limit applies). With
-- p_enforce, the first limit the action would pass (longest period first, so its reset is when the action can
-- pass again) is answered and nothing changes; with p_apply the counters take the action. NULL: allowed.
CREATE FUNCTION member_limit_use(
  p_member_id integer, p_deposit bigint, p_wager bigint, p_loss bigint, p_session boolean,
  p_now timestamptz, p_enforce boolean, p_apply boolean
) RETURNS member_limit_refusal LANGUAGE plpgsql AS $$
DECLARE
  l member_limits;
  v_tz text;
  v_local timestamp;
  v_day timestamptz;
  v_week timestamptz;
  v_month timestamptz;
  v_started timestamptz;
  r member_limit_refusal;
BEGIN
  SELECT * INTO l FROM member_limits WHERE member_id = p_member_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  v_tz := l.time_zone;
  v_local := p_now AT TIME ZONE v_tz;
  v_day := date_trunc('day', v_local) AT TIME ZONE v_tz;
  v_week := date_trunc('week', v_local) AT TIME ZONE v_tz;
  v_month := date_trunc('month', v_local) AT TIME ZONE v_tz;
  IF l.day_start <> v_day THEN
    l.day_start := v_day; l.deposit_day_used := 0; l.loss_day_used := 0; l.wager_day_used := 0;
  END IF;
  IF l.week_start <> v_week THEN
    l.week_start := v_week; l.deposit_week_used := 0; l.loss_week_used := 0; l.wager_week_used := 0;
  END IF;
  IF l.month_start <> v_month THEN
    l.month_start := v_month; l.deposit_month_used := 0; l.loss_month_used := 0; l.wager_month_used := 0;
  END IF;

  IF p_enforce THEN
    IF p_session AND l.session_minutes IS NOT NULL THEN
      SELECT max(s.created_at) INTO v_started FROM member_sessions s
       WHERE s.member_id = p_member_id AND s.revoked_at IS NULL;
      IF v_started IS NOT NULL AND p_now >= v_started + make_interval(mins => l.session_minutes) THEN
        r := ROW('session', l.session_minutes, floor(extract(epoch FROM p_now - v_started) / 60), NULL);
        RETURN r;
      END IF;
    END IF;
    IF p_deposit > 0 THEN
      IF l.deposit_month IS NOT NULL AND l.deposit_month_used + p_deposit > l.deposit_month THEN
        r := ROW('deposit_month', l.deposit_month, l.deposit_month_used,
          (date_trunc('month', v_local) + interval '1 month') AT TIME ZONE v_tz);
        RETURN r;
      ELSIF l.deposit_week IS NOT NULL AND l.deposit_week_used + p_deposit > l.deposit_week THEN
        r := ROW('deposit_week', l.deposit_week, l.deposit_week_used,
          (date_trunc('week', v_local) + interval '1 week') AT TIME ZONE v_tz);
        RETURN r;
      ELSIF l.deposit_day IS NOT NULL AND l.deposit_day_used + p_deposit > l.deposit_day THEN
        r := ROW('deposit_day', l.deposit_day, l.deposit_day_used,
          (date_trunc('day', v_local) + interval '1 day') AT TIME ZONE v_tz);
        RETURN r;
      END IF;
    END IF;
    IF p_loss > 0 THEN
      IF l.loss_month IS NOT NULL AND l.loss_month_used + p_loss > l.loss_month THEN
        r := ROW('loss_month', l.loss_month, l.loss_month_used,
          (date_trunc('month', v_local) + interval '1 month') AT TIME ZONE v_tz);
        RETURN r;
      ELSIF l.loss_week IS NOT NULL AND l.loss_week_used + p_loss > l.loss_week THEN
        r := ROW('loss_week', l.loss_week, l.loss_week_used,
          (date_trunc('week', v_local) + interval '1 week') AT TIME ZONE v_tz);
        RETURN r;
      ELSIF l.loss_day IS NOT NULL AND l.loss_day_used + p_loss > l.loss_day THEN
        r := ROW('loss_day', l.loss_day, l.loss_day_used,
          (date_trunc('day', v_local) + interval '1 day') AT TIME ZONE v_tz);
        RETURN r;
      END IF;
    END IF;
    IF p_wager > 0 THEN
      IF l.wager_month IS NOT NULL AND l.wager_month_used + p_wager > l.wager_month THEN
        r := ROW('wager_month', l.wager_month, l.wager_month_used,
          (date_trunc('month', v_local) + interval '1 month') AT TIME ZONE v_tz);
        RETURN r;
      ELSIF l.wager_week IS NOT NULL AND l.wager_week_used + p_wager > l.wager_week THEN
        r := ROW('wager_week', l.wager_week, l.wager_week_used,
          (date_trunc('week', v_local) + interval '1 week') AT TIME ZONE v_tz);
        RETURN r;
      ELSIF l.wager_day IS NOT NULL AND l.wager_day_used + p_wager > l.wager_day THEN
        r := ROW('wager_day', l.wager_day, l.wager_day_used,
          (date_trunc('day', v_local) + interval '1 day') AT TIME ZONE v_tz);
        RETURN r;
      END IF;
    END IF;
  END IF;

  IF p_apply THEN
    UPDATE member_limits SET
      day_start = l.day_start, week_start = l.week_start, month_start = l.month_start,
      deposit_day_used = l.deposit_day_used + p_deposit,
      deposit_week_used = l.deposit_week_used + p_deposit,
      deposit_month_used = l.deposit_month_used + p_deposit,
      loss_day_used = l.loss_day_used + p_loss,
      loss_week_used = l.loss_week_used + p_loss,
      loss_month_used = l.loss_month_used + p_loss,
      wager_day_used = l.wager_day_used + p_wager,
      wager_week_used = l.wager_week_used + p_wager,
      wager_month_used = l.wager_month_used + p_wager
    WHERE member_id = p_member_id;
  END IF;
  RETURN NULL;
END;
$$;

-- As in 041, with the player's limits (above) checked before a real bet's money, in the same transaction, and a
-- real win counted against the loss limits: a bet over a limit is answered `limit_refused` with the limit's key in
-- claim_kind, and nothing of it is written but its nonce.
CREATE OR REPLACE FUNCTION vendor_post_batch(
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
  v_limit member_limit_refusal;
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
    -- The player's limits: a real-money bet is checked (session time, loss and wager per period) before its money.
    IF r.status IS NULL AND p_kinds[i] = 'bet' AND NOT p_demos[i] THEN
      v_limit := member_limit_use(p_member_ids[i], 0, p_claim_amounts[i], p_claim_amounts[i], true,
        clock_timestamp(), true, false);
      IF v_limit.limit_key IS NOT NULL THEN
        r.status := 'limit_refused';
        r.claim_kind := v_limit.limit_key;
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
            coalesce(p_game_node_ids[i], CASE WHEN v_free_round THEN
              (SELECT s.game_node_id FROM game_sessions s WHERE s.id = p_session_ids[i]) END),
            p_claim_amounts[i], p_demos[i], p_claim_hashes[i], r.entry_id, r.balance, v_free_round)
          ON CONFLICT (vendor_code, transaction_id) DO NOTHING;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'vendor transaction % % was claimed while its money moved', p_vendor_codes[i],
            p_transaction_ids[i] USING ERRCODE = 'serialization_failure';
        END IF;
        -- Counted once its money moved: a bet adds to wagers and losses, a win takes from losses.
        IF NOT p_demos[i] AND p_claim_amounts[i] > 0 THEN
          IF p_kinds[i] = 'bet' THEN
            PERFORM member_limit_use(p_member_ids[i], 0, p_claim_amounts[i], p_claim_amounts[i], false,
              clock_timestamp(), false, true);
          ELSIF p_kinds[i] = 'win' THEN
            PERFORM member_limit_use(p_member_ids[i], 0, 0, -p_claim_amounts[i], false, clock_timestamp(), false,
              true);
          END IF;
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
