import type { DocumentKind, DocumentStatus, DocumentType, RejectReason } from '@tala/contracts/kyc';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/* Kysely types of the tables of migrations/067_identity_verification.sql: the kyc module's own. */
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface KycDocumentsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  kind: DocumentKind;
  content_type: DocumentType;
  size_bytes: number;
  bytes: Buffer;
  sha256: Buffer;
  status: Generated<DocumentStatus>;
  reject_reason: RejectReason | null;
  reject_note: string | null;
  uploaded_at: Generated<Date>;
  reviewed_at: NullableTimestamp;
  reviewed_by: number | null;
}

export interface KycVerificationsTable {
  member_id: number;
  merchant_id: number;
  verified_at: Date;
  verified_by: number | null;
}

export type KycTables = {
  kyc_documents: KycDocumentsTable;
  kyc_verifications: KycVerificationsTable;
};

export type KycDb = Database extends Kysely<infer DB> ? Kysely<DB & KycTables> : never;

/** The same connection or transaction, typed with this module's tables too. */
export function withKycTables(executor: Database): KycDb {
  return executor.withTables<KycTables>() as KycDb;
}
