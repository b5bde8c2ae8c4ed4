-- Time-out, self-exclusion, family and operator exclusion, and account closure (issue 18 item 3;
-- docs/decisions/047-time-out-and-self-exclusion.md). One row per break a member took or was given; rows are never
-- deleted and their period never shortened: a lift only sets lifts_at (when it stops applying) and who lifted it.
--   timeout   24 hours to 6 weeks, chosen by the member; ends by itself at ends_at.
--   self      6 months, 1 year or 5 years, chosen by the member; ends_at is the earliest end; it stays until the
--             member asks to lift it after ends_at, and then applies 24 hours more (lifts_at).
--   family    recorded by an operator on a family member's request, with a reason; ends at ends_at or when an
--   operator  operator lifts it with a reason.
--   closure   the member closed the account; reopened only by an operator (support), not before 7 days after it.
-- self, family and operator exclusions also cover the members of every merchant of the same exclusion group who
-- share a verified mobile, a verified e-mail or the ID number (read when a session is checked).
CREATE TABLE member_exclusions (
  id                 bigserial PRIMARY KEY,
  member_id          integer NOT NULL REFERENCES members (id),
  merchant_id        integer NOT NULL REFERENCES merchants (id),
  kind               text NOT NULL CHECK (kind IN ('timeout', 'self', 'family', 'operator', 'closure')),
  starts_at          timestamptz NOT NULL DEFAULT now(),
  ends_at            timestamptz,
  reason             text CHECK (reason IS NULL OR length(reason) <= 500),
  created_by_type    text NOT NULL CHECK (created_by_type IN ('member', 'operator')),
  created_by_id      integer,
  created_by_name    text NOT NULL,
  lift_requested_at  timestamptz,
  lifts_at           timestamptz,
  lifted_by_name     text,
  lift_reason        text CHECK (lift_reason IS NULL OR length(lift_reason) <= 500),
  -- Sessions of games ended, chases stopped and bonuses forfeited (of the member and of the members it covers).
  effects_done_at    timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'closure') = (ends_at IS NULL)),
  CHECK (ends_at IS NULL OR ends_at > starts_at),
  CHECK (lifts_at IS NULL OR lifts_at >= starts_at)
);
CREATE INDEX member_exclusions_member ON member_exclusions (member_id, starts_at DESC);
-- The rows that may still apply (a session check reads them for the member and for the members who share an
-- identifier with it).
CREATE INDEX member_exclusions_open ON member_exclusions (kind, member_id) WHERE lifts_at IS NULL;
CREATE INDEX member_exclusions_effects ON member_exclusions (created_at) WHERE effects_done_at IS NULL;

-- Whether a contact was proven by a code sent to it (registration by mobile with an SMS code, a contact bound or
-- changed through a code). Only proven contacts link accounts across merchants.
ALTER TABLE members ADD COLUMN mobile_verified_at timestamptz;
ALTER TABLE members ADD COLUMN email_verified_at timestamptz;
CREATE INDEX members_verified_email ON members (email) WHERE email_verified_at IS NOT NULL;
CREATE INDEX members_verified_mobile ON members (mobile_number) WHERE mobile_verified_at IS NOT NULL;
CREATE INDEX members_id_number ON members (id_number) WHERE id_number IS NOT NULL;
