import crypto from 'node:crypto';
import {
  type DocumentKind,
  ID_NUMBER_PATTERN,
  MAX_DOCUMENT_BYTES,
  type MemberVerification,
  type RejectReason,
  type ReviewDocument,
} from '@tala/contracts/kyc';
import { defaultKycSettings, type KycSettings, kycSettings } from '@tala/contracts/merchant-settings';
import { formatMoney, moneyDisplay } from '@tala/contracts/money-format';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { MembersService, SignedInMember } from '../members/members.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { Actor } from '../operators/operators.service.ts';
import { type DocumentRow, kycRepository } from './kyc.repository.ts';
import { verificationStatusOf } from './verification-status.ts';

export type KycDeps = { audit: AuditService; members: MembersService };

/** A merchant's verification settings (documents saved before they existed get the defaults). */
export function kycSettingsOf(merchant: Merchant): KycSettings {
  const parsed = kycSettings.safeParse((merchant.settings as { kyc?: unknown }).kyc);
  return parsed.success ? parsed.data : defaultKycSettings;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function stateOf(row: DocumentRow) {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    rejectReason: row.reject_reason,
    rejectNote: row.reject_note,
  };
}

/**
 * Age and identity checks (issue 18 item 4, docs/decisions/048-identity-verification.md): members send documents,
 * operators review them, and a member whose identity document, selfie and proof of address are approved is
 * verified. Payments asks `requireVerifiedFor` before a withdrawal above the merchant's threshold.
 */
