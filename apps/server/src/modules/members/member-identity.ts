// The identity a member proved: the ID number an operator recorded from the approved identity document (issue 18
// item 4). Written by the kyc module through this API; read by whoever matches members by it across merchants
// (self-exclusion across a merchant group, issue 18 item 3).
import type { Database } from '../../db/database.ts';
import type { MembersCore } from './members-core.ts';

/** ID numbers compare without case, spaces, dashes or slashes: "AB-123 456" is "AB123456". */
export function normaliseIdNumber(idNumber: string): string {
  return idNumber.replace(/[\s/-]+/g, '').toUpperCase();
}

export function memberIdentityUseCases(core: MembersCore) {
  const { db } = core;
  return {
    /** Records the verified ID number (normalised) in the caller's transaction, with the kyc approval. */
    async recordVerifiedIdNumber(executor: Database, memberId: number, idNumber: string) {
      await executor
        .updateTable('members')
        .set({ verified_id_number: normaliseIdNumber(idNumber) })
        .where('id', '=', memberId)
        .execute();
    },

    /** The member's verified ID number (normalised), or null while none is verified. */
    async verifiedIdNumber(memberId: number): Promise<string | null> {
      const row = await db
        .selectFrom('members')
        .select('verified_id_number')
        .where('id', '=', memberId)
        .executeTakeFirst();
      return row?.verified_id_number ?? null;
    },

    /** Every member, on any merchant of the deployment, whose verified ID number is this one. */
    async membersWithVerifiedIdNumber(idNumber: string) {
      return db
        .selectFrom('members')
        .select(['id', 'merchant_id as merchantId', 'username'])
        .where('verified_id_number', '=', normaliseIdNumber(idNumber))
        .orderBy('id')
        .execute();
    },
  };
}
