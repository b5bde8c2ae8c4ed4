-- Where the sportsbook's consumer of the odds feed has got to (issue 15, decision 058): the last sequence number
-- whose message the sportsbook has finished applying, per feed (the feed's address: its sequence is one across both
-- producers). A restart resumes after it through the feed's recovery instead of a snapshot. Written every second or
-- so rather than per message; every process of a cluster consumes the feed and writes it, and it only moves forward
-- (GREATEST in sportsbook-feed-position.ts).
CREATE TABLE sports_feed_positions (
  feed        text PRIMARY KEY,
  sequence    bigint NOT NULL CHECK (sequence >= 0),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
