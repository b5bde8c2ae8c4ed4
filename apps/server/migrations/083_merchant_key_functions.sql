-- One trigger function per parent instead of one per table for the merchant key of migration 081 (decision 063).
-- 081 gave each of 28 tables its own `<table>_merchant_key()`, most of them the same few lines; the tables that
-- take their key from the same parent through the same column now share one `merchant_key_from_<parent>()`, and
-- the old functions go. 17 functions instead of 28; what each trigger does on insert is unchanged.
--
-- Each function stays static SQL, not one generic function given the parent and column as trigger arguments:
-- PL/pgSQL compiles a trigger function apart for each trigger that calls it and keeps each statement's plan
-- there, so a shared static function costs an insert exactly what a table's own did, while a generic one would
-- have to EXECUTE a query string built per row and plan it every time. The IS NULL test still comes first (a
-- writer that passes the key pays one comparison), and sequential scans stay off for the lookup, as in 081.
--
-- CREATE OR REPLACE TRIGGER re-points each trigger in one statement under the lock CREATE TRIGGER takes, where a
-- DROP TRIGGER would also lock out readers of the table (ledger_balances among them) until the migration commits.
-- The triggers keep their names.

-- members, by member_id.
CREATE FUNCTION merchant_key_from_member() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM members AS p WHERE p.id = NEW.member_id;
  END IF;
  RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER member_devices_merchant_key BEFORE INSERT ON member_devices
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_member();
CREATE OR REPLACE TRIGGER member_favourite_games_merchant_key BEFORE INSERT ON member_favourite_games
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_member();
CREATE OR REPLACE TRIGGER member_known_ips_merchant_key BEFORE INSERT ON member_known_ips
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_member();
CREATE OR REPLACE TRIGGER member_upline_changes_merchant_key BEFORE INSERT ON member_upline_changes
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_member();
CREATE OR REPLACE TRIGGER password_reset_tokens_merchant_key BEFORE INSERT ON password_reset_tokens
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_member();
CREATE OR REPLACE TRIGGER points_accrual_carry_merchant_key BEFORE INSERT ON points_accrual_carry
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_member();
CREATE OR REPLACE TRIGGER rebate_payouts_merchant_key BEFORE INSERT ON rebate_payouts
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_member();
CREATE OR REPLACE TRIGGER sports_member_settings_merchant_key BEFORE INSERT ON sports_member_settings
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_member();

-- members, by descendant_id: a tree row belongs to its descendant's merchant (the ancestor's is the same).
CREATE FUNCTION merchant_key_from_descendant() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM members AS p WHERE p.id = NEW.descendant_id;
  END IF;
  RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER member_tree_merchant_key BEFORE INSERT ON member_tree
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_descendant();

-- announcements, by announcement_id.
CREATE FUNCTION merchant_key_from_announcement() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM announcements AS p WHERE p.id = NEW.announcement_id;
  END IF;
  RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER announcement_popup_seen_merchant_key BEFORE INSERT ON announcement_popup_seen
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_announcement();

-- broadcasts, by broadcast_id.
CREATE FUNCTION merchant_key_from_broadcast() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM broadcasts AS p WHERE p.id = NEW.broadcast_id;
  END IF;
  RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER broadcast_recipients_merchant_key BEFORE INSERT ON broadcast_recipients
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_broadcast();

-- chat_conversations, by conversation_id.
CREATE FUNCTION merchant_key_from_chat_conversation() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM chat_conversations AS p WHERE p.id = NEW.conversation_id;
  END IF;
  RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER chat_messages_merchant_key BEFORE INSERT ON chat_messages
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_chat_conversation();

-- contract_bills, by bill_id.
CREATE FUNCTION merchant_key_from_contract_bill() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM contract_bills AS p WHERE p.id = NEW.bill_id;
  END IF;
  RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER contract_bill_payments_merchant_key BEFORE INSERT ON contract_bill_payments
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_contract_bill();

-- feedback, by feedback_id.
CREATE FUNCTION merchant_key_from_feedback() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM feedback AS p WHERE p.id = NEW.feedback_id;
  END IF;
  RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER feedback_images_merchant_key BEFORE INSERT ON feedback_images
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_feedback();

-- fish_rooms, by room_id.
CREATE FUNCTION merchant_key_from_fish_room() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM fish_rooms AS p WHERE p.id = NEW.room_id;
  END IF;
  RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER fish_waves_merchant_key BEFORE INSERT ON fish_waves
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_fish_room();

-- ledger_accounts, by account_id. (ledger_postings has no trigger: ledger_post writes its key, migration 081.)
CREATE FUNCTION merchant_key_from_ledger_account() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM ledger_accounts AS p WHERE p.id = NEW.account_id;
  END IF;
  RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER ledger_balances_merchant_key BEFORE INSERT ON ledger_balances
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_ledger_account();

