-- Site content (banners, notices, announcements, help centre, footer partners, affiliate applications) and support
-- (feedback inbox, platform messages, live chat). Member ids are plain integers here: their foreign keys to the
-- members table are added by a later migration, once that table exists.

-- Images: operator uploads (raster, checked by content) and the seed's generated SVG art. Served with nosniff.
CREATE TABLE content_images (
  id            text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{16,64}$'),
  merchant_id   integer NOT NULL REFERENCES merchants (id),
  content_type  text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp', 'image/svg+xml')),
  origin        text NOT NULL CHECK (origin IN ('upload', 'seed')),
  bytes         bytea NOT NULL,
  byte_size     integer NOT NULL CHECK (byte_size > 0 AND byte_size <= 5242880),
  width         integer CHECK (width > 0),
  height        integer CHECK (height > 0),
  created_by    integer REFERENCES operators (id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  -- Only art the server generated itself may be SVG; nobody can upload markup.
  CHECK (content_type <> 'image/svg+xml' OR origin = 'seed')
);
CREATE INDEX content_images_merchant ON content_images (merchant_id, created_at DESC);

CREATE TABLE banners (
  id              serial PRIMARY KEY,
  merchant_id     integer NOT NULL REFERENCES merchants (id),
  group_name      text NOT NULL CHECK (group_name IN ('home', 'rng', 'live', 'fish', 'pvp', 'sports', 'esports',
                    'lottery', 'download', 'promotion', 'shop', 'help', 'bingo', 'w_login', 'w_register')),
  sort_order      integer NOT NULL DEFAULT 0,
  -- {"EN": "<image id>", "TY": "<image id>"}: EN always present.
  images          jsonb NOT NULL CHECK (images ? 'EN'),
  titles          jsonb NOT NULL DEFAULT '{}',
  linkage_type    text CHECK (linkage_type IN ('ROUTE', 'GAME', 'PROMOTION', 'URL')),
  linkage_target  text,
  starts_at       timestamptz,
  ends_at         timestamptz,
  enabled         boolean NOT NULL DEFAULT true,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  CHECK ((linkage_type IS NULL) = (linkage_target IS NULL)),
  -- A last line behind the service's checks: no script scheme is ever stored as a link.
  CHECK (linkage_target IS NULL OR linkage_target !~* '^[[:space:][:cntrl:]]*(javascript|vbscript|data):'),
  CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at)
);
CREATE INDEX banners_merchant_group ON banners (merchant_id, group_name, sort_order, id);

-- Texts are {"EN": {"title": ..., "content": <sanitised HTML>}, "TY": {...}}, EN always present.
CREATE TABLE notices (
  id           serial PRIMARY KEY,
  merchant_id  integer NOT NULL REFERENCES merchants (id),
  texts        jsonb NOT NULL CHECK (texts ? 'EN'),
  sort_order   integer NOT NULL DEFAULT 0,
  starts_at    timestamptz,
  ends_at      timestamptz,
  enabled      boolean NOT NULL DEFAULT true,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at)
);
CREATE INDEX notices_merchant ON notices (merchant_id, sort_order, id DESC);

CREATE TABLE announcements (
  id             serial PRIMARY KEY,
  merchant_id    integer NOT NULL REFERENCES merchants (id),
  type           text NOT NULL CHECK (type IN ('B', 'PL', 'PU', 'PR', 'H')),
  content_group  text NOT NULL CHECK (content_group IN ('player', 'banners', 'popup', 'promotion')),
  platform       text NOT NULL DEFAULT 'W' CHECK (platform IN ('W')),
  texts          jsonb NOT NULL CHECK (texts ? 'EN'),
  sort_order     integer NOT NULL DEFAULT 0,
  starts_at      timestamptz,
  ends_at        timestamptz,
  enabled        boolean NOT NULL DEFAULT true,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at)
);
CREATE INDEX announcements_merchant ON announcements (merchant_id, content_group, sort_order, id DESC);

-- Popup announcements a member's login has been shown (keyed by the hash of the session token: once a login).
CREATE TABLE announcement_popup_seen (
  session_key      bytea NOT NULL,
  announcement_id  integer NOT NULL REFERENCES announcements (id) ON DELETE CASCADE,
  member_id        integer NOT NULL,
  seen_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (session_key, announcement_id)
);

