-- The merchant key on every table that Citus would distribute by merchant (issue 20 item 2;
-- docs/decisions/063-sharding-by-merchant.md). Each table below belonged to a merchant only through its parent row;
-- it now carries merchant_id itself, backfilled from that parent, so that on a distributed PostgreSQL its rows can
-- live on the same shard as their parent's and every per-merchant query names the shard.
--
-- Writers do not have to change: a BEFORE INSERT trigger copies the parent's merchant_id when the insert does not
-- give one (on Citus, writers pass it themselves; the decision lists them). No foreign key to merchants: the parent
-- row's own reference already holds it, and a key share on the merchants row from every posting would make it hot.
-- The triggers look their parent up by primary key with sequential scans off, like the money functions: a
-- session keeps a PL/pgSQL statement's plan, and one made while the parent table was small would scan it for ever.
-- The backfill switches the tables' own triggers off for its one UPDATE (postings and points postings are
-- append-only to their writers, not to a migration that adds a copy of their parent's key).

-- member_devices: from members (member_id).
ALTER TABLE member_devices ADD COLUMN merchant_id integer;
ALTER TABLE member_devices DISABLE TRIGGER USER;
UPDATE member_devices AS c SET merchant_id = p.merchant_id FROM members AS p WHERE p.id = c.member_id;
ALTER TABLE member_devices ENABLE TRIGGER USER;
ALTER TABLE member_devices ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION member_devices_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM members AS p WHERE p.id = NEW.member_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER member_devices_merchant_key BEFORE INSERT ON member_devices FOR EACH ROW EXECUTE FUNCTION member_devices_merchant_key();

-- member_favourite_games: from members (member_id).
ALTER TABLE member_favourite_games ADD COLUMN merchant_id integer;
ALTER TABLE member_favourite_games DISABLE TRIGGER USER;
UPDATE member_favourite_games AS c SET merchant_id = p.merchant_id FROM members AS p WHERE p.id = c.member_id;
ALTER TABLE member_favourite_games ENABLE TRIGGER USER;
ALTER TABLE member_favourite_games ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION member_favourite_games_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM members AS p WHERE p.id = NEW.member_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER member_favourite_games_merchant_key BEFORE INSERT ON member_favourite_games FOR EACH ROW EXECUTE FUNCTION member_favourite_games_merchant_key();

-- member_known_ips: from members (member_id).
ALTER TABLE member_known_ips ADD COLUMN merchant_id integer;
ALTER TABLE member_known_ips DISABLE TRIGGER USER;
UPDATE member_known_ips AS c SET merchant_id = p.merchant_id FROM members AS p WHERE p.id = c.member_id;
ALTER TABLE member_known_ips ENABLE TRIGGER USER;
ALTER TABLE member_known_ips ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION member_known_ips_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM members AS p WHERE p.id = NEW.member_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER member_known_ips_merchant_key BEFORE INSERT ON member_known_ips FOR EACH ROW EXECUTE FUNCTION member_known_ips_merchant_key();

-- member_upline_changes: from members (member_id).
ALTER TABLE member_upline_changes ADD COLUMN merchant_id integer;
ALTER TABLE member_upline_changes DISABLE TRIGGER USER;
UPDATE member_upline_changes AS c SET merchant_id = p.merchant_id FROM members AS p WHERE p.id = c.member_id;
ALTER TABLE member_upline_changes ENABLE TRIGGER USER;
ALTER TABLE member_upline_changes ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION member_upline_changes_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM members AS p WHERE p.id = NEW.member_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER member_upline_changes_merchant_key BEFORE INSERT ON member_upline_changes FOR EACH ROW EXECUTE FUNCTION member_upline_changes_merchant_key();

-- password_reset_tokens: from members (member_id).
ALTER TABLE password_reset_tokens ADD COLUMN merchant_id integer;
ALTER TABLE password_reset_tokens DISABLE TRIGGER USER;
UPDATE password_reset_tokens AS c SET merchant_id = p.merchant_id FROM members AS p WHERE p.id = c.member_id;
ALTER TABLE password_reset_tokens ENABLE TRIGGER USER;
ALTER TABLE password_reset_tokens ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION password_reset_tokens_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM members AS p WHERE p.id = NEW.member_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER password_reset_tokens_merchant_key BEFORE INSERT ON password_reset_tokens FOR EACH ROW EXECUTE FUNCTION password_reset_tokens_merchant_key();

