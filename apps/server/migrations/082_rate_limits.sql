-- The rate limits' counters shared by every server process when Redis is not configured (and Redis's stand-in while it
-- does not answer): rate-limiter-flexible's PostgreSQL table (lib/rate-limits.ts, decision 064). `key` is the
-- limit's name and the counted party; `expire` is in milliseconds since 1970. Rows expired an hour are deleted by
-- the limiter itself.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
