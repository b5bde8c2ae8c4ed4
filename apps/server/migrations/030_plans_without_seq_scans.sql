-- The money functions' statements are all keyed lookups (an idempotency key, an entry id, an account's rows, a vendor
-- transaction id). PL/pgSQL keeps each statement's plan for the life of a session; a plan made while a table was a
-- page or two is a sequential scan, and nothing but an ANALYZE of that table makes it plan again (with autovacuum off,
-- never), so every call then reads the whole table, slower with each entry. Without sequential scans the cached plans
-- are index scans, whatever the tables' size when they were made. See docs/decisions/004-ledger.md.
ALTER FUNCTION ledger_postings_join_new_entry() SET enable_seqscan = off;
ALTER FUNCTION ledger_entry_balances() SET enable_seqscan = off;
ALTER FUNCTION ledger_open_account(integer, text, integer, text, text, boolean, smallint) SET enable_seqscan = off;
ALTER FUNCTION ledger_replay(bigint, boolean) SET enable_seqscan = off;
ALTER FUNCTION ledger_post(integer, text, bytea, text, text, text, integer, bigint, bigint[], bigint[])
  SET enable_seqscan = off;
ALTER FUNCTION ledger_post_batch(integer[], text[], bytea[], text[], text[], text[], integer[], bigint[], integer[],
  bigint[], bigint[]) SET enable_seqscan = off;
ALTER FUNCTION vendor_post_batch(integer[], text[], bytea[], text[], text[], text[], integer[], bigint[], bigint[],
  text[], text[], text[], text[], integer[], bigint[], bigint[], timestamptz[], text[], integer[], bigint[], boolean[],
  bytea[]) SET enable_seqscan = off;
