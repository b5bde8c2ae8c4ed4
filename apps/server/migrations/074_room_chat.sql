-- The bingo rooms' chat (issue 16 item 3), moderated like live chat. A room is a live_tables row (game bingo75 or
-- bingo90) shared by every merchant, but its chat is per merchant: members of one operator never see another's.
-- Messages are kept; an operator hides one (hidden_at, hidden_by) and it disappears for everyone.
CREATE TABLE room_chat_messages (
  id           bigserial PRIMARY KEY,
  room_code    text NOT NULL REFERENCES live_tables (code),
  merchant_id  integer NOT NULL REFERENCES merchants (id),
  member_id    integer NOT NULL REFERENCES members (id),
  text         text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 200),
  created_at   timestamptz NOT NULL DEFAULT now(),
  hidden_at    timestamptz,
  hidden_by    integer REFERENCES operators (id),
  CHECK ((hidden_at IS NULL) = (hidden_by IS NULL))
);
-- The room's last messages of one merchant, as players read them (shown only) and as operators do (all).
CREATE INDEX room_chat_shown ON room_chat_messages (merchant_id, room_code, id DESC) WHERE hidden_at IS NULL;
CREATE INDEX room_chat_all ON room_chat_messages (merchant_id, room_code, id DESC);

-- A member an operator silenced in one room's chat until a time (a row whose time has passed mutes no one).
CREATE TABLE room_chat_mutes (
  merchant_id  integer NOT NULL REFERENCES merchants (id),
  room_code    text NOT NULL REFERENCES live_tables (code),
  member_id    integer NOT NULL REFERENCES members (id),
  until        timestamptz NOT NULL,
  muted_by     integer NOT NULL REFERENCES operators (id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, room_code, member_id)
);