-- points_accrual_carry: from members (member_id).
ALTER TABLE points_accrual_carry ADD COLUMN merchant_id integer;
ALTER TABLE points_accrual_carry DISABLE TRIGGER USER;
UPDATE points_accrual_carry AS c SET merchant_id = p.merchant_id FROM members AS p WHERE p.id = c.member_id;
ALTER TABLE points_accrual_carry ENABLE TRIGGER USER;
ALTER TABLE points_accrual_carry ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION points_accrual_carry_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM members AS p WHERE p.id = NEW.member_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER points_accrual_carry_merchant_key BEFORE INSERT ON points_accrual_carry FOR EACH ROW EXECUTE FUNCTION points_accrual_carry_merchant_key();

-- sports_member_settings: from members (member_id).
ALTER TABLE sports_member_settings ADD COLUMN merchant_id integer;
ALTER TABLE sports_member_settings DISABLE TRIGGER USER;
UPDATE sports_member_settings AS c SET merchant_id = p.merchant_id FROM members AS p WHERE p.id = c.member_id;
ALTER TABLE sports_member_settings ENABLE TRIGGER USER;
ALTER TABLE sports_member_settings ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION sports_member_settings_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM members AS p WHERE p.id = NEW.member_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER sports_member_settings_merchant_key BEFORE INSERT ON sports_member_settings FOR EACH ROW EXECUTE FUNCTION sports_member_settings_merchant_key();

-- rebate_payouts: from members (member_id).
ALTER TABLE rebate_payouts ADD COLUMN merchant_id integer;
ALTER TABLE rebate_payouts DISABLE TRIGGER USER;
UPDATE rebate_payouts AS c SET merchant_id = p.merchant_id FROM members AS p WHERE p.id = c.member_id;
ALTER TABLE rebate_payouts ENABLE TRIGGER USER;
ALTER TABLE rebate_payouts ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION rebate_payouts_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM members AS p WHERE p.id = NEW.member_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER rebate_payouts_merchant_key BEFORE INSERT ON rebate_payouts FOR EACH ROW EXECUTE FUNCTION rebate_payouts_merchant_key();

-- member_tree: from members (descendant_id).
ALTER TABLE member_tree ADD COLUMN merchant_id integer;
ALTER TABLE member_tree DISABLE TRIGGER USER;
UPDATE member_tree AS c SET merchant_id = p.merchant_id FROM members AS p WHERE p.id = c.descendant_id;
ALTER TABLE member_tree ENABLE TRIGGER USER;
ALTER TABLE member_tree ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION member_tree_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM members AS p WHERE p.id = NEW.descendant_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER member_tree_merchant_key BEFORE INSERT ON member_tree FOR EACH ROW EXECUTE FUNCTION member_tree_merchant_key();

-- announcement_popup_seen: from announcements (announcement_id).
ALTER TABLE announcement_popup_seen ADD COLUMN merchant_id integer;
ALTER TABLE announcement_popup_seen DISABLE TRIGGER USER;
UPDATE announcement_popup_seen AS c SET merchant_id = p.merchant_id FROM announcements AS p WHERE p.id = c.announcement_id;
ALTER TABLE announcement_popup_seen ENABLE TRIGGER USER;
ALTER TABLE announcement_popup_seen ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION announcement_popup_seen_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM announcements AS p WHERE p.id = NEW.announcement_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER announcement_popup_seen_merchant_key BEFORE INSERT ON announcement_popup_seen FOR EACH ROW EXECUTE FUNCTION announcement_popup_seen_merchant_key();

-- broadcast_recipients: from broadcasts (broadcast_id).
ALTER TABLE broadcast_recipients ADD COLUMN merchant_id integer;
ALTER TABLE broadcast_recipients DISABLE TRIGGER USER;
UPDATE broadcast_recipients AS c SET merchant_id = p.merchant_id FROM broadcasts AS p WHERE p.id = c.broadcast_id;
ALTER TABLE broadcast_recipients ENABLE TRIGGER USER;
ALTER TABLE broadcast_recipients ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION broadcast_recipients_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM broadcasts AS p WHERE p.id = NEW.broadcast_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER broadcast_recipients_merchant_key BEFORE INSERT ON broadcast_recipients FOR EACH ROW EXECUTE FUNCTION broadcast_recipients_merchant_key();

