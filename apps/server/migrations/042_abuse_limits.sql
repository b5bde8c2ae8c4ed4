-- Abuse limits that cannot be turned against members (issue 11, item 3; docs/decisions/030-abuse-limits.md): every
-- code remembers the address that asked for it and whether that address was known to own the destination, so the
-- waits between codes are kept per destination and address, and only codes asked for by strangers spend the
-- destination's hourly budget. Registrations are counted per address from members.register_ip.
ALTER TABLE verification_codes
  ADD COLUMN requested_ip text,
  ADD COLUMN trusted boolean NOT NULL DEFAULT false;
CREATE INDEX verification_codes_destination ON verification_codes (merchant_id, destination, created_at DESC);
CREATE INDEX members_register_ip ON members (merchant_id, register_ip, created_at DESC) WHERE register_ip IS NOT NULL;
