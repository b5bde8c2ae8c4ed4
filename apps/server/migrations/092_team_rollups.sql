-- The agent centre's overview at a cost that does not grow with the team (issue 12's budget;
-- docs/decisions/068-team-rollups.md). A job (agents-rollup) rolls each merchant-calendar day up per agent, each row
-- counted for the agent the member was under when it happened (the tree's history, as inTeamAt reads it).

-- What each member staked on a day, per stretch of the day with the same uplines: `until` is the end of the stretch
-- (the day's end, or the instant a move in the tree closed the rows valid before it). The uplines of a row are the
-- member_tree rows valid just before `until`.
CREATE TABLE team_member_days (
  merchant_id  integer NOT NULL,
  day          date NOT NULL,
  member_id    integer NOT NULL REFERENCES members (id),
  until        timestamptz NOT NULL,
  bets         integer NOT NULL,
  bet          bigint NOT NULL,
  win          bigint NOT NULL,
  PRIMARY KEY (member_id, day, until)
);
CREATE INDEX team_member_days_day ON team_member_days (merchant_id, day);

-- An agent's team on a day of the merchant's calendar: what the overview sums over a range.
CREATE TABLE team_days (
  agent_id          integer NOT NULL REFERENCES members (id),
  day               date NOT NULL,
  merchant_id       integer NOT NULL,
  bets              bigint NOT NULL DEFAULT 0,
  valid_bet         bigint NOT NULL DEFAULT 0,
  payout            bigint NOT NULL DEFAULT 0,
  active_members    integer NOT NULL DEFAULT 0,
  deposits          bigint NOT NULL DEFAULT 0,
  deposit_count     integer NOT NULL DEFAULT 0,
  first_deposits    integer NOT NULL DEFAULT 0,
  withdrawals       bigint NOT NULL DEFAULT 0,
  withdrawal_count  integer NOT NULL DEFAULT 0,
  new_members       integer NOT NULL DEFAULT 0,
  PRIMARY KEY (agent_id, day)
);
CREATE INDEX team_days_day ON team_days (merchant_id, day);

-- Members active (a bet) in a week (W, from Monday) or month (M) of the merchant's calendar, per agent they were under
-- then: a marker is inserted once, and its insertion adds one to the agent's counter for that period.
CREATE TABLE team_active_marks (
  merchant_id   integer NOT NULL,
  agent_id      integer NOT NULL,
  period        char(1) NOT NULL CHECK (period IN ('W', 'M')),
  period_start  date NOT NULL,
  member_id     integer NOT NULL,
  PRIMARY KEY (agent_id, period, period_start, member_id)
);
CREATE TABLE team_active_counts (
  merchant_id   integer NOT NULL,
  agent_id      integer NOT NULL REFERENCES members (id),
  period        char(1) NOT NULL CHECK (period IN ('W', 'M')),
  period_start  date NOT NULL,
  members       integer NOT NULL,
  PRIMARY KEY (agent_id, period, period_start)
);

-- When each (merchant, day) was last rolled up: a run that started earlier than the one that wrote does not write.
CREATE TABLE team_rollup_days (
  merchant_id  integer NOT NULL,
  day          date NOT NULL,
  computed_at  timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, day)
);

-- The moves of a day (rows closed in it), found without reading the whole tree.
CREATE INDEX member_tree_closed ON member_tree (valid_to) WHERE valid_to IS NOT NULL;

-- The size of each agent's team now (everyone below it, and those directly below), kept by the tree's own changes.
CREATE TABLE team_sizes (
  merchant_id  integer NOT NULL,
  agent_id     integer PRIMARY KEY REFERENCES members (id),
  team_size    integer NOT NULL,
  direct_size  integer NOT NULL
);

CREATE FUNCTION team_sizes_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_sizes (merchant_id, agent_id, team_size, direct_size)
    SELECT min(merchant_id), ancestor_id, sum(n), sum(d) FROM (
      SELECT merchant_id, ancestor_id, 1 AS n, (depth = 1)::int AS d FROM after_rows
       WHERE depth > 0 AND valid_to IS NULL
      UNION ALL
      SELECT merchant_id, ancestor_id, -1, -((depth = 1)::int) FROM before_rows WHERE depth > 0 AND valid_to IS NULL
    ) x GROUP BY ancestor_id HAVING sum(n) <> 0 OR sum(d) <> 0 ORDER BY ancestor_id
  ON CONFLICT (agent_id) DO UPDATE SET team_size = team_sizes.team_size + EXCLUDED.team_size,
    direct_size = team_sizes.direct_size + EXCLUDED.direct_size;
  RETURN NULL;
END;
$$;
CREATE FUNCTION team_sizes_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_sizes (merchant_id, agent_id, team_size, direct_size)
    SELECT min(merchant_id), ancestor_id, count(*), count(*) FILTER (WHERE depth = 1) FROM after_rows
     WHERE depth > 0 AND valid_to IS NULL GROUP BY ancestor_id ORDER BY ancestor_id
  ON CONFLICT (agent_id) DO UPDATE SET team_size = team_sizes.team_size + EXCLUDED.team_size,
    direct_size = team_sizes.direct_size + EXCLUDED.direct_size;
  RETURN NULL;
END;
$$;
CREATE FUNCTION team_sizes_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE team_sizes s SET team_size = s.team_size - x.n, direct_size = s.direct_size - x.d
    FROM (SELECT ancestor_id, count(*) AS n, count(*) FILTER (WHERE depth = 1) AS d FROM before_rows
           WHERE depth > 0 AND valid_to IS NULL GROUP BY ancestor_id) x
   WHERE s.agent_id = x.ancestor_id;
  RETURN NULL;
END;
$$;

INSERT INTO team_sizes (merchant_id, agent_id, team_size, direct_size)
  SELECT min(merchant_id), ancestor_id, count(*), count(*) FILTER (WHERE depth = 1) FROM member_tree
   WHERE depth > 0 AND valid_to IS NULL GROUP BY ancestor_id;

CREATE TRIGGER team_sizes_on_insert AFTER INSERT ON member_tree REFERENCING NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION team_sizes_insert();
CREATE TRIGGER team_sizes_on_update AFTER UPDATE ON member_tree REFERENCING OLD TABLE AS before_rows
  NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION team_sizes_change();
CREATE TRIGGER team_sizes_on_delete AFTER DELETE ON member_tree REFERENCING OLD TABLE AS before_rows
  FOR EACH STATEMENT EXECUTE FUNCTION team_sizes_delete();