-- chat_messages: from chat_conversations (conversation_id).
ALTER TABLE chat_messages ADD COLUMN merchant_id integer;
ALTER TABLE chat_messages DISABLE TRIGGER USER;
UPDATE chat_messages AS c SET merchant_id = p.merchant_id FROM chat_conversations AS p WHERE p.id = c.conversation_id;
ALTER TABLE chat_messages ENABLE TRIGGER USER;
ALTER TABLE chat_messages ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION chat_messages_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM chat_conversations AS p WHERE p.id = NEW.conversation_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER chat_messages_merchant_key BEFORE INSERT ON chat_messages FOR EACH ROW EXECUTE FUNCTION chat_messages_merchant_key();

-- contract_bill_payments: from contract_bills (bill_id).
ALTER TABLE contract_bill_payments ADD COLUMN merchant_id integer;
ALTER TABLE contract_bill_payments DISABLE TRIGGER USER;
UPDATE contract_bill_payments AS c SET merchant_id = p.merchant_id FROM contract_bills AS p WHERE p.id = c.bill_id;
ALTER TABLE contract_bill_payments ENABLE TRIGGER USER;
ALTER TABLE contract_bill_payments ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION contract_bill_payments_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM contract_bills AS p WHERE p.id = NEW.bill_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER contract_bill_payments_merchant_key BEFORE INSERT ON contract_bill_payments FOR EACH ROW EXECUTE FUNCTION contract_bill_payments_merchant_key();

-- feedback_images: from feedback (feedback_id).
ALTER TABLE feedback_images ADD COLUMN merchant_id integer;
ALTER TABLE feedback_images DISABLE TRIGGER USER;
UPDATE feedback_images AS c SET merchant_id = p.merchant_id FROM feedback AS p WHERE p.id = c.feedback_id;
ALTER TABLE feedback_images ENABLE TRIGGER USER;
ALTER TABLE feedback_images ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION feedback_images_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM feedback AS p WHERE p.id = NEW.feedback_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER feedback_images_merchant_key BEFORE INSERT ON feedback_images FOR EACH ROW EXECUTE FUNCTION feedback_images_merchant_key();

-- fish_waves: from fish_rooms (room_id).
ALTER TABLE fish_waves ADD COLUMN merchant_id integer;
ALTER TABLE fish_waves DISABLE TRIGGER USER;
UPDATE fish_waves AS c SET merchant_id = p.merchant_id FROM fish_rooms AS p WHERE p.id = c.room_id;
ALTER TABLE fish_waves ENABLE TRIGGER USER;
ALTER TABLE fish_waves ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION fish_waves_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM fish_rooms AS p WHERE p.id = NEW.room_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER fish_waves_merchant_key BEFORE INSERT ON fish_waves FOR EACH ROW EXECUTE FUNCTION fish_waves_merchant_key();

-- ledger_balances: from ledger_accounts (account_id).
ALTER TABLE ledger_balances ADD COLUMN merchant_id integer;
ALTER TABLE ledger_balances DISABLE TRIGGER USER;
UPDATE ledger_balances AS c SET merchant_id = p.merchant_id FROM ledger_accounts AS p WHERE p.id = c.account_id;
ALTER TABLE ledger_balances ENABLE TRIGGER USER;
ALTER TABLE ledger_balances ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION ledger_balances_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM ledger_accounts AS p WHERE p.id = NEW.account_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER ledger_balances_merchant_key BEFORE INSERT ON ledger_balances FOR EACH ROW EXECUTE FUNCTION ledger_balances_merchant_key();

-- ledger_postings: from ledger_entries (entry_id).
ALTER TABLE ledger_postings ADD COLUMN merchant_id integer;
ALTER TABLE ledger_postings DISABLE TRIGGER USER;
UPDATE ledger_postings AS c SET merchant_id = p.merchant_id FROM ledger_entries AS p WHERE p.id = c.entry_id;
ALTER TABLE ledger_postings ENABLE TRIGGER USER;
ALTER TABLE ledger_postings ALTER COLUMN merchant_id SET NOT NULL;
-- Written by ledger_post itself (below), not by a trigger: the ledger's hot path pays no extra call per posting.

-- lottery_exposure: from lottery_draws (draw_id).
ALTER TABLE lottery_exposure ADD COLUMN merchant_id integer;
ALTER TABLE lottery_exposure DISABLE TRIGGER USER;
UPDATE lottery_exposure AS c SET merchant_id = p.merchant_id FROM lottery_draws AS p WHERE p.id = c.draw_id;
ALTER TABLE lottery_exposure ENABLE TRIGGER USER;
ALTER TABLE lottery_exposure ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION lottery_exposure_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM lottery_draws AS p WHERE p.id = NEW.draw_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER lottery_exposure_merchant_key BEFORE INSERT ON lottery_exposure FOR EACH ROW EXECUTE FUNCTION lottery_exposure_merchant_key();

