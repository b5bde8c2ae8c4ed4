import type { CreateOperatorBody, Operator, OperatorAccount, OperatorRole } from '@tala/contracts/admin';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { TotpService } from '../totp/totp.service.ts';
import type { VerificationService } from '../verification/verification.service.ts';
import { objectMerchant } from './object-merchants.ts';
import { operatorsRepository } from './operators.repository.ts';
import { secondFactorService } from './second-factor.ts';
import { signInService } from './sign-in.ts';

/**
 * What a back-office request acts on (operator-guard.ts reads it from the request): 'self' for the operator's own
 * session and settings; otherwise the merchant its path or query names, the object its id names, and a way to narrow
 * a cross-merchant list to one merchant.
 */
export type RequestTarget =
  | 'self'
  | {
      /** The merchants the path or query names (a list filter may name several). */
      merchantCodes?: string[] | undefined;
      object?: { url: string; params: Record<string, string | undefined> };
      /** Names merchants for a request that could but does not; `list` when the route takes several. */
      narrow?: { list: boolean; to: (codes: string[]) => void } | undefined;
    };

/** Who did an operator action, and from where, for the audit log. */
export type Actor = { id: number; name: string; ip: string };

type OperatorRow = {
  id: number;
  username: string;
  role: OperatorRole;
  platform: boolean;
  disabled: boolean;
  created_at: Date;
  two_factor?: boolean;
};

function account(row: OperatorRow, merchantRoles: OperatorAccount['merchantRoles'] = []): OperatorAccount {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    platform: row.platform,
    merchantRoles,
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

  /** Merchant roles by code to rows by id; operator_merchant_unknown for a code of no merchant, conflict twice. */
  async function merchantIdsOf(executor: Database, roles: { merchantCode: string; role: OperatorRole }[]) {
    const codes = roles.map((r) => r.merchantCode);
    if (new Set(codes).size !== codes.length) throw new AppError('conflict', 'merchantRoles');
    const found = await repository.merchantIds(executor, codes);
    return roles.map((r) => {
      const merchant = found.find((m) => m.code === r.merchantCode);
      if (!merchant)
        throw new AppError('operator_merchant_unknown', 'merchantRoles', { merchant: r.merchantCode });
      return { merchantId: merchant.id, role: r.role };
    });
  }

  return {
    ...signInService(db, repository, deps),
    ...secondFactorService(db, repository, deps),

    /** Creates an operator without an audit entry: for the seed, which no operator performs. */
    async create(
      username: string,
      password: string,
      role: OperatorRole,
      merchantRoles: { merchantCode: string; role: OperatorRole }[] = [],
    ) {
      const password_hash = await hashPassword(password);
      return db.transaction().execute(async (trx) => {
        const row = await repository.insert(trx, {
          username,
          password_hash,
          role,
          platform: merchantRoles.length === 0,
        });
        if (!row) throw new AppError('username_taken', 'username');
        await repository.setMerchantRoles(trx, row.id, await merchantIdsOf(trx, merchantRoles));
        return row;
      });
    },

    /** Every operator, with the merchant roles of those that are not platform operators. */
    async list(): Promise<OperatorAccount[]> {
      const rows = await repository.list();
      const roles = await repository.merchantRoles(
        db,
        rows.filter((r) => !r.platform).map((r) => r.id),
      );
      return rows.map((row) =>
        account(
          row,
          roles
            .filter((r) => r.operator_id === row.id)
            .map((r) => ({ merchantCode: r.merchantCode, role: r.role })),
        ),
      );
    },

    /**
     * A platform owner adds an operator: a platform operator, or (with merchant roles) one that acts only on those
     * merchants. The new account (never its password) is audited.
     */
    async createBy(actor: Actor, body: CreateOperatorBody): Promise<OperatorAccount> {
      const password_hash = await hashPassword(body.password);
      const merchantRoles = body.merchantRoles ?? [];
      return db.transaction().execute(async (trx) => {
        const ids = await merchantIdsOf(trx, merchantRoles);
        const row = await repository.insert(trx, {
          username: body.username,
          password_hash,
          role: body.role,
          platform: merchantRoles.length === 0,
        });
        if (!row) throw new AppError('username_taken', 'username');
        await repository.setMerchantRoles(trx, row.id, ids);
        const created = account(row, merchantRoles);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          action: 'operator.create',
          target: created.username,
          after: {
            username: created.username,
            role: created.role,
            platform: created.platform,
            merchantRoles,
            disabled: created.disabled,
          },
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
        return account({ ...before, disabled }, (await repository.operatorOf(trx, before)).merchantRoles);
      });
      return { ...changed, twoFactor };
    },

    /** The operator behind a token (with its merchant roles), or not_logged_in. */
    async authenticate(token: string | undefined): Promise<Operator> {
      if (!token) throw new AppError('not_logged_in');
      const row = await repository.touchSession(hashToken(token));
      if (!row) throw new AppError('not_logged_in');
      return repository.operatorOf(db, row);
    },

    /**
     * Whether the operator may make a request on its target with one of the roles (decision 060). A platform operator
     * holds its role on every merchant. Another operator holds, on each of its merchants, that merchant's role:
     * outside them outside_operator_merchants, on a route of no merchant platform_operators_only; a list across
     * merchants is narrowed to its merchant when it has one. Answers the operator with `role` set to its role there.
     */
    async authorize(
      operator: Operator,
      roles: readonly OperatorRole[] | undefined,
      target: RequestTarget,
    ): Promise<Operator> {
      if (operator.platform) {
        if (roles && !roles.includes(operator.role)) throw new AppError('forbidden');
        return operator;
      }
      if (target === 'self') {
        const held = operator.merchantRoles.find((r) => !roles || roles.includes(r.role));
        if (!held) throw new AppError('forbidden');
        return { ...operator, role: held.role };
      }
      let codes = target.merchantCodes;
      const objectCode = target.object && (await objectMerchant(db, target.object.url, target.object.params));
      if (objectCode !== undefined) {
        // A route addressed by an object's id: the object's merchant decides, whatever the query says.
        if (objectCode === null) throw new AppError('outside_operator_merchants');
        codes = [objectCode];
      } else if (codes === undefined && target.narrow) {
        // A list across merchants: the operator's merchants where its role may read it; another call that can name
        // a merchant: the operator's only merchant.
        const mine = target.narrow.list
          ? operator.merchantRoles.filter((r) => !roles || roles.includes(r.role))
          : operator.merchantRoles.length === 1
            ? operator.merchantRoles
            : [];
        if (mine.length === 0 && target.narrow.list && operator.merchantRoles.length > 0) {
          throw new AppError('forbidden');
        }
        if (mine.length > 0) {
          codes = mine.map((r) => r.merchantCode);
          target.narrow.to(codes);
        }
      }
      if (codes === undefined) throw new AppError('platform_operators_only');
      const held = codes.map((code) => operator.merchantRoles.find((r) => r.merchantCode === code));
      if (held.some((r) => r === undefined)) throw new AppError('outside_operator_merchants');
      if (roles && held.some((r) => r && !roles.includes(r.role))) throw new AppError('forbidden');
      // Its role on the request's merchant; on a list of several, services check no role beyond the guard's.
      return { ...operator, role: (held[0] as { role: OperatorRole }).role };
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
