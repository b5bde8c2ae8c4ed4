-- Player limits: a cheaper member_limit_use() on every money path (issue 18's budget; decisions 046 and 050).
--
-- 1. The ten limits' positivity moves from ten CHECK constraints on member_limits to two domains. PostgreSQL checks a
--    table's CHECK constraints on every row an UPDATE writes, and rebuilds them from their stored form on every
--    execution of the statement, so each bet's counting UPDATE (migration 070), which never touches a limit,
--    paid for ten checks of values it did not change: about a quarter of the function's time. A domain's check runs
--    whenever a value is written into the column (INSERT, UPDATE ... SET, COPY), so every limit written is still
--    checked, with the same rule; the counters' UPDATE writes none and checks none.
-- 2. An action the fast path did not count (most often: a member without limits, who has no row) asks whether the
--    row exists with a plain probe before the locking read, instead of the locking read itself: a missing row locks
--    nothing either way, and the probe is the cheaper statement.
-- 3. The session limit's start, the login time of the member's live session (the latest, if several), is kept on
--    the member's limit row (session_started_at) by triggers instead of being looked up in member_sessions by every
--    bet: a sub-plan (an aggregate over an index scan) that every execution of the counting UPDATE set up, about
--    another quarter of its time. A session's INSERT, DELETE or change of member, login time or revocation sets the
--    row's copy again from member_sessions; a new limit row takes it from there when inserted. Both hold the
--    transaction-level advisory lock (88, member) first, so a first limit set while the member logs in elsewhere
--    reads the other's committed session (or the login reads the committed row), whichever comes second. The login
--    side takes the limit row's lock without a balance's; no transaction that writes sessions posts money, so the
--    lock order of decision 046 (balance, then limit row) still cannot cross.
-- The function is otherwise 070's, whole (PostgreSQL replaces a function only whole).
CREATE DOMAIN limit_amount AS bigint CHECK (VALUE > 0);
CREATE DOMAIN limit_minutes AS integer CHECK (VALUE > 0);

ALTER TABLE member_limits
  DROP CONSTRAINT member_limits_deposit_day_check,
  DROP CONSTRAINT member_limits_deposit_week_check,
  DROP CONSTRAINT member_limits_deposit_month_check,
  DROP CONSTRAINT member_limits_loss_day_check,
  DROP CONSTRAINT member_limits_loss_week_check,
  DROP CONSTRAINT member_limits_loss_month_check,
  DROP CONSTRAINT member_limits_wager_day_check,
  DROP CONSTRAINT member_limits_wager_week_check,
  DROP CONSTRAINT member_limits_wager_month_check,
  DROP CONSTRAINT member_limits_session_minutes_check,
  ALTER COLUMN deposit_day TYPE limit_amount,
  ALTER COLUMN deposit_week TYPE limit_amount,
  ALTER COLUMN deposit_month TYPE limit_amount,
  ALTER COLUMN loss_day TYPE limit_amount,
  ALTER COLUMN loss_week TYPE limit_amount,
  ALTER COLUMN loss_month TYPE limit_amount,
  ALTER COLUMN wager_day TYPE limit_amount,
  ALTER COLUMN wager_week TYPE limit_amount,
  ALTER COLUMN wager_month TYPE limit_amount,
  ALTER COLUMN session_minutes TYPE limit_minutes;

ALTER TABLE member_limits ADD COLUMN session_started_at timestamptz;
UPDATE member_limits l SET session_started_at =
  (SELECT max(s.created_at) FROM member_sessions s WHERE s.member_id = l.member_id AND s.revoked_at IS NULL);

/** Sets the member's limit row's copy of its live session's login time (NULL: no live session), if it has a row. */
CREATE FUNCTION member_limits_session_refresh(p_member_id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(88, p_member_id);
  UPDATE member_limits SET session_started_at = s.started
    FROM (SELECT max(created_at) AS started FROM member_sessions
           WHERE member_id = p_member_id AND revoked_at IS NULL) AS s
   WHERE member_id = p_member_id AND session_started_at IS DISTINCT FROM s.started;
END;
$$;

CREATE FUNCTION member_sessions_to_limits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM member_limits_session_refresh(OLD.member_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.member_id <> OLD.member_id) THEN
    PERFORM member_limits_session_refresh(NEW.member_id);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER member_sessions_to_limits
  AFTER INSERT OR DELETE OR UPDATE OF member_id, created_at, revoked_at ON member_sessions
  FOR EACH ROW EXECUTE FUNCTION member_sessions_to_limits();

CREATE FUNCTION member_limits_session_start() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(88, NEW.member_id);
  NEW.session_started_at := (SELECT max(s.created_at) FROM member_sessions s
                              WHERE s.member_id = NEW.member_id AND s.revoked_at IS NULL);
  RETURN NEW;
END;
$$;
CREATE TRIGGER member_limits_session_start BEFORE INSERT ON member_limits
  FOR EACH ROW EXECUTE FUNCTION member_limits_session_start();

CREATE OR REPLACE FUNCTION member_limit_use(
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
  -- The common case first: an action inside the row's current periods that passes every limit (or is only counted)
  -- is checked and counted by one UPDATE, which takes the row's lock itself (read committed checks the condition
  -- again on the newest row after waiting for another transaction of the member). No row, a new period (or ends
  -- not cut yet), or a refusal goes on to the full check below, which locks the row, cuts the periods in the
  -- member's zone and says which limit refused.
  IF p_apply THEN
    UPDATE member_limits SET
      deposit_day_used = deposit_day_used + p_deposit,
      deposit_week_used = deposit_week_used + p_deposit,
      deposit_month_used = deposit_month_used + p_deposit,
      loss_day_used = loss_day_used + p_loss,
      loss_week_used = loss_week_used + p_loss,
      loss_month_used = loss_month_used + p_loss,
      wager_day_used = wager_day_used + p_wager,
      wager_week_used = wager_week_used + p_wager,
      wager_month_used = wager_month_used + p_wager
    WHERE member_id = p_member_id
      AND p_now >= day_start AND p_now < day_end AND p_now >= week_start AND p_now < week_end
      AND p_now >= month_start AND p_now < month_end
      AND (NOT p_enforce OR (
        (NOT p_session OR session_minutes IS NULL
          OR coalesce(session_started_at + make_interval(mins => session_minutes) > p_now, true))
        AND (p_deposit <= 0 OR ((deposit_month IS NULL OR deposit_month_used + p_deposit <= deposit_month)
               AND (deposit_week IS NULL OR deposit_week_used + p_deposit <= deposit_week)
               AND (deposit_day IS NULL OR deposit_day_used + p_deposit <= deposit_day)))
        AND (p_loss <= 0 OR ((loss_month IS NULL OR loss_month_used + p_loss <= loss_month)
               AND (loss_week IS NULL OR loss_week_used + p_loss <= loss_week)
               AND (loss_day IS NULL OR loss_day_used + p_loss <= loss_day)))
        AND (p_wager <= 0 OR ((wager_month IS NULL OR wager_month_used + p_wager <= wager_month)
               AND (wager_week IS NULL OR wager_week_used + p_wager <= wager_week)
               AND (wager_day IS NULL OR wager_day_used + p_wager <= wager_day)))));
    IF FOUND THEN
      RETURN NULL;
    END IF;
  END IF;

  -- Not counted by the UPDATE: most such members have no row at all (no limit, no lock, nothing to count), which a
  -- plain probe answers more cheaply than the locking read below (a missing row locks nothing either way).
  IF p_apply AND NOT EXISTS (SELECT FROM member_limits WHERE member_id = p_member_id) THEN
    RETURN NULL;
  END IF;
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
      v_started := l.session_started_at;
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
      day_end = (date_trunc('day', v_local) + interval '1 day') AT TIME ZONE v_tz,
      week_end = (date_trunc('week', v_local) + interval '1 week') AT TIME ZONE v_tz,
      month_end = (date_trunc('month', v_local) + interval '1 month') AT TIME ZONE v_tz,
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
