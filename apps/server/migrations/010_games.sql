-- Game catalogue: vendors, their product lines (the vendor cards of the menus), games, and per-merchant settings.

CREATE TABLE game_vendors (
  code             text PRIMARY KEY CHECK (code ~ '^[A-Z0-9_]{2,32}$'),
  display_name     text NOT NULL,
  account_type_id  integer NOT NULL UNIQUE,
  wallet_mode      text NOT NULL DEFAULT 'seamless' CHECK (wallet_mode IN ('seamless', 'transfer')),
  in_house         boolean NOT NULL DEFAULT false,
  created_at       timestamptz NOT NULL DEFAULT now()
);

-- A vendor's product line for one game type: one vendor card in the header menu and lobby ("vassalage").
CREATE TABLE game_vendor_lines (
  node_id       serial PRIMARY KEY,
  vendor_code   text NOT NULL REFERENCES game_vendors (code),
  game_type     text NOT NULL CHECK (game_type IN ('ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS')),
  vassalage     text NOT NULL UNIQUE,
  display_name  text NOT NULL,
  -- GAME: the lobby lists its games; VASSALAGE: a popup list of games; LOBBY: the vendor's own lobby is launched.
  is_game       text NOT NULL CHECK (is_game IN ('GAME', 'VASSALAGE', 'LOBBY')),
  UNIQUE (vendor_code, game_type)
);

CREATE TABLE games (
  node_id           serial PRIMARY KEY,
  line_node_id      integer NOT NULL REFERENCES game_vendor_lines (node_id),
  game_code         text NOT NULL,
  name              text NOT NULL,
  name_ty           text,
  classification    text CHECK (classification IN ('SC', 'VP', 'JP', 'TG', 'AC', 'BG')),
  game_class        text NOT NULL,
  game_group_code   text NOT NULL,
  default_play_type text,
  min_bet           bigint NOT NULL CHECK (min_bet > 0),
  lines             integer NOT NULL DEFAULT 0 CHECK (lines >= 0),
  rtp_bp            integer CHECK (rtp_bp BETWEEN 8000 AND 9990),
  popularity        integer NOT NULL DEFAULT 0,
  released_on       date NOT NULL,
  UNIQUE (line_node_id, game_code)
);
CREATE INDEX games_line ON games (line_node_id);

-- Per-merchant switches over the shared catalogue; a missing row means enabled, not hot, not in maintenance.
CREATE TABLE merchant_vendor_lines (
  merchant_id  integer NOT NULL REFERENCES merchants (id),
  node_id      integer NOT NULL REFERENCES game_vendor_lines (node_id),
  enabled      boolean NOT NULL DEFAULT true,
  is_hot       boolean NOT NULL DEFAULT false,
  maintenance  boolean NOT NULL DEFAULT false,
  sort_order   integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, node_id)
);

CREATE TABLE merchant_games (
  merchant_id  integer NOT NULL REFERENCES merchants (id),
  node_id      integer NOT NULL REFERENCES games (node_id),
  enabled      boolean NOT NULL DEFAULT true,
  is_hot       boolean NOT NULL DEFAULT false,
  maintenance  boolean NOT NULL DEFAULT false,
  sort_order   integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, node_id)
);
