-- The money ledger (docs/decisions/004-ledger.md). Every money movement is one entry of postings that sum to zero,
-- under an idempotency key unique per merchant, written in one transaction with the balance projections.
-- Only the wallet module writes these tables, and only through ledger_open_account() and ledger_post().
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18): nothing newer than 15 here.

-- An account: a member's wallet, or one of the house's accounts. Immutable once created.
-- Member accounts keep member_id as a plain integer: the members migration adds the foreign key.
CREATE TABLE ledger_accounts (
  id               bigserial PRIMARY KEY,
  merchant_id      integer NOT NULL REFERENCES merchants (id),
  kind             text NOT NULL CHECK (kind IN (
                     'member_main', 'member_vendor',
                     'house_deposit_clearing', 'house_withdrawal_clearing', 'house_vendor',
                     'house_promotion_expense', 'house_agent_commission_expense', 'house_adjustment',
                     'house_trial')),
  member_id        integer,
  vendor_code      text CHECK (vendor_code ~ '^[A-Z0-9_]{2,32}$'),
  currency         text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  -- Demo money of free-play members: an entry never mixes trial and real accounts.
  trial            boolean NOT NULL,
  -- House accounts are split into this many balance rows, so that no single row is hot.
  shards           smallint NOT NULL CHECK (shards BETWEEN 1 AND 256),
  may_go_negative  boolean GENERATED ALWAYS AS (kind NOT IN ('member_main', 'member_vendor')) STORED,
  created_at       timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind IN ('member_main', 'member_vendor')) = (member_id IS NOT NULL)),
  CHECK ((kind IN ('member_vendor', 'house_vendor')) = (vendor_code IS NOT NULL)),
  CHECK (kind IN ('member_main', 'member_vendor') OR trial = (kind = 'house_trial')),
  CHECK (kind NOT IN ('member_main', 'member_vendor') OR shards = 1),
  -- The target of ledger_balances' foreign key, so a balance row carries its account's rule.
  UNIQUE (id, may_go_negative)
);
CREATE UNIQUE INDEX ledger_accounts_identity
  ON ledger_accounts (merchant_id, kind, coalesce(member_id, 0), coalesce(vendor_code, ''), currency);
CREATE INDEX ledger_accounts_member ON ledger_accounts (member_id) WHERE member_id IS NOT NULL;

-- The balance projection: one row per account and shard (members have one shard). may_go_negative is copied from
-- the account through the composite foreign key, so the CHECK below is the database's own guarantee that a
-- member balance never goes negative. The bounds keep every balance a safe JavaScript integer.
CREATE TABLE ledger_balances (
  account_id       bigint NOT NULL,
  shard            smallint NOT NULL CHECK (shard >= 0),
  may_go_negative  boolean NOT NULL,
  balance          bigint NOT NULL DEFAULT 0 CHECK (balance BETWEEN -9007199254740991 AND 9007199254740991),
  version          bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, shard),
  FOREIGN KEY (account_id, may_go_negative) REFERENCES ledger_accounts (id, may_go_negative),
  CONSTRAINT ledger_balances_not_negative CHECK (may_go_negative OR balance >= 0)
) WITH (fillfactor = 50); -- room on each page for HOT updates of balance rows

-- One money movement. No foreign key to merchants on purpose: its check would share-lock the merchant row in
-- every entry (a hot row); the commit-time check below proves every posting's account is the entry's merchant's.
CREATE TABLE ledger_entries (
  id                 bigserial PRIMARY KEY,
  merchant_id        integer NOT NULL,
  idempotency_key    text NOT NULL CHECK (idempotency_key ~ '^[\x21-\x7e]{1,200}$'),
  request_hash       bytea NOT NULL CHECK (length(request_hash) = 32),
  type               text NOT NULL CHECK (type ~ '^[a-z][a-z_]{1,39}$'),
  reverses_entry_id  bigint UNIQUE REFERENCES ledger_entries (id),
  memo               text CHECK (length(memo) <= 500),
  actor_type         text NOT NULL CHECK (actor_type IN ('operator', 'member', 'system', 'vendor')),
  actor_id           integer,
  created_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_id, idempotency_key),
  CHECK (reverses_entry_id IS NULL OR reverses_entry_id < id)
);

