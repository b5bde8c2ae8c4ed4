-- Bingo rooms per currency (issue 19 item 3; docs/decisions/069-stakes-per-currency.md, 055-bingo-rooms.md). A room's
-- card price is in the minor units of its own currency, and only merchants trading in that currency offer it: a
-- dong merchant's members buy cards in dong rooms, a peso merchant's in peso rooms, and a room's sales (every
-- merchant's pool of it) are all in one currency. Tables have none: their limits are the peso's, read scaled.
-- The rooms made before this were the peso's.
ALTER TABLE live_tables ADD COLUMN currency text CHECK (currency ~ '^[A-Z]{3}$');
UPDATE live_tables SET currency = 'PHP' WHERE game IN ('bingo75', 'bingo90');
ALTER TABLE live_tables ADD CONSTRAINT live_tables_room_currency
  CHECK ((game IN ('bingo75', 'bingo90')) = (currency IS NOT NULL));

-- A shared catalogue game only merchants of this currency offer (a bingo room's), its least bet in that currency's
-- minor units (not scaled, decision 069); NULL: every merchant's, its least bet the peso's figure read scaled.
ALTER TABLE games ADD COLUMN currency text CHECK (currency ~ '^[A-Z]{3}$');
UPDATE games g SET currency = 'PHP'
  FROM game_vendor_lines l
 WHERE l.node_id = g.line_node_id AND l.vassalage = 'TLIVE_BINGO';
