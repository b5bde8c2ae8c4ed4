import type { TotpEnrolment } from '@tala/contracts/totp';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { TotpService } from '../totp/totp.service.ts';

type Member = { id: number; username: string };

/**
 * The member's "Google verification" (spec §4): an authenticator app set up in the security centre, offered as the
 * second check of a login from a new address (auth.service). Same factor as the operators' (decision 031).
 */
export function googleVerificationService(db: Database, deps: { audit: AuditService; totp: TotpService }) {
  const { audit, totp } = deps;
  const record = (executor: Database, merchant: Merchant, member: Member, action: string, ip: string) =>
    audit.record(executor, {
      actorType: 'member',
      actorId: member.id,
      actorName: member.username,
      merchantId: merchant.id,
      action,
      target: `member:${member.id}`,
      ip,
    });

  return {
    googleVerification(member: Member) {
      return totp.status({ memberId: member.id });
    },

    /** A new key for the member's app, named after the merchant's brand. */
    startGoogleVerification(merchant: Merchant, member: Member): Promise<TotpEnrolment> {
      return db
        .transaction()
        .execute((trx) =>
          totp.start(
            trx,
            { memberId: member.id },
            { issuer: merchant.settings.whitelabel.brandName, label: member.username },
          ),
        );
    },

    /** Confirms the set-up with a first code; answers the recovery codes (shown once). */
    confirmGoogleVerification(
      merchant: Merchant,
      member: Member,
      code: string,
      ip: string,
    ): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        const codes = await totp.confirm(trx, { memberId: member.id }, code);
        await record(trx, merchant, member, 'member.google_verification.enable', ip);
        return codes;
      });
    },

    /** Turns it off with a current code (or a recovery code). */
    async disableGoogleVerification(merchant: Merchant, member: Member, code: string, ip: string) {
      await db.transaction().execute(async (trx) => {
        if (!(await totp.verify(trx, { memberId: member.id }, code)))
          throw new AppError('totp_invalid', 'code');
        await totp.remove(trx, { memberId: member.id });
        await record(trx, merchant, member, 'member.google_verification.disable', ip);
      });
    },
  };
}