-- The lines of an entry. shard says which balance row of the account it moved; balance_after is that row's balance
-- after this posting (a member's balance after it; a house shard's running total otherwise).
CREATE TABLE ledger_postings (
  entry_id       bigint NOT NULL,
  line           smallint NOT NULL CHECK (line >= 1),
  account_id     bigint NOT NULL,
  shard          smallint NOT NULL CHECK (shard >= 0),
  amount         bigint NOT NULL CHECK (amount <> 0),
  balance_after  bigint NOT NULL,
  PRIMARY KEY (entry_id, line)
);
CREATE INDEX ledger_postings_account ON ledger_postings (account_id, entry_id);

-- Append-only: entries, postings and accounts are never updated or deleted; a correction is a reversing entry.
CREATE TRIGGER ledger_accounts_append_only BEFORE UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION forbid_change();
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION forbid_change();
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION forbid_change();
-- Balance rows change value but never identity, and are never removed.
CREATE TRIGGER ledger_balances_fixed_identity BEFORE UPDATE OF account_id, shard, may_go_negative ON ledger_balances
  FOR EACH ROW EXECUTE FUNCTION forbid_change();
CREATE TRIGGER ledger_balances_no_delete BEFORE DELETE ON ledger_balances
  FOR EACH ROW EXECUTE FUNCTION forbid_change();
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION forbid_change();
CREATE TRIGGER ledger_balances_no_truncate BEFORE TRUNCATE ON ledger_balances
  FOR EACH STATEMENT EXECUTE FUNCTION forbid_change();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION forbid_change();
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
  FOR EACH STATEMENT EXECUTE FUNCTION forbid_change();

-- Postings may only be added to an entry created in the same transaction (never to an old, settled entry).
CREATE FUNCTION ledger_postings_join_new_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM new_postings n LEFT JOIN ledger_entries e ON e.id = n.entry_id
    WHERE e.id IS NULL OR e.created_at <> now()
  ) THEN
    RAISE EXCEPTION 'ledger postings must belong to an entry created in the same transaction'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER ledger_postings_new_entry AFTER INSERT ON ledger_postings
  REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION ledger_postings_join_new_entry();

-- At commit, every entry written in the transaction has two or more postings that sum to zero, on existing
-- accounts of the entry's merchant, all in one currency and all real or all trial money.
CREATE FUNCTION ledger_entry_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  SELECT count(*) AS postings, coalesce(sum(p.amount), 0) AS total, count(a.id) AS known,
         count(DISTINCT a.currency) AS currencies, count(DISTINCT a.trial) AS realms,
         coalesce(bool_and(a.merchant_id = NEW.merchant_id AND p.shard < a.shards), false) AS placed
    INTO c
    FROM ledger_postings p LEFT JOIN ledger_accounts a ON a.id = p.account_id
   WHERE p.entry_id = NEW.id;
  IF c.postings < 2 OR c.total <> 0 OR c.known <> c.postings OR c.currencies <> 1 OR c.realms <> 1
     OR NOT c.placed THEN
    RAISE EXCEPTION 'ledger entry % does not balance (% postings, total %)', NEW.id, c.postings, c.total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER ledger_entries_balance AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_balances();

-- Opens (or finds) an account and its balance rows; safe when several sessions open the same account at once.
CREATE FUNCTION ledger_open_account(
  p_merchant_id integer, p_kind text, p_member_id integer, p_vendor_code text, p_currency text,
  p_trial boolean, p_shards smallint
) RETURNS TABLE (account_id bigint, trial boolean, shards smallint) LANGUAGE plpgsql AS $$
#variable_conflict use_variable
DECLARE
  v_id bigint;
