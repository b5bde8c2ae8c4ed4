import {
  type DocumentKind,
  type DocumentStatus,
  documentKinds,
  type RejectReason,
  type VerificationStatus,
} from '@tala/contracts/kyc';

export type DocumentState = {
  id: number;
  kind: DocumentKind;
  status: DocumentStatus;
  rejectReason: RejectReason | null;
  rejectNote: string | null;
};

/**
 * A member's status from the latest document of each kind (replaced ones left out): verified once a verification
 * was recorded (every kind approved); rejected while the latest of some kind is refused (the member must act),
 * with the newest refusal's reason; pending while some kind waits for review; otherwise unverified.
 * `needed` lists the kinds without a pending or approved document.
 */
export function verificationStatusOf(documents: readonly DocumentState[], verified: boolean) {
  const latest = new Map<DocumentKind, DocumentState>();
  for (const document of documents) {
    if (document.status === 'replaced') continue;
    const current = latest.get(document.kind);
    if (!current || document.id > current.id) latest.set(document.kind, document);
  }
  const needed = documentKinds.filter((kind) => {
    const status = latest.get(kind)?.status;
    return status !== 'pending' && status !== 'approved';
  });
  const refused = [...latest.values()]
    .filter((document) => document.status === 'rejected')
    .sort((a, b) => b.id - a.id)[0];
  let status: VerificationStatus;
  if (verified) status = 'verified';
  else if (refused) status = 'rejected';
  else if ([...latest.values()].some((document) => document.status === 'pending')) status = 'pending';
  else status = 'unverified';
  return {
    status,
    rejectReason: status === 'rejected' ? (refused?.rejectReason ?? null) : null,
    rejectNote: status === 'rejected' ? (refused?.rejectNote ?? null) : null,
    needed: verified ? [] : needed,
    latest: documentKinds.flatMap((kind) => {
      const document = latest.get(kind);
      return document ? [document] : [];
    }),
    /** Every kind's latest document is approved: the member can be recorded as verified. */
    complete: documentKinds.every((kind) => latest.get(kind)?.status === 'approved'),
  };
}
