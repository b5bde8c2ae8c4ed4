-- Each merchant's one currency (issue 19 item 3, docs/decisions/061-currencies.md). The merchant's settings carry the
-- ISO 4217 code (whitelabel.currency); its exponent and symbol come from packages/contracts/src/currencies.ts, so the
-- stored exponent goes and the stored symbol stays only as the merchant's own override (null: the currency's).
-- Merchants made before currencies were chosen traded in pesos: they get PHP.
UPDATE merchants
   SET settings = jsonb_set(
         settings,
         '{whitelabel}',
         ((settings -> 'whitelabel') - 'currencyExponent')
           || jsonb_build_object(
                'currency', coalesce(settings #>> '{whitelabel,currency}', 'PHP'),
                'currencySymbol',
                CASE WHEN settings #>> '{whitelabel,currencySymbol}' IN ('P', '₱') THEN NULL
                     ELSE settings #> '{whitelabel,currencySymbol}' END))
 WHERE settings ? 'whitelabel';

-- The code as a column the ledger can refer to: one source of truth (the settings document), read by the database.
ALTER TABLE merchants
  ADD COLUMN currency text GENERATED ALWAYS AS (settings #>> '{whitelabel,currency}') STORED;
ALTER TABLE merchants ALTER COLUMN currency SET NOT NULL;
ALTER TABLE merchants ADD CONSTRAINT merchants_currency_code CHECK (currency ~ '^[A-Z]{3}$');
ALTER TABLE merchants ADD CONSTRAINT merchants_id_currency UNIQUE (id, currency);

-- Every ledger account is in its merchant's currency: an account in another one cannot be opened, and a merchant's
-- currency cannot change once it has accounts (the settings update fails on this key: currency_locked). With
-- ledger_post's and the commit-time check's "one currency per entry" (003), no entry can mix currencies, and there are
-- no conversions.
ALTER TABLE ledger_accounts
  ADD CONSTRAINT ledger_accounts_merchant_currency
  FOREIGN KEY (merchant_id, currency) REFERENCES merchants (id, currency);

-- ledger_open_account() with a null currency opens the account in the merchant's currency (the wallet's default, so
-- no caller has to know it). Otherwise 003's, whole, with 030's setting.
CREATE OR REPLACE FUNCTION ledger_open_account(
  p_merchant_id integer, p_kind text, p_member_id integer, p_vendor_code text, p_currency text,
  p_trial boolean, p_shards smallint
) RETURNS TABLE (account_id bigint, trial boolean, shards smallint) LANGUAGE plpgsql SET enable_seqscan = off AS $$
#variable_conflict use_variable
DECLARE
  v_id bigint;
  v_currency text := p_currency;
BEGIN
  IF v_currency IS NULL THEN
    SELECT m.currency INTO v_currency FROM merchants m WHERE m.id = p_merchant_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'merchant % not found', p_merchant_id USING ERRCODE = 'foreign_key_violation';
    END IF;
  END IF;
  FOR attempt IN 1..2 LOOP
    RETURN QUERY
      SELECT a.id, a.trial, a.shards FROM ledger_accounts a
       WHERE a.merchant_id = p_merchant_id AND a.kind = p_kind
         AND coalesce(a.member_id, 0) = coalesce(p_member_id, 0)
         AND coalesce(a.vendor_code, '') = coalesce(p_vendor_code, '') AND a.currency = v_currency;
    IF FOUND THEN RETURN; END IF;
    INSERT INTO ledger_accounts (merchant_id, kind, member_id, vendor_code, currency, trial, shards)
    VALUES (p_merchant_id, p_kind, p_member_id, p_vendor_code, v_currency, p_trial, p_shards)
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
