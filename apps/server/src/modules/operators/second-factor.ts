import type { BackOfficeSecurity, Operator } from '@tala/contracts/admin';
import type { TotpEnrolment } from '@tala/contracts/totp';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { TotpService } from '../totp/totp.service.ts';
import type { operatorsRepository } from './operators.repository.ts';
import { BACK_OFFICE_ISSUER } from './sign-in.ts';

/** Who does a change, and from where. */
type Actor = { id: number; name: string; ip: string };

/**
 * An operator's own authenticator (set up, turn off, new recovery codes) and the owners' part: which roles must use
 * one, and resetting another operator's (a lost phone). Every change is audited; the secrets never are.
 */
export function secondFactorService(
  db: Database,
  repository: ReturnType<typeof operatorsRepository>,
  deps: { audit: AuditService; totp: TotpService },
) {
  const { audit, totp } = deps;

  const record = (executor: Database, actor: Actor, action: string, extra: object = {}) =>
    audit.record(executor, {
      actorType: 'operator',
      actorId: actor.id,
      actorName: actor.name,
      action,
      ip: actor.ip,
      ...extra,
    });

  return {
    async secondFactor(operator: Operator) {
      const [status, roles] = await Promise.all([
        totp.status({ operatorId: operator.id }),
        repository.requiredRoles(),
      ]);
      return { ...status, required: roles.includes(operator.role) };
    },

    /** Starts setting up an authenticator for the signed-in operator: the key and its QR image. */
    async startSecondFactor(operator: Operator): Promise<TotpEnrolment> {
      return db
        .transaction()
        .execute((trx) =>
          totp.start(
            trx,
            { operatorId: operator.id },
            { issuer: BACK_OFFICE_ISSUER, label: operator.username },
          ),
        );
    },

    /** Confirms the set-up with a first code; answers the recovery codes (shown once). */
    async confirmSecondFactor(actor: Actor, code: string): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        const codes = await totp.confirm(trx, { operatorId: actor.id }, code);
        await record(trx, actor, 'operator.second_factor.enable');
        return codes;
      });
    },

    /** Turns the operator's own authenticator off, with a current code; refused while the role requires it. */
    async disableSecondFactor(actor: Actor & { role: Operator['role'] }, code: string) {
      if ((await repository.requiredRoles()).includes(actor.role))
        throw new AppError('totp_required_by_role', 'code');
      await db.transaction().execute(async (trx) => {
        if (!(await totp.verify(trx, { operatorId: actor.id }, code)))
          throw new AppError('totp_invalid', 'code');
        await totp.remove(trx, { operatorId: actor.id });
        await repository.revokeDevicesOf(trx, actor.id);
        await record(trx, actor, 'operator.second_factor.disable');
      });
    },

    /** A new set of recovery codes, with a current code; the old set stops working. */
    async renewRecoveryCodes(actor: Actor, code: string): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        if (!(await totp.verify(trx, { operatorId: actor.id }, code)))
          throw new AppError('totp_invalid', 'code');
        const codes = await totp.renewRecoveryCodes(trx, { operatorId: actor.id });
        await record(trx, actor, 'operator.second_factor.recovery_codes');
        return codes;
      });
    },

    /**
     * An owner resets another operator's authenticator (a lost phone): the factor and remembered browsers go, the
     * operator's sessions end, and the next sign-in sets up a new one when the role requires it.
     */
    async resetSecondFactor(actor: Actor, operatorId: number) {
      if (operatorId === actor.id) throw new AppError('cannot_change_own_account', 'id');
      await db.transaction().execute(async (trx) => {
        const target = await repository.byId(trx, operatorId, true);
        if (!target) throw new AppError('not_found', 'id');
        await totp.remove(trx, { operatorId });
        await repository.revokeDevicesOf(trx, operatorId);
        await repository.revokeSessionsOf(trx, operatorId);
        await record(trx, actor, 'operator.second_factor.reset', { target: target.username });
      });
    },

    async security(): Promise<BackOfficeSecurity> {
      return { totpRequiredRoles: await repository.requiredRoles() };
    },

    /** An owner sets the roles that must sign in with an authenticator code. */
    async setSecurity(actor: Actor, value: BackOfficeSecurity): Promise<BackOfficeSecurity> {
      return db.transaction().execute(async (trx) => {
        await repository.lockSettings(trx);
        const before = await repository.requiredRoles(trx);
        await repository.setRequiredRoles(trx, value.totpRequiredRoles);
        await record(trx, actor, 'back_office.security.update', {
          before: { totpRequiredRoles: before },
          after: { totpRequiredRoles: value.totpRequiredRoles },
        });
        return { totpRequiredRoles: value.totpRequiredRoles };
      });
    },
  };
}
