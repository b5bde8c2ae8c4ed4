-- Age and identity checks (issue 18 item 4, docs/decisions/048-identity-verification.md).

-- The members' documents, stored in the database (bytea): outside the web root, in the same backups and
-- transactions as their review, readable by every server process of the deployment. Rows are never deleted by the
-- application; a newer upload of the same kind marks the pending one `replaced`.
CREATE TABLE kyc_documents (
  id             bigserial PRIMARY KEY,
  merchant_id    integer NOT NULL REFERENCES merchants (id),
  member_id      integer NOT NULL REFERENCES members (id),
  kind           text NOT NULL CHECK (kind IN ('id', 'selfie', 'address')),
  content_type   text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'application/pdf')),
  size_bytes     integer NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 5242880),
  bytes          bytea NOT NULL CHECK (octet_length(bytes) = size_bytes),
  sha256         bytea NOT NULL,
  status         text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'replaced')),
  reject_reason  text CHECK (reject_reason IN ('unreadable', 'expired', 'incomplete', 'name_mismatch', 'not_accepted',
                                              'suspected_forgery', 'other')),
  reject_note    text CHECK (length(reject_note) <= 500),
  uploaded_at    timestamptz NOT NULL DEFAULT now(),
  reviewed_at    timestamptz,
  reviewed_by    integer REFERENCES operators (id),
  CHECK ((status = 'rejected') = (reject_reason IS NOT NULL)),
  CHECK ((status IN ('approved', 'rejected')) = (reviewed_at IS NOT NULL))
);
-- The member's documents, newest first; and the review queue, oldest first.
CREATE INDEX kyc_documents_member ON kyc_documents (member_id, kind, id DESC);
CREATE INDEX kyc_documents_queue ON kyc_documents (status, id);
-- At most one document of a kind waits for review.
CREATE UNIQUE INDEX kyc_documents_one_pending ON kyc_documents (member_id, kind) WHERE status = 'pending';

-- A member's verification: verified once the identity document, the selfie and the proof of address are approved.
CREATE TABLE kyc_verifications (
  member_id      integer PRIMARY KEY REFERENCES members (id),
  merchant_id    integer NOT NULL REFERENCES merchants (id),
  verified_at    timestamptz NOT NULL,
  verified_by    integer REFERENCES operators (id)
);

-- The ID number an operator read from the approved identity document (normalised: no spaces, dashes or slashes,
-- upper case), which other modules may match members by across merchants (self-exclusion).
ALTER TABLE members ADD COLUMN verified_id_number text CHECK (length(verified_id_number) <= 40);
CREATE INDEX members_verified_id_number ON members (verified_id_number) WHERE verified_id_number IS NOT NULL;

-- The age gate is 18 or 21 (21 under PAGCOR rules); older settings documents get the verification defaults and
-- the nearest stricter age.
UPDATE merchants
   SET settings = jsonb_set(
         settings || jsonb_build_object('kyc', coalesce(settings -> 'kyc',
                                                        '{"market": "standard", "withdrawalThreshold": 5000000}'::jsonb)),
         '{minimumAge}',
         to_jsonb(CASE WHEN coalesce((settings ->> 'minimumAge')::int, 18) <= 18 THEN 18 ELSE 21 END));