export function kycService(db: Database, deps: KycDeps) {
  const repository = kycRepository(db);
  const { audit, members } = deps;

  async function verificationOf(merchant: Merchant, memberId: number): Promise<MemberVerification> {
    const [rows, verifiedAt] = await Promise.all([
      repository.documentsOf(db, memberId),
      repository.isVerified(db, memberId),
    ]);
    const state = verificationStatusOf(rows.map(stateOf), verifiedAt !== null);
    // The latest document of each kind, in the order id, selfie, address.
    const byId = new Map(rows.map((row) => [row.id, row]));
    return {
      status: state.status,
      rejectReason: state.rejectReason,
      rejectNote: state.rejectNote,
      verifiedAt: iso(verifiedAt),
      needed: state.needed,
      documents: state.latest
        .map((d) => byId.get(d.id) as DocumentRow)
        .map((row) => ({
          id: row.id,
          kind: row.kind,
          contentType: row.content_type,
          sizeBytes: row.size_bytes,
          status: row.status,
          rejectReason: row.reject_reason,
          rejectNote: row.reject_note,
          uploadedAt: row.uploaded_at.toISOString(),
          reviewedAt: iso(row.reviewed_at),
        })),
      withdrawalThreshold: kycSettingsOf(merchant).withdrawalThreshold,
      maxBytes: MAX_DOCUMENT_BYTES,
    };
  }

  async function reviewOf(executor: Database, id: number, lock = false) {
    const row = await repository.document(executor, id, lock);
    if (!row) throw new AppError('document_not_found', 'id');
    return row;
  }

  function toReview(
    row: NonNullable<Awaited<ReturnType<typeof repository.document>>>,
    memberStatus: ReviewDocument['memberStatus'],
  ): ReviewDocument {
    return {
      id: row.id,
      merchantCode: row.merchant_code,
      memberId: row.member_id,
      username: row.username,
      kind: row.kind,
      contentType: row.content_type,
      sizeBytes: row.size_bytes,
      status: row.status,
      rejectReason: row.reject_reason,
      rejectNote: row.reject_note,
      uploadedAt: row.uploaded_at.toISOString(),
      reviewedAt: iso(row.reviewed_at),
      reviewedBy: row.reviewer,
      memberStatus,
      idNumber: row.verified_id_number,
    };
  }

  async function memberStatus(executor: Database, memberId: number) {
    // One after the other: inside a transaction both run on its one connection.
    const rows = await repository.documentsOf(executor, memberId);
    const verifiedAt = await repository.isVerified(executor, memberId);
    return verificationStatusOf(rows.map(stateOf), verifiedAt !== null);
  }

  async function documentOf(id: number) {
    const row = await reviewOf(db, id);
    return toReview(row, (await memberStatus(db, row.member_id)).status);
  }

  return {
    /** The member's own status and latest documents (never another member's). */
    status: (merchant: Merchant, member: SignedInMember) => verificationOf(merchant, member.id),

    /** Whether the member's identity is verified. */
    async isVerified(memberId: number) {
      return (await repository.isVerified(db, memberId)) !== null;
    },

    /**
     * Refuses a withdrawal above the merchant's threshold until the member is verified (verification_required,
     * naming the threshold, so the site can point to the verification page).
     */
    async requireVerifiedFor(merchant: Merchant, memberId: number, amount: number) {
      const { withdrawalThreshold } = kycSettingsOf(merchant);
      if (amount <= withdrawalThreshold) return;
      if ((await repository.isVerified(db, memberId)) !== null) return;
      throw new AppError(
        'verification_required',
        'amount',
        {
          threshold: formatMoney(withdrawalThreshold, moneyDisplay(merchant.settings.whitelabel)),
        },
        { threshold: withdrawalThreshold },
      );
    },

    /**
     * Stores a checked document (document-check.ts ran on it) of a kind; a pending one of the same kind is
     * replaced. Refused once the kind is approved or the member is verified. Audited without the content.
     */
    async upload(
      merchant: Merchant,
      member: SignedInMember,
      document: { kind: DocumentKind; contentType: ReviewDocument['contentType']; bytes: Buffer },
      ip: string,
    ) {
      await db.transaction().execute(async (trx) => {
        await repository.lockMember(trx, member.id);
        if ((await repository.isVerified(trx, member.id)) !== null)
          throw new AppError('account_already_verified');
        const state = await memberStatus(trx, member.id);
        if (state.latest.some((d) => d.kind === document.kind && d.status === 'approved'))
          throw new AppError('document_already_approved', 'kind');
        await repository.replacePending(trx, member.id, document.kind);
        const sha256 = crypto.createHash('sha256').update(document.bytes).digest();
        const id = await repository.insert(trx, {
          merchantId: merchant.id,
          memberId: member.id,
          kind: document.kind,
          contentType: document.contentType,
          bytes: document.bytes,
          sha256,
        });
        await audit.record(trx, {
          actorType: 'member',
          actorId: member.id,
          actorName: member.username,
          merchantId: merchant.id,
          action: 'kyc.document.upload',
          target: `kyc_document:${id}`,
          after: {
            kind: document.kind,
            contentType: document.contentType,
            sizeBytes: document.bytes.length,
            sha256: sha256.toString('hex'),
          },
          ip,
        });
      });
      return verificationOf(merchant, member.id);
    },

    // ---------------------------------------------------------------------------------------------------------
    // Back office

    async reviewQueue(query: {
      pageNo: number;
      pageSize: number;
      status: ReviewDocument['status'];
      merchantCode?: readonly string[] | undefined;
      q?: string | undefined;
    }) {
      const { rows, total } = await repository.page(query);
      const memberIds = [...new Set(rows.map((row) => row.member_id))];
      const [verified, documents] = await Promise.all([
        repository.verifiedAmong(memberIds),
        repository.documentsAmong(memberIds),
      ]);
      const list = rows.map((row) =>
        toReview(
          row,
          verificationStatusOf(
            documents.filter((d) => d.member_id === row.member_id).map(stateOf),
            verified.has(row.member_id),
          ).status,
        ),
      );
      return {
        list,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    document: documentOf,

    /** A document's content for an operator; every view is written to the audit log before it is served. */
    async viewDocument(actor: Actor, id: number) {
      return db.transaction().execute(async (trx) => {
        const row = await repository.content(trx, id);
        if (!row) throw new AppError('document_not_found', 'id');
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: row.merchant_id,
          action: 'kyc.document.view',
          target: `kyc_document:${row.id}`,
          after: { member: row.member_id, kind: row.kind },
          ip: actor.ip,
        });
        return { id: row.id, kind: row.kind, contentType: row.content_type, bytes: row.bytes };
      });
    },

    /**
     * Approves a pending document; an identity document's approval records the ID number read from it (through
     * the members service, where other modules read it). The member is verified when every kind is approved.
     */
    async approve(actor: Actor, id: number, body: { idNumber?: string | undefined }) {
      await db.transaction().execute(async (trx) => {
        const first = await reviewOf(trx, id);
        await repository.lockMember(trx, first.member_id);
        const row = await reviewOf(trx, id, true);
        if (row.status !== 'pending') throw new AppError('document_already_reviewed');
        const idNumber = body.idNumber?.trim() ?? '';
        if (row.kind === 'id') {
          if (!idNumber) throw new AppError('id_number_required', 'idNumber');
          if (!ID_NUMBER_PATTERN.test(idNumber)) throw new AppError('id_number_invalid', 'idNumber');
        } else if (idNumber) {
          throw new AppError('validation_failed', 'idNumber');
        }
        await repository.decide(trx, id, { status: 'approved', operatorId: actor.id });
        if (row.kind === 'id') await members.recordVerifiedIdNumber(trx, row.member_id, idNumber);
        const state = await memberStatus(trx, row.member_id);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: row.merchant_id,
          action: 'kyc.document.approve',
          target: `kyc_document:${row.id}`,
          before: { status: row.status },
          after: { status: 'approved', kind: row.kind, ...(row.kind === 'id' ? { idNumber } : {}) },
          ip: actor.ip,
        });
        if (state.complete) {
          await repository.recordVerified(trx, row.member_id, row.merchant_id, actor.id);
          await audit.record(trx, {
            actorType: 'operator',
            actorId: actor.id,
            actorName: actor.name,
            merchantId: row.merchant_id,
            action: 'kyc.member.verified',
            target: `member:${row.member_id}`,
            ip: actor.ip,
          });
        }
      });
      return documentOf(id);
    },

    /** Refuses a pending document with a reason from the list and a note (required with `other`). */
    async reject(actor: Actor, id: number, body: { reason: RejectReason; note: string }) {
      const note = body.note.trim();
      if (body.reason === 'other' && !note) throw new AppError('reject_note_required', 'note');
      await db.transaction().execute(async (trx) => {
        const first = await reviewOf(trx, id);
        await repository.lockMember(trx, first.member_id);
        const row = await reviewOf(trx, id, true);
        if (row.status !== 'pending') throw new AppError('document_already_reviewed');
        await repository.decide(trx, id, {
          status: 'rejected',
          operatorId: actor.id,
          reason: body.reason,
          note: note || null,
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: row.merchant_id,
          action: 'kyc.document.reject',
          target: `kyc_document:${row.id}`,
          before: { status: row.status },
          after: { status: 'rejected', kind: row.kind, reason: body.reason, note: note || null },
          ip: actor.ip,
        });
      });
      return documentOf(id);
    },
  };
}

export type KycService = ReturnType<typeof kycService>;
