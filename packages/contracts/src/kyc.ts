import { z } from 'zod';
import { envelope, merchantListFilter, pageOf, pageQuery } from './envelope.ts';

// Age and identity checks (issue 18 item 4, docs/decisions/048-identity-verification.md): the member's documents,
// the operators' review and the member's verification status.

/** The documents a member sends: an identity document, a selfie holding it, a proof of address. */
export const documentKinds = ['id', 'selfie', 'address'] as const;
export const documentKind = z.enum(documentKinds);
export type DocumentKind = z.infer<typeof documentKind>;

/** What a stored document may be, decided by its content (magic bytes), never by its name or declared type. */
export const documentTypes = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export type DocumentType = (typeof documentTypes)[number];
/** The largest document accepted, in bytes (spec §9 caps images at 5 MB). */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

/** A document's review state; `replaced` when the member sent a newer one of the same kind before the review. */
export const documentStatus = z.enum(['pending', 'approved', 'rejected', 'replaced']);
export type DocumentStatus = z.infer<typeof documentStatus>;

/** The member's verification status as the member and the operators see it. */
export const verificationStatus = z.enum(['unverified', 'pending', 'verified', 'rejected']);
export type VerificationStatus = z.infer<typeof verificationStatus>;

/** Why an operator refuses a document: one of a fixed list (localised on the clients), plus free text. */
export const rejectReasons = [
  'unreadable',
  'expired',
  'incomplete',
  'name_mismatch',
  'not_accepted',
  'suspected_forgery',
  'other',
] as const;
export const rejectReason = z.enum(rejectReasons);
export type RejectReason = z.infer<typeof rejectReason>;

/** The market whose rules a merchant follows; PAGCOR (the Philippines) sets the minimum age to 21. */
export const regulatoryMarkets = ['standard', 'pagcor'] as const;
export const MARKET_MINIMUM_AGE: Record<(typeof regulatoryMarkets)[number], 18 | 21> = {
  standard: 18,
  pagcor: 21,
};

const memberDocument = z.object({
  id: z.number().int(),
  kind: documentKind,
  contentType: z.enum(documentTypes),
  sizeBytes: z.number().int(),
  status: documentStatus,
  rejectReason: rejectReason.nullable(),
  rejectNote: z.string().nullable(),
  uploadedAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type MemberDocument = z.infer<typeof memberDocument>;

/** GET /wps/relay/KYC_status: the member's status, the latest document of each kind, and what is still needed. */
export const memberVerification = z
  .object({
    status: verificationStatus,
    /** The reason of the newest refused document while the status is `rejected`. */
    rejectReason: rejectReason.nullable(),
    rejectNote: z.string().nullable(),
    verifiedAt: z.string().nullable(),
    /** Kinds without a pending or approved document: what the member still has to send. */
    needed: z.array(documentKind),
    documents: z.array(memberDocument),
    /** Withdrawals above this amount (minor units) need a verified account. */
    withdrawalThreshold: z.number().int(),
    maxBytes: z.number().int(),
  })
  .meta({ id: 'MemberVerification' });
export type MemberVerification = z.infer<typeof memberVerification>;
export const memberVerificationResponse = envelope(memberVerification);
export const uploadDocumentResponse = envelope(memberVerification);

// ---------------------------------------------------------------- back office

export const reviewQuery = pageQuery.extend({
  merchantCode: merchantListFilter,
  status: documentStatus.default('pending'),
  q: z.string().trim().max(64).optional(),
});

export const reviewDocument = z.object({
  id: z.number().int(),
  merchantCode: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  kind: documentKind,
  contentType: z.enum(documentTypes),
  sizeBytes: z.number().int(),
  status: documentStatus,
  rejectReason: rejectReason.nullable(),
  rejectNote: z.string().nullable(),
  uploadedAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  /** The member's overall status now. */
  memberStatus: verificationStatus,
  /** The ID number recorded from the approved identity document, when there is one. */
  idNumber: z.string().nullable(),
});
export type ReviewDocument = z.infer<typeof reviewDocument>;
export const reviewPageResponse = envelope(pageOf(reviewDocument));
export const reviewDocumentResponse = envelope(reviewDocument);

/** POST /admin-api/kyc/documents/:id/approve: an identity document's approval records its ID number. */
export const approveDocumentBody = z.object({
  idNumber: z.string().trim().max(40).optional(),
});
/** The ID number recorded from an identity document: letters, digits, spaces, dashes and slashes. */
export const ID_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 /-]{3,39}$/;

/** POST /admin-api/kyc/documents/:id/reject: a reason from the list, and free text (required with `other`). */
export const rejectDocumentBody = z.object({
  reason: rejectReason,
  note: z.string().trim().max(500).default(''),
});
