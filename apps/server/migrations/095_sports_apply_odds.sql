-- An odds change of the feed applied in one statement (issue 15, decision 058): the event's sequence check and
-- betting status, the suspension of its markets when the event is suspended, and each market inserted or brought to
-- the message's status and prices (a settled or cancelled market left as it is, an unchanged one not written). The
-- event and every market of it as they are after the change come back, so the process that applied it pushes them
-- to its sockets without reading them again. Answers {"outcome": "unknown"} for an event never announced and
-- {"outcome": "stale"} for a sequence not newer than the event's (a late message must not bring older prices back).
--
-- p_markets: [{type, specifiers, name, status, outcomes}], the status already the one to store (an active market of
-- a suspended event comes as 'suspended').
CREATE FUNCTION sports_apply_odds(p_event text, p_sequence bigint, p_betting text, p_markets jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  e sports_events;
  m jsonb;
  current sports_markets;
BEGIN
  -- The event first, then its markets in id order: the order every writer of an event's prices takes them in.
  SELECT * INTO e FROM sports_events WHERE id = p_event FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'unknown');
  END IF;
  IF p_sequence <= e.odds_sequence THEN
    RETURN jsonb_build_object('outcome', 'stale');
  END IF;
  PERFORM 1 FROM sports_markets WHERE event_id = p_event ORDER BY id FOR NO KEY UPDATE;

  UPDATE sports_events SET betting_status = p_betting, odds_sequence = p_sequence, updated_at = now()
   WHERE id = p_event
  RETURNING * INTO e;
  IF p_betting = 'suspended' THEN
    UPDATE sports_markets
       SET status = 'suspended', suspended_at = now(), price_version = price_version + 1, updated_at = now()
     WHERE event_id = p_event AND status = 'active';
  END IF;

  FOR m IN SELECT value FROM jsonb_array_elements(p_markets) LOOP
    SELECT * INTO current FROM sports_markets
     WHERE event_id = p_event AND market_type = m->>'type' AND specifiers = m->>'specifiers';
    IF NOT FOUND THEN
      INSERT INTO sports_markets (event_id, market_type, specifiers, name, status, outcomes, suspended_at, updated_at)
      VALUES (p_event, m->>'type', m->>'specifiers', m->>'name', m->>'status', m->'outcomes',
              CASE WHEN m->>'status' = 'suspended' THEN now() END, now());
    ELSIF current.status IN ('settled', 'cancelled') THEN
      -- It stays so until its settlement or cancel is rolled back.
      CONTINUE;
    ELSIF current.status <> m->>'status' OR current.outcomes <> m->'outcomes' THEN
      UPDATE sports_markets
         SET status = m->>'status', outcomes = m->'outcomes', name = m->>'name',
             suspended_at = CASE WHEN m->>'status' = 'suspended' THEN now() ELSE suspended_at END,
             price_version = price_version + 1, updated_at = now()
       WHERE id = current.id;
    END IF;
  END LOOP;

  RETURN jsonb_build_object(
    'outcome', 'applied',
    'event', to_jsonb(e),
    'markets', COALESCE((SELECT jsonb_agg(to_jsonb(s) ORDER BY s.id) FROM sports_markets s WHERE s.event_id = p_event),
                        '[]'::jsonb));
END $$;
