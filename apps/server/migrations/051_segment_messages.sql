-- Platform messages to segments (issue 13, item 5; docs/decisions/037-platform-messages.md).
--
-- A broadcast is written once by an operator: its segment (all members, VIP ranks, an agent's line, a list of
-- usernames), its title and body per language, and when it goes out. At send time the segment is resolved to
-- recipients in one INSERT ... SELECT into broadcast_recipients: the recipients are fixed then (a member who joins
-- later does not get it), each has their own read mark, and the read count is a count on one index.
CREATE TABLE broadcasts (
  id               bigserial PRIMARY KEY,
  merchant_id      integer NOT NULL REFERENCES merchants (id),
  segment_kind     text NOT NULL CHECK (segment_kind IN ('all', 'ranks', 'agent_line', 'usernames')),
  -- ranks: {"ranks":[..]}; agent_line: {"agentId":..,"agent":".."}; usernames: {"usernames":[..]}
  segment          jsonb NOT NULL,
  -- {"EN":{"title":"..","body":".."},"TY":{..}}: body is plain text, or sanitised HTML when format is html
  texts            jsonb NOT NULL,
  format           text NOT NULL CHECK (format IN ('text', 'html')),
  status           text NOT NULL CHECK (status IN ('scheduled', 'sent', 'withdrawn')),
  scheduled_at     timestamptz,
  sent_at          timestamptz,
  expires_at       timestamptz,
  withdrawn_at     timestamptz,
  recipient_count  integer NOT NULL DEFAULT 0,
  created_by       integer NOT NULL REFERENCES operators (id),
  withdrawn_by     integer REFERENCES operators (id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'sent') <= (sent_at IS NOT NULL)),
  CHECK ((status = 'withdrawn') = (withdrawn_at IS NOT NULL))
);
CREATE INDEX broadcasts_merchant ON broadcasts (merchant_id, id DESC);
CREATE INDEX broadcasts_due ON broadcasts (scheduled_at) WHERE status = 'scheduled';

CREATE TABLE broadcast_recipients (
  broadcast_id  bigint NOT NULL REFERENCES broadcasts (id),
  member_id     integer NOT NULL REFERENCES members (id),
  read_at       timestamptz,
  PRIMARY KEY (member_id, broadcast_id)
);
CREATE INDEX broadcast_recipients_broadcast ON broadcast_recipients (broadcast_id) INCLUDE (read_at);

-- System messages (a bonus paid) are stored as a text key and its parameters, written in the reader's language
-- when read; title and content stay for the messages written as text (feedback answers, decided applications).
ALTER TABLE member_messages ADD COLUMN text_key text;
ALTER TABLE member_messages ADD COLUMN params jsonb;
ALTER TABLE member_messages DROP CONSTRAINT member_messages_kind_check;
ALTER TABLE member_messages ADD CONSTRAINT member_messages_kind_check
  CHECK (kind IN ('feedback_answer', 'promotion', 'points', 'bonus'));
