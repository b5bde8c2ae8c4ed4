-- What a points conversion paid in cash, kept with the conversion (as a mission claim keeps its reward next to its
-- ledger entry), so the promotions cost report adds up conversions by day without reading the ledger's tables
-- (issue 13 item 8). Earlier conversions take it from their wallet entry, named in their memo.
ALTER TABLE points_entries ADD COLUMN cash bigint CHECK (cash IS NULL OR (kind = 'convert' AND cash > 0));
UPDATE points_entries AS e
   SET cash = p.amount
  FROM ledger_postings AS p
 WHERE e.kind = 'convert'
   AND e.memo ~ '^wallet:[0-9]+ points:[0-9]+$'
   AND p.entry_id = substring(e.memo FROM '^wallet:([0-9]+)')::bigint
   AND p.amount > 0;
