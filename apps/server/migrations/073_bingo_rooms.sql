-- Bingo rooms (issue 16 item 3; docs/decisions/055-bingo-rooms.md). A room is a row of live_tables whose game is
-- bingo75 or bingo90: round n's cards are sold for betting_seconds from epoch + n × cycle, then one ball is called
-- every ball_ms from the round's committed seed; result_seconds is long enough for every ball and a pause, so the
-- fixed schedule holds. A card purchase is a live_bets row (its stake the cards' price) with one bingo_cards row per
-- card; prizes are shares of each merchant's own sales, paid in that merchant.

ALTER TABLE live_tables DROP CONSTRAINT live_tables_game_check;
ALTER TABLE live_tables ADD CONSTRAINT live_tables_game_check
  CHECK (game IN ('baccarat', 'dragon_tiger', 'roulette', 'sicbo', 'bingo75', 'bingo90'));
ALTER TABLE live_tables DROP CONSTRAINT live_tables_result_seconds_check;
ALTER TABLE live_tables ADD CONSTRAINT live_tables_result_seconds_check
  CHECK (result_seconds BETWEEN 3 AND CASE WHEN game IN ('bingo75', 'bingo90') THEN 1800 ELSE 60 END);

-- A room's settings: a card's price, the most cards a member may hold in one game, the time between two balls, and
-- the prizes in the order played ([{"pattern": "line", "sharePermille": 150}, ...]). Tables have none.
ALTER TABLE live_tables
  ADD COLUMN card_price   bigint CHECK (card_price > 0),
  ADD COLUMN max_cards    integer CHECK (max_cards BETWEEN 1 AND 100),
  ADD COLUMN ball_ms      integer CHECK (ball_ms BETWEEN 10 AND 30000),
  ADD COLUMN prize_shares jsonb,
  ADD CONSTRAINT live_tables_room_settings CHECK (
    (game IN ('bingo75', 'bingo90'))
      = (card_price IS NOT NULL AND max_cards IS NOT NULL AND ball_ms IS NOT NULL AND prize_shares IS NOT NULL));

-- A room's round: `room` is the room's settings as the game was made (changed for games not yet opened when an
-- operator saves the room), `draw` the draw fixed at the close (every call, each merchant's prizes; secret until its
-- balls are called), `settles_at` when its last prize's ball has been shown. drawing: the draw is fixed and its balls
-- are being called; the prizes are paid when it becomes settled.
ALTER TABLE live_rounds DROP CONSTRAINT live_rounds_status_check;
ALTER TABLE live_rounds ADD CONSTRAINT live_rounds_status_check
  CHECK (status IN ('open', 'drawing', 'settled', 'void'));
ALTER TABLE live_rounds
  ADD COLUMN room       jsonb,
  ADD COLUMN draw       jsonb,
  ADD COLUMN settles_at timestamptz,
  ADD CONSTRAINT live_rounds_drawing CHECK (status <> 'drawing' OR (draw IS NOT NULL AND settles_at IS NOT NULL));
CREATE INDEX live_rounds_drawing_due ON live_rounds (settles_at) WHERE status = 'drawing';

-- One bingo card: made from the buyer's client seed (HMAC-SHA256 keyed by it over
-- `${room}/${round}:${requestId}:${index}`), numbered within its round, and what it won once the game is settled.
CREATE TABLE bingo_cards (
  id           bigserial PRIMARY KEY,
  round_id     bigint NOT NULL REFERENCES live_rounds (id),
  bet_id       bigint NOT NULL REFERENCES live_bets (id),
  merchant_id  integer NOT NULL REFERENCES merchants (id),
  member_id    integer NOT NULL REFERENCES members (id),
  card_no      integer NOT NULL CHECK (card_no > 0),
  index        integer NOT NULL CHECK (index >= 0),
  rows         jsonb NOT NULL,
  client_seed  text NOT NULL CHECK (client_seed ~ '^[0-9a-f]{16,64}$'),
  won          bigint NOT NULL DEFAULT 0 CHECK (won >= 0),
  UNIQUE (round_id, card_no),
  UNIQUE (bet_id, index)
);
CREATE INDEX bingo_cards_round_merchant ON bingo_cards (round_id, merchant_id);
CREATE INDEX bingo_cards_member ON bingo_cards (member_id, round_id);

-- The last card number given in a round: buyers of one round take their numbers one purchase at a time here (the
-- round row itself is share-locked by every buyer, so it cannot be the counter).
CREATE TABLE bingo_round_counters (
  round_id  bigint PRIMARY KEY REFERENCES live_rounds (id),
  last_no   integer NOT NULL
);