-- lottery_result_entries: from lottery_draws (draw_id).
ALTER TABLE lottery_result_entries ADD COLUMN merchant_id integer;
ALTER TABLE lottery_result_entries DISABLE TRIGGER USER;
UPDATE lottery_result_entries AS c SET merchant_id = p.merchant_id FROM lottery_draws AS p WHERE p.id = c.draw_id;
ALTER TABLE lottery_result_entries ENABLE TRIGGER USER;
ALTER TABLE lottery_result_entries ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION lottery_result_entries_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM lottery_draws AS p WHERE p.id = NEW.draw_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER lottery_result_entries_merchant_key BEFORE INSERT ON lottery_result_entries FOR EACH ROW EXECUTE FUNCTION lottery_result_entries_merchant_key();

-- points_postings: from points_entries (entry_id).
ALTER TABLE points_postings ADD COLUMN merchant_id integer;
ALTER TABLE points_postings DISABLE TRIGGER USER;
UPDATE points_postings AS c SET merchant_id = p.merchant_id FROM points_entries AS p WHERE p.id = c.entry_id;
ALTER TABLE points_postings ENABLE TRIGGER USER;
ALTER TABLE points_postings ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION points_postings_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM points_entries AS p WHERE p.id = NEW.entry_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER points_postings_merchant_key BEFORE INSERT ON points_postings FOR EACH ROW EXECUTE FUNCTION points_postings_merchant_key();

-- promotion_application_images: from promotion_applications (application_id).
ALTER TABLE promotion_application_images ADD COLUMN merchant_id integer;
ALTER TABLE promotion_application_images DISABLE TRIGGER USER;
UPDATE promotion_application_images AS c SET merchant_id = p.merchant_id FROM promotion_applications AS p WHERE p.id = c.application_id;
ALTER TABLE promotion_application_images ENABLE TRIGGER USER;
ALTER TABLE promotion_application_images ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION promotion_application_images_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM promotion_applications AS p WHERE p.id = NEW.application_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER promotion_application_images_merchant_key BEFORE INSERT ON promotion_application_images FOR EACH ROW EXECUTE FUNCTION promotion_application_images_merchant_key();

-- promotion_claim_marks: from promotions (promotion_id).
ALTER TABLE promotion_claim_marks ADD COLUMN merchant_id integer;
ALTER TABLE promotion_claim_marks DISABLE TRIGGER USER;
UPDATE promotion_claim_marks AS c SET merchant_id = p.merchant_id FROM promotions AS p WHERE p.id = c.promotion_id;
ALTER TABLE promotion_claim_marks ENABLE TRIGGER USER;
ALTER TABLE promotion_claim_marks ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION promotion_claim_marks_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM promotions AS p WHERE p.id = NEW.promotion_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER promotion_claim_marks_merchant_key BEFORE INSERT ON promotion_claim_marks FOR EACH ROW EXECUTE FUNCTION promotion_claim_marks_merchant_key();

-- pvp_hands: from pvp_tables (table_id).
ALTER TABLE pvp_hands ADD COLUMN merchant_id integer;
ALTER TABLE pvp_hands DISABLE TRIGGER USER;
UPDATE pvp_hands AS c SET merchant_id = p.merchant_id FROM pvp_tables AS p WHERE p.id = c.table_id;
ALTER TABLE pvp_hands ENABLE TRIGGER USER;
ALTER TABLE pvp_hands ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION pvp_hands_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM pvp_tables AS p WHERE p.id = NEW.table_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER pvp_hands_merchant_key BEFORE INSERT ON pvp_hands FOR EACH ROW EXECUTE FUNCTION pvp_hands_merchant_key();

-- pvp_seats: from pvp_tables (table_id).
ALTER TABLE pvp_seats ADD COLUMN merchant_id integer;
ALTER TABLE pvp_seats DISABLE TRIGGER USER;
UPDATE pvp_seats AS c SET merchant_id = p.merchant_id FROM pvp_tables AS p WHERE p.id = c.table_id;
ALTER TABLE pvp_seats ENABLE TRIGGER USER;
ALTER TABLE pvp_seats ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION pvp_seats_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM pvp_tables AS p WHERE p.id = NEW.table_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER pvp_seats_merchant_key BEFORE INSERT ON pvp_seats FOR EACH ROW EXECUTE FUNCTION pvp_seats_merchant_key();

