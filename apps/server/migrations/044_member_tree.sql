-- The agent tree (issue 12, item 1; docs/decisions/032-agent-tree.md): a closure table with validity intervals.
-- For every member and each of its uplines at any depth (and itself, depth 0) one row says since when, and until
-- when, the member was that far below it. "All of X's downline" and "is Y under X" are index look-ups at any depth;
-- the tree as it was at a time T is the rows valid at T, so a move never rewrites history. Triggers keep it in step
-- with members.upline_id on every insert and every change of upline, whatever path makes them.
CREATE TABLE member_tree (
  ancestor_id    integer NOT NULL REFERENCES members (id),
  descendant_id  integer NOT NULL REFERENCES members (id),
  depth          integer NOT NULL CHECK (depth >= 0),
  valid_from     timestamptz NOT NULL,
  valid_to       timestamptz,
  CHECK (valid_to IS NULL OR valid_to >= valid_from),
  CHECK ((depth = 0) = (ancestor_id = descendant_id))
);
-- The current tree: one row per pair, looked up from either end.
CREATE UNIQUE INDEX member_tree_current ON member_tree (ancestor_id, descendant_id) WHERE valid_to IS NULL;
CREATE INDEX member_tree_current_up ON member_tree (descendant_id, depth) WHERE valid_to IS NULL;
-- The tree at a past time.
CREATE INDEX member_tree_history ON member_tree (ancestor_id, valid_from, valid_to);

-- Every change of a member's upline after registration: who, from where to where, why (the back office's move).
CREATE TABLE member_upline_changes (
  id            bigserial PRIMARY KEY,
  member_id     integer NOT NULL REFERENCES members (id),
  from_upline   integer REFERENCES members (id),
  to_upline     integer REFERENCES members (id),
  reason        text NOT NULL,
  operator_id   integer REFERENCES operators (id),
  at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_upline_changes_member ON member_upline_changes (member_id, at DESC);

-- Registrations take the tree's lock shared (they run in parallel), a move takes it exclusive: a member registering
-- under a subtree that is moving sees either the old or the new uplines, never a mix.
CREATE FUNCTION member_tree_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7205044);
  INSERT INTO member_tree (ancestor_id, descendant_id, depth, valid_from)
    SELECT t.ancestor_id, NEW.id, t.depth + 1, now() FROM member_tree t
     WHERE t.descendant_id = NEW.upline_id AND t.valid_to IS NULL
    UNION ALL
    SELECT NEW.id, NEW.id, 0, now();
  RETURN NULL;
END;
$$;

-- A change of upline moves the member with its whole downline: the pairs linking the subtree to its old uplines
-- end now, the pairs linking it to the new uplines start now. A member cannot be moved under its own downline.
CREATE FUNCTION member_tree_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7205044);
  IF NEW.upline_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM member_tree t
     WHERE t.ancestor_id = NEW.id AND t.descendant_id = NEW.upline_id AND t.valid_to IS NULL) THEN
    RAISE EXCEPTION 'member % cannot move under its own downline %', NEW.id, NEW.upline_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'member_tree_no_cycle';
  END IF;
  UPDATE member_tree t SET valid_to = now()
   WHERE t.valid_to IS NULL
     AND t.descendant_id IN (SELECT s.descendant_id FROM member_tree s WHERE s.ancestor_id = NEW.id AND s.valid_to IS NULL)
     AND t.ancestor_id IN (SELECT u.ancestor_id FROM member_tree u
                            WHERE u.descendant_id = NEW.id AND u.depth > 0 AND u.valid_to IS NULL);
  INSERT INTO member_tree (ancestor_id, descendant_id, depth, valid_from)
    SELECT up.ancestor_id, sub.descendant_id, up.depth + sub.depth + 1, now()
      FROM member_tree up, member_tree sub
     WHERE NEW.upline_id IS NOT NULL
       AND up.descendant_id = NEW.upline_id AND up.valid_to IS NULL
       AND sub.ancestor_id = NEW.id AND sub.valid_to IS NULL;
  RETURN NULL;
END;
$$;

-- The members there are today, from their uplines (history before this migration is not known: it starts at each
-- member's registration as the tree is now).
INSERT INTO member_tree (ancestor_id, descendant_id, depth, valid_from)
WITH RECURSIVE chain (descendant_id, ancestor_id, depth) AS (
  SELECT id, id, 0 FROM members
  UNION ALL
  SELECT c.descendant_id, m.upline_id, c.depth + 1
    FROM chain c JOIN members m ON m.id = c.ancestor_id
   WHERE m.upline_id IS NOT NULL AND c.depth < 64
)
SELECT c.ancestor_id, c.descendant_id, c.depth, m.created_at FROM chain c JOIN members m ON m.id = c.descendant_id;

CREATE TRIGGER member_tree_on_insert AFTER INSERT ON members FOR EACH ROW EXECUTE FUNCTION member_tree_insert();
CREATE TRIGGER member_tree_on_move AFTER UPDATE OF upline_id ON members FOR EACH ROW
  WHEN (NEW.upline_id IS DISTINCT FROM OLD.upline_id) EXECUTE FUNCTION member_tree_move();