CREATE TABLE help_categories (
  id           serial PRIMARY KEY,
  merchant_id  integer NOT NULL REFERENCES merchants (id),
  texts        jsonb NOT NULL CHECK (texts ? 'EN'),
  sort_order   integer NOT NULL DEFAULT 0,
  enabled      boolean NOT NULL DEFAULT true,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX help_categories_merchant ON help_categories (merchant_id, sort_order, id);

CREATE TABLE help_articles (
  id           serial PRIMARY KEY,
  merchant_id  integer NOT NULL REFERENCES merchants (id),
  category_id  integer NOT NULL REFERENCES help_categories (id),
  texts        jsonb NOT NULL CHECK (texts ? 'EN'),
  sort_order   integer NOT NULL DEFAULT 0,
  enabled      boolean NOT NULL DEFAULT true,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX help_articles_category ON help_articles (category_id, sort_order, id);

-- Footer logos: game vendors, payment partners and provider partners.
CREATE TABLE partners (
  id           serial PRIMARY KEY,
  merchant_id  integer NOT NULL REFERENCES merchants (id),
  kind         text NOT NULL CHECK (kind IN ('vendor', 'payment', 'provider')),
  name         text NOT NULL,
  image_id     text NOT NULL REFERENCES content_images (id),
  url          text CHECK (url IS NULL OR url ~* '^(/[^/]|/$|https?://)'),
  sort_order   integer NOT NULL DEFAULT 0,
  enabled      boolean NOT NULL DEFAULT true,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX partners_merchant ON partners (merchant_id, kind, sort_order, id);

-- Per-merchant content settings (feedback word bounds, footer links, chat greeting), one document each.
CREATE TABLE content_settings (
  merchant_id  integer PRIMARY KEY REFERENCES merchants (id),
  settings     jsonb NOT NULL,
  updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE affiliate_applications (
  id              serial PRIMARY KEY,
  merchant_id     integer NOT NULL REFERENCES merchants (id),
  name            text NOT NULL,
  email           text NOT NULL,
  mobile          text NOT NULL,
  contact_type    text NOT NULL,
  contact_id      text NOT NULL,
  traffic_source  text NOT NULL,
  website         text,
  message         text NOT NULL DEFAULT '',
  language        text NOT NULL,
  status          text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'approved', 'rejected')),
  operator_note   text NOT NULL DEFAULT '',
  handled_by      integer REFERENCES operators (id),
  handled_at      timestamptz,
  ip              text,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX affiliate_applications_merchant ON affiliate_applications (merchant_id, status, id DESC);

-- Support ---------------------------------------------------------------------------------------------------

CREATE TABLE feedback (
  id              serial PRIMARY KEY,
  merchant_id     integer NOT NULL REFERENCES merchants (id),
  member_id       integer NOT NULL,
  member_account  text NOT NULL,
  question_type   text NOT NULL CHECK (question_type IN ('account', 'deposit', 'withdrawal', 'game', 'promotion',
                    'technical', 'suggestion', 'other')),
  content         text NOT NULL,
  language        text NOT NULL,
  status          text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered')),
  answer          text,
  answered_by     integer REFERENCES operators (id),
  answered_at     timestamptz,
  ip              text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'answered') = (answer IS NOT NULL))
);
CREATE INDEX feedback_inbox ON feedback (status, id DESC);
CREATE INDEX feedback_member ON feedback (merchant_id, member_id, id DESC);

CREATE TABLE feedback_images (
  id            text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{16,64}$'),
  feedback_id   integer NOT NULL REFERENCES feedback (id),
  position      smallint NOT NULL CHECK (position BETWEEN 0 AND 2),
  content_type  text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  bytes         bytea NOT NULL,
  byte_size     integer NOT NULL CHECK (byte_size > 0 AND byte_size <= 5242880),
  UNIQUE (feedback_id, position)
);

-- Platform messages to a member (answers to feedback).
CREATE TABLE member_messages (
  id           bigserial PRIMARY KEY,
  merchant_id  integer NOT NULL REFERENCES merchants (id),
  member_id    integer NOT NULL,
  kind         text NOT NULL CHECK (kind IN ('feedback_answer')),
  ref_id       integer,
  title        text NOT NULL,
  content      text NOT NULL,
  read_at      timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_messages_member ON member_messages (merchant_id, member_id, id DESC);

CREATE TABLE chat_conversations (
  id                bigserial PRIMARY KEY,
  merchant_id       integer NOT NULL REFERENCES merchants (id),
  visitor_kind      text NOT NULL CHECK (visitor_kind IN ('member', 'guest')),
  member_id         integer,
  guest_id          text,
  visitor_name      text NOT NULL,
  status            text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'active', 'closed')),
  operator_id       integer REFERENCES operators (id),
  visitor_read_id   bigint NOT NULL DEFAULT 0,
  operator_read_id  bigint NOT NULL DEFAULT 0,
  last_message_at   timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  closed_at         timestamptz,
  CHECK ((visitor_kind = 'member') = (member_id IS NOT NULL)),
  CHECK ((visitor_kind = 'guest') = (guest_id IS NOT NULL)),
  CHECK ((status = 'active') = (operator_id IS NOT NULL) OR status = 'closed')
);
-- At most one open conversation per visitor.
CREATE UNIQUE INDEX chat_open_member ON chat_conversations (merchant_id, member_id)
  WHERE status <> 'closed' AND member_id IS NOT NULL;
CREATE UNIQUE INDEX chat_open_guest ON chat_conversations (merchant_id, guest_id)
  WHERE status <> 'closed' AND guest_id IS NOT NULL;
CREATE INDEX chat_conversations_status ON chat_conversations (status, id);
CREATE INDEX chat_conversations_member ON chat_conversations (merchant_id, member_id, id DESC);
CREATE INDEX chat_conversations_guest ON chat_conversations (merchant_id, guest_id, id DESC);

-- Messages are stored before they are acknowledged; a resent message (same client id) is stored once.
CREATE TABLE chat_messages (
  id               bigserial PRIMARY KEY,
  conversation_id  bigint NOT NULL REFERENCES chat_conversations (id),
  sender           text NOT NULL CHECK (sender IN ('visitor', 'operator', 'system')),
  operator_id      integer REFERENCES operators (id),
  body             text NOT NULL,
  event            text CHECK (event IN ('taken', 'closed')),
  client_id        text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  CHECK ((sender = 'system') = (event IS NOT NULL))
);
CREATE INDEX chat_messages_conversation ON chat_messages (conversation_id, id);
CREATE UNIQUE INDEX chat_messages_client ON chat_messages (conversation_id, client_id) WHERE client_id IS NOT NULL;
