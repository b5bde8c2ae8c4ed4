-- Favourite games of a member (spec §3 "Favourites": nodeId, vendor, gameType; toggled by nodeId). Recent games are
-- not stored here: they are read from the launches (game_sessions) and the in-house slot rounds.
CREATE TABLE member_favourite_games (
  member_id   integer NOT NULL REFERENCES members (id),
  node_id     integer NOT NULL REFERENCES games (node_id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, node_id)
);
CREATE INDEX member_favourite_games_member ON member_favourite_games (member_id, created_at DESC);

-- The winner board, the back office's bets explorer and its profit-and-loss report read rounds per merchant by time.
CREATE INDEX vendor_transactions_merchant_time ON vendor_transactions (merchant_id, created_at DESC);
CREATE INDEX slots_rounds_merchant_time ON slots_rounds (merchant_id, created_at DESC);
