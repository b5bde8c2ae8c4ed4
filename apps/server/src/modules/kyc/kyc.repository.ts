import type { DocumentKind, DocumentStatus, DocumentType, RejectReason } from '@tala/contracts/kyc';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { withKycTables } from './kyc.tables.ts';

const t = withKycTables;

/** Every column but the bytes: lists and reviews never read a document's content. */
const META = [
  'kyc_documents.id',
  'kyc_documents.merchant_id',
  'kyc_documents.member_id',
  'kyc_documents.kind',
  'kyc_documents.content_type',
  'kyc_documents.size_bytes',
  'kyc_documents.status',
  'kyc_documents.reject_reason',
  'kyc_documents.reject_note',
  'kyc_documents.uploaded_at',
  'kyc_documents.reviewed_at',
  'kyc_documents.reviewed_by',
] as const;

/** SQL for the kyc module's own tables (members and operators are joined only for their names). */
export function kycRepository(db: Database) {
  return {
    /** One member's verification work at a time: uploads and reviews of the same member queue up here. */
    async lockMember(executor: Database, memberId: number) {
      await sql`SELECT pg_advisory_xact_lock(67, ${memberId})`.execute(executor);
    },

    async documentsOf(executor: Database, memberId: number) {
      return t(executor)
        .selectFrom('kyc_documents')
        .select(META)
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .execute();
    },

    async isVerified(executor: Database, memberId: number) {
      const row = await t(executor)
        .selectFrom('kyc_verifications')
        .select('verified_at')
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return row?.verified_at ?? null;
    },

    async replacePending(executor: Database, memberId: number, kind: DocumentKind) {
      await t(executor)
        .updateTable('kyc_documents')
        .set({ status: 'replaced' })
        .where('member_id', '=', memberId)
        .where('kind', '=', kind)
        .where('status', '=', 'pending')
        .execute();
    },

    async insert(
      executor: Database,
      values: {
        merchantId: number;
        memberId: number;
        kind: DocumentKind;
        contentType: DocumentType;
        bytes: Buffer;
        sha256: Buffer;
      },
    ) {
      const row = await t(executor)
        .insertInto('kyc_documents')
        .values({
          merchant_id: values.merchantId,
          member_id: values.memberId,
          kind: values.kind,
          content_type: values.contentType,
          size_bytes: values.bytes.length,
          bytes: values.bytes,
          sha256: values.sha256,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** A document's facts with its member, merchant and reviewer names (no bytes); `lock` holds it for a review. */
    async document(executor: Database, id: number, lock = false) {
      let query = t(executor)
        .selectFrom('kyc_documents')
        .innerJoin('members', 'members.id', 'kyc_documents.member_id')
        .innerJoin('merchants', 'merchants.id', 'kyc_documents.merchant_id')
        .leftJoin('operators', 'operators.id', 'kyc_documents.reviewed_by')
        .select([
          ...META,
          'members.username',
          'members.verified_id_number',
          'merchants.code as merchant_code',
          'operators.username as reviewer',
        ])
        .where('kyc_documents.id', '=', id);
      if (lock) query = query.forUpdate('kyc_documents');
      return query.executeTakeFirst();
    },

    async content(executor: Database, id: number) {
      return t(executor)
        .selectFrom('kyc_documents')
        .select(['id', 'merchant_id', 'member_id', 'kind', 'content_type', 'bytes'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async decide(
      executor: Database,
      id: number,
      decision: {
        status: Extract<DocumentStatus, 'approved' | 'rejected'>;
        operatorId: number;
        reason?: RejectReason;
        note?: string | null;
      },
    ) {
      await t(executor)
        .updateTable('kyc_documents')
        .set({
          status: decision.status,
          reviewed_at: new Date(),
          reviewed_by: decision.operatorId,
          reject_reason: decision.reason ?? null,
          reject_note: decision.note ?? null,
        })
        .where('id', '=', id)
        .execute();
    },

    async recordVerified(executor: Database, memberId: number, merchantId: number, operatorId: number) {
      await t(executor)
        .insertInto('kyc_verifications')
        .values({
          member_id: memberId,
          merchant_id: merchantId,
          verified_at: new Date(),
          verified_by: operatorId,
        })
        .onConflict((oc) => oc.column('member_id').doNothing())
        .execute();
    },

    /** The review queue: documents of a status, oldest first (pending) or newest first (decided). */
    async page(query: {
      pageNo: number;
      pageSize: number;
      status: DocumentStatus;
      /** The merchants' codes (the list's merchant filter), or every merchant. */
      merchantCode?: readonly string[] | undefined;
      q?: string | undefined;
    }) {
      let base = t(db)
        .selectFrom('kyc_documents')
        .innerJoin('members', 'members.id', 'kyc_documents.member_id')
        .innerJoin('merchants', 'merchants.id', 'kyc_documents.merchant_id')
        .leftJoin('operators', 'operators.id', 'kyc_documents.reviewed_by')
        .where('kyc_documents.status', '=', query.status);
      if (query.merchantCode) base = base.where('merchants.code', 'in', query.merchantCode);
      if (query.q) base = base.where('members.username', '=', query.q.toLowerCase());
      const { total } = await base
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .select([
          ...META,
          'members.username',
          'members.verified_id_number',
          'merchants.code as merchant_code',
          'operators.username as reviewer',
        ])
        .orderBy('kyc_documents.id', query.status === 'pending' ? 'asc' : 'desc')
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize)
        .execute();
      return { rows, total: Number(total) };
    },

    /** The verified flags of several members at once (the queue's member status). */
    async verifiedAmong(memberIds: number[]) {
      if (memberIds.length === 0) return new Set<number>();
      const rows = await t(db)
        .selectFrom('kyc_verifications')
        .select('member_id')
        .where('member_id', 'in', memberIds)
        .execute();
      return new Set(rows.map((row) => row.member_id));
    },

    /** The documents of several members (no bytes), for their status. */
    async documentsAmong(memberIds: number[]) {
      if (memberIds.length === 0) return [];
      return t(db).selectFrom('kyc_documents').select(META).where('member_id', 'in', memberIds).execute();
    },
  };
}

export type KycRepository = ReturnType<typeof kycRepository>;
export type DocumentRow = Awaited<ReturnType<KycRepository['documentsOf']>>[number];