-- pvp_moves: from pvp_hands (hand_id).
ALTER TABLE pvp_moves ADD COLUMN merchant_id integer;
ALTER TABLE pvp_moves DISABLE TRIGGER USER;
UPDATE pvp_moves AS c SET merchant_id = p.merchant_id FROM pvp_hands AS p WHERE p.id = c.hand_id;
ALTER TABLE pvp_moves ENABLE TRIGGER USER;
ALTER TABLE pvp_moves ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION pvp_moves_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM pvp_hands AS p WHERE p.id = NEW.hand_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER pvp_moves_merchant_key BEFORE INSERT ON pvp_moves FOR EACH ROW EXECUTE FUNCTION pvp_moves_merchant_key();

-- sports_bet_legs: from sports_bets (bet_id).
ALTER TABLE sports_bet_legs ADD COLUMN merchant_id integer;
ALTER TABLE sports_bet_legs DISABLE TRIGGER USER;
UPDATE sports_bet_legs AS c SET merchant_id = p.merchant_id FROM sports_bets AS p WHERE p.id = c.bet_id;
ALTER TABLE sports_bet_legs ENABLE TRIGGER USER;
ALTER TABLE sports_bet_legs ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION sports_bet_legs_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM sports_bets AS p WHERE p.id = NEW.bet_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER sports_bet_legs_merchant_key BEFORE INSERT ON sports_bet_legs FOR EACH ROW EXECUTE FUNCTION sports_bet_legs_merchant_key();

-- sports_cashouts: from sports_bets (bet_id).
ALTER TABLE sports_cashouts ADD COLUMN merchant_id integer;
ALTER TABLE sports_cashouts DISABLE TRIGGER USER;
UPDATE sports_cashouts AS c SET merchant_id = p.merchant_id FROM sports_bets AS p WHERE p.id = c.bet_id;
ALTER TABLE sports_cashouts ENABLE TRIGGER USER;
ALTER TABLE sports_cashouts ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION sports_cashouts_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM sports_bets AS p WHERE p.id = NEW.bet_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER sports_cashouts_merchant_key BEFORE INSERT ON sports_cashouts FOR EACH ROW EXECUTE FUNCTION sports_cashouts_merchant_key();

-- sports_settlements: from sports_bets (bet_id).
ALTER TABLE sports_settlements ADD COLUMN merchant_id integer;
ALTER TABLE sports_settlements DISABLE TRIGGER USER;
UPDATE sports_settlements AS c SET merchant_id = p.merchant_id FROM sports_bets AS p WHERE p.id = c.bet_id;
ALTER TABLE sports_settlements ENABLE TRIGGER USER;
ALTER TABLE sports_settlements ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION sports_settlements_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM sports_bets AS p WHERE p.id = NEW.bet_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER sports_settlements_merchant_key BEFORE INSERT ON sports_settlements FOR EACH ROW EXECUTE FUNCTION sports_settlements_merchant_key();

-- payment_proofs: from its deposit or its withdrawal.
ALTER TABLE payment_proofs ADD COLUMN merchant_id integer;
ALTER TABLE payment_proofs DISABLE TRIGGER USER;
UPDATE payment_proofs AS c SET merchant_id = coalesce(
  (SELECT d.merchant_id FROM deposits AS d WHERE d.id = c.deposit_id),
  (SELECT w.merchant_id FROM withdrawals AS w WHERE w.id = c.withdrawal_id));
ALTER TABLE payment_proofs ENABLE TRIGGER USER;
ALTER TABLE payment_proofs ALTER COLUMN merchant_id SET NOT NULL;
CREATE FUNCTION payment_proofs_merchant_key() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    NEW.merchant_id := coalesce(
      (SELECT d.merchant_id FROM deposits AS d WHERE d.id = NEW.deposit_id),
      (SELECT w.merchant_id FROM withdrawals AS w WHERE w.id = NEW.withdrawal_id));
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER payment_proofs_merchant_key BEFORE INSERT ON payment_proofs FOR EACH ROW
  EXECUTE FUNCTION payment_proofs_merchant_key();

-- ledger_post as in 063, whole (PostgreSQL replaces a function only whole), its postings carrying the entry's
-- merchant (decision 063).
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
    INSERT INTO ledger_postings (entry_id, line, account_id, shard, amount, balance_after, merchant_id)
    SELECT r.entry_id, d.line, d.account_id, d.shard, d.amount, moved.balance, p_merchant_id
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