BEGIN
  FOR attempt IN 1..2 LOOP
    RETURN QUERY
      SELECT a.id, a.trial, a.shards FROM ledger_accounts a
       WHERE a.merchant_id = p_merchant_id AND a.kind = p_kind
         AND coalesce(a.member_id, 0) = coalesce(p_member_id, 0)
         AND coalesce(a.vendor_code, '') = coalesce(p_vendor_code, '') AND a.currency = p_currency;
    IF FOUND THEN RETURN; END IF;
    INSERT INTO ledger_accounts (merchant_id, kind, member_id, vendor_code, currency, trial, shards)
    VALUES (p_merchant_id, p_kind, p_member_id, p_vendor_code, p_currency, p_trial, p_shards)
    ON CONFLICT DO NOTHING
    RETURNING id INTO v_id;
    IF v_id IS NOT NULL THEN
      INSERT INTO ledger_balances (account_id, shard, may_go_negative)
      SELECT v_id, s, a.may_go_negative FROM ledger_accounts a, generate_series(0, p_shards - 1) s
       WHERE a.id = v_id;
      RETURN QUERY SELECT v_id, p_trial, p_shards;
      RETURN;
    END IF;
    -- Another session created it a moment ago: read it on the next pass.
  END LOOP;
END;
$$;

CREATE TYPE ledger_post_result AS (
  status          text,      -- posted, replayed, idempotency_conflict, insufficient_funds, balance_over_limit,
                             -- account_not_found, accounts_mixed, unbalanced, duplicate_account, already_reversed
  entry_id        bigint,
  created_at      timestamptz,
  failed_account  bigint,
  shards          smallint[],
  balances_after  bigint[]
);

-- The result of an entry already written under this key: itself when the request is the same, else a conflict.
CREATE FUNCTION ledger_replay(p_entry_id bigint, p_same_request boolean) RETURNS ledger_post_result
LANGUAGE plpgsql AS $$
DECLARE
  r ledger_post_result;
BEGIN
  IF NOT p_same_request THEN
    r.status := 'idempotency_conflict';
    r.entry_id := p_entry_id;
    RETURN r;
  END IF;
  r.status := 'replayed';
  r.entry_id := p_entry_id;
  SELECT e.created_at INTO r.created_at FROM ledger_entries e WHERE e.id = p_entry_id;
  SELECT array_agg(p.shard ORDER BY p.line),
         array_agg(CASE WHEN a.shards > 1 THEN NULL ELSE p.balance_after END ORDER BY p.line)
    INTO r.shards, r.balances_after
    FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE p.entry_id = p_entry_id;
  RETURN r;
END;
$$;

-- Writes one entry: the wallet service's only way to move money. One round trip, and it never raises for a
-- refusal (insufficient funds, a used key): it answers a status and writes nothing, so a caller's transaction stays
-- usable. Member rows are locked in account order; a house account takes whichever of its shards is free.
CREATE FUNCTION ledger_post(
  p_merchant_id integer, p_key text, p_request_hash bytea, p_type text, p_memo text,
  p_actor_type text, p_actor_id integer, p_reverses bigint, p_accounts bigint[], p_amounts bigint[]
) RETURNS ledger_post_result LANGUAGE plpgsql AS $$
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
    v_start := floor(random() * v_multi_shards[v_j])::integer;
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

-- Many entries in one transaction and one round trip: the wallet's group commit for entries that commit on their
-- own. Every member row the batch touches is locked first, in account order, so that batches never deadlock one
-- another and each entry then finds its rows already held. Entry i has postings p_counts[i] long, in order.
CREATE FUNCTION ledger_post_batch(
  p_merchant_ids integer[], p_keys text[], p_hashes bytea[], p_types text[], p_memos text[],
  p_actor_types text[], p_actor_ids integer[], p_reverses bigint[], p_counts integer[],
  p_accounts bigint[], p_amounts bigint[]
) RETURNS SETOF ledger_post_result LANGUAGE plpgsql AS $$
DECLARE
  v_start integer := 1;
  v_end integer;
BEGIN
  PERFORM 1 FROM ledger_balances b
   WHERE b.account_id IN (SELECT a.id FROM ledger_accounts a WHERE a.id = ANY (p_accounts) AND a.shards = 1)
     AND b.shard = 0
   ORDER BY b.account_id FOR UPDATE;
  FOR i IN 1 .. coalesce(cardinality(p_keys), 0) LOOP
    v_end := v_start + p_counts[i] - 1;
    RETURN NEXT ledger_post(p_merchant_ids[i], p_keys[i], p_hashes[i], p_types[i], p_memos[i], p_actor_types[i],
      p_actor_ids[i], p_reverses[i], p_accounts[v_start:v_end], p_amounts[v_start:v_end]);
    v_start := v_end + 1;
  END LOOP;
END;
$$;