-- lottery_draws, by draw_id.
CREATE FUNCTION merchant_key_from_lottery_draw() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM lottery_draws AS p WHERE p.id = NEW.draw_id;
  END IF;
  RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER lottery_exposure_merchant_key BEFORE INSERT ON lottery_exposure
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_lottery_draw();
CREATE OR REPLACE TRIGGER lottery_result_entries_merchant_key BEFORE INSERT ON lottery_result_entries
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_lottery_draw();

-- points_entries, by entry_id.
CREATE FUNCTION merchant_key_from_points_entry() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM points_entries AS p WHERE p.id = NEW.entry_id;
  END IF;
  RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER points_postings_merchant_key BEFORE INSERT ON points_postings
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_points_entry();

-- promotion_applications, by application_id.
CREATE FUNCTION merchant_key_from_promotion_application() RETURNS trigger LANGUAGE plpgsql
  SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM promotion_applications AS p WHERE p.id = NEW.application_id;
  END IF;
  RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER promotion_application_images_merchant_key BEFORE INSERT ON promotion_application_images
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_promotion_application();

-- promotions, by promotion_id.
CREATE FUNCTION merchant_key_from_promotion() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM promotions AS p WHERE p.id = NEW.promotion_id;
  END IF;
  RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER promotion_claim_marks_merchant_key BEFORE INSERT ON promotion_claim_marks
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_promotion();

-- pvp_hands, by hand_id.
CREATE FUNCTION merchant_key_from_pvp_hand() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM pvp_hands AS p WHERE p.id = NEW.hand_id;
  END IF;
  RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER pvp_moves_merchant_key BEFORE INSERT ON pvp_moves
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_pvp_hand();

-- pvp_tables, by table_id.
CREATE FUNCTION merchant_key_from_pvp_table() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM pvp_tables AS p WHERE p.id = NEW.table_id;
  END IF;
  RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER pvp_hands_merchant_key BEFORE INSERT ON pvp_hands
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_pvp_table();
CREATE OR REPLACE TRIGGER pvp_seats_merchant_key BEFORE INSERT ON pvp_seats
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_pvp_table();

-- sports_bets, by bet_id.
CREATE FUNCTION merchant_key_from_sports_bet() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    SELECT p.merchant_id INTO NEW.merchant_id FROM sports_bets AS p WHERE p.id = NEW.bet_id;
  END IF;
  RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER sports_bet_legs_merchant_key BEFORE INSERT ON sports_bet_legs
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_sports_bet();
CREATE OR REPLACE TRIGGER sports_cashouts_merchant_key BEFORE INSERT ON sports_cashouts
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_sports_bet();
CREATE OR REPLACE TRIGGER sports_settlements_merchant_key BEFORE INSERT ON sports_settlements
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_sports_bet();

-- deposits by deposit_id, or withdrawals by withdrawal_id: a payment proof is for one or the other.
CREATE FUNCTION merchant_key_from_deposit_or_withdrawal() RETURNS trigger LANGUAGE plpgsql
  SET enable_seqscan = off AS $$
BEGIN
  IF NEW.merchant_id IS NULL THEN
    NEW.merchant_id := coalesce(
      (SELECT d.merchant_id FROM deposits AS d WHERE d.id = NEW.deposit_id),
      (SELECT w.merchant_id FROM withdrawals AS w WHERE w.id = NEW.withdrawal_id));
  END IF;
  RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER payment_proofs_merchant_key BEFORE INSERT ON payment_proofs
  FOR EACH ROW EXECUTE FUNCTION merchant_key_from_deposit_or_withdrawal();

-- 081's functions, none of them used by a trigger any more (a DROP would fail on one that still were).
DROP FUNCTION member_devices_merchant_key(), member_favourite_games_merchant_key(),
  member_known_ips_merchant_key(), member_upline_changes_merchant_key(), password_reset_tokens_merchant_key(),
  points_accrual_carry_merchant_key(), rebate_payouts_merchant_key(), sports_member_settings_merchant_key(),
  member_tree_merchant_key(), announcement_popup_seen_merchant_key(), broadcast_recipients_merchant_key(),
  chat_messages_merchant_key(), contract_bill_payments_merchant_key(), feedback_images_merchant_key(),
  fish_waves_merchant_key(), ledger_balances_merchant_key(), lottery_exposure_merchant_key(),
  lottery_result_entries_merchant_key(), points_postings_merchant_key(),
  promotion_application_images_merchant_key(), promotion_claim_marks_merchant_key(), pvp_hands_merchant_key(),
  pvp_seats_merchant_key(), pvp_moves_merchant_key(), sports_bet_legs_merchant_key(),
  sports_cashouts_merchant_key(), sports_settlements_merchant_key(), payment_proofs_merchant_key();
