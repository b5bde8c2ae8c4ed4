-- The agent centre (issue 12, item 2): notices addressed to agents, and the look-up every team report makes
-- ("was this member below that agent at that instant": member_tree by pair, with its validity).
ALTER TABLE announcements DROP CONSTRAINT announcements_content_group_check;
ALTER TABLE announcements ADD CONSTRAINT announcements_content_group_check
  CHECK (content_group IN ('player', 'banners', 'popup', 'promotion', 'agent'));

CREATE INDEX member_tree_pair ON member_tree (descendant_id, ancestor_id, valid_from);
