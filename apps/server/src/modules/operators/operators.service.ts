import type { CreateOperatorBody, Operator, OperatorAccount, OperatorRole } from '@tala/contracts/admin';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { TotpService } from '../totp/totp.service.ts';
import type { VerificationService } from '../verification/verification.service.ts';
import { operatorsRepository } from './operators.repository.ts';
import { secondFactorService } from './second-factor.ts';
import { signInService } from './sign-in.ts';

/** Who did an operator action, and from where, for the audit log. */
export type Actor = { id: number; name: string; ip: string };

type OperatorRow = {
  id: number;
  username: string;
  role: OperatorRole;
  disabled: boolean;
  created_at: Date;
  two_factor?: boolean;
};

function account(row: OperatorRow): OperatorAccount {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    disabled: row.disabled,
    twoFactor: row.two_factor ?? false,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Back-office operators: accounts (owners manage them), sign-in with its limits and second factor (sign-in.ts), the
 * operator's own authenticator and the roles that must use one (second-factor.ts).
 */
export function operatorsService(
  db: Database,
  deps: { audit: AuditService; verification: VerificationService; totp: TotpService },
) {
  const { audit } = deps;
  const repository = operatorsRepository(db);

  return {
    ...signInService(db, repository, deps),
    ...secondFactorService(db, repository, deps),

    /** Creates an operator without an audit entry: for the seed, which no operator performs. */
    async create(username: string, password: string, role: OperatorRole) {
      const password_hash = await hashPassword(password);
      const row = await repository.insert(db, { username, password_hash, role });
      if (!row) throw new AppError('username_taken', 'username');
      return row;
    },

    async list(): Promise<OperatorAccount[]> {
      return (await repository.list()).map(account);
    },

    /** An owner adds an operator; the new account (never its password) is audited. */
    async createBy(actor: Actor, body: CreateOperatorBody): Promise<OperatorAccount> {
      const password_hash = await hashPassword(body.password);
      return db.transaction().execute(async (trx) => {
        const row = await repository.insert(trx, { username: body.username, password_hash, role: body.role });
        if (!row) throw new AppError('username_taken', 'username');
        const created = account(row);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          action: 'operator.create',
          target: created.username,
          after: { username: created.username, role: created.role, disabled: created.disabled },
          ip: actor.ip,
        });
        return created;
      });
    },

    /** An owner disables or re-enables another operator; disabling ends that operator's sessions at once. */
    async setDisabled(actor: Actor, id: number, disabled: boolean): Promise<OperatorAccount> {
      if (id === actor.id) throw new AppError('cannot_change_own_account', 'disabled');
      const { enabled: twoFactor } = await deps.totp.status({ operatorId: id });
      const changed = await db.transaction().execute(async (trx) => {
        const before = await repository.byId(trx, id, true);
        if (!before) throw new AppError('not_found', 'id');
        if (before.disabled !== disabled) {
          await repository.setDisabled(trx, id, disabled);
          if (disabled) await repository.revokeSessionsOf(trx, id);
          await audit.record(trx, {
            actorType: 'operator',
            actorId: actor.id,
            actorName: actor.name,
            action: 'operator.update',
            target: before.username,
            before: { username: before.username, role: before.role, disabled: before.disabled },
            after: { username: before.username, role: before.role, disabled },
            ip: actor.ip,
          });
        }
        return account({ ...before, disabled });
      });
      return { ...changed, twoFactor };
    },

    /** The operator behind a token, or not_logged_in; with roles, forbidden unless the operator holds one of them. */
    async authenticate(token: string | undefined, roles?: readonly OperatorRole[]): Promise<Operator> {
      if (!token) throw new AppError('not_logged_in');
      const operator = await repository.touchSession(hashToken(token));
      if (!operator) throw new AppError('not_logged_in');
      if (roles && !roles.includes(operator.role)) throw new AppError('forbidden');
      return operator;
    },

    async logout(token: string, operator: Operator, ip: string) {
      await db.transaction().execute(async (trx) => {
        await repository.revokeSession(trx, hashToken(token));
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operator.id,
          actorName: operator.username,
          action: 'operator.logout',
          ip,
        });
      });
    },
  };
}

export type OperatorsService = ReturnType<typeof operatorsService>;
