import type { AdminLoginValue, Operator, OperatorRole } from '@tala/contracts/admin';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { delaySeconds } from '../../lib/backoff.ts';
import { decoyHash, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { TotpService } from '../totp/totp.service.ts';
import type { VerificationService } from '../verification/verification.service.ts';
import type { operatorsRepository } from './operators.repository.ts';

/** Failed sign-ins one address may make in an hour, across all accounts. */
export const OPERATOR_IP_FAILURES_PER_HOUR = 50;
/** Failures of an account from addresses it never used, in an hour, after which those addresses get a captcha. */
export const OPERATOR_FAILURES_BEFORE_CHALLENGE = 5;
/** How long a browser that passed the second factor is remembered. */
export const DEVICE_DAYS = 30;
const TICKET_MINUTES = 10;
/** The issuer an authenticator app shows beside an operator's codes. */
export const BACK_OFFICE_ISSUER = 'Tala back office';

export type SignInBody = {
  username: string;
  password: string;
  code?: string | undefined;
  captcha?: string | undefined;
  captchaId?: string | undefined;
  rememberDevice?: boolean | undefined;
};

/** The answer of a sign-in step, and a remembered-browser token for the route to set as a cookie. */
export type SignInOutcome<V = AdminLoginValue> = { value: V; deviceToken?: string };
type SignedIn = Extract<AdminLoginValue, { status: 'signed_in' }>;

/**
 * Back-office sign-in (docs/decisions/031-second-factor.md). Limits: a growing wait per account and address (the
 * address's own failures only, so nobody else can make the real operator wait), a captcha for addresses the account
 * never used once it has failed there several times in the hour, and a cap per address across accounts. No limit
 * locks the account itself. Then the authenticator code when the operator has one (skipped in a remembered browser),
 * or an enrolment when the operator's role must have one.
 */
export function signInService(
  db: Database,
  repository: ReturnType<typeof operatorsRepository>,
  deps: { audit: AuditService; verification: VerificationService; totp: TotpService },
) {
  const { audit, verification, totp } = deps;

  async function failed(username: string, operatorId: number | null, ip: string, reason: string) {
    await audit.record(db, {
      actorType: 'operator',
      actorId: operatorId,
      actorName: username,
      action: 'operator.login.failed',
      after: { reason },
      ip,
    });
  }

  /** The limits, checked and a pending attempt recorded in one transaction serialised per account. */
  async function admit(
    body: SignInBody,
    operatorId: number | null,
    known: boolean,
    ip: string,
  ): Promise<{ attemptId: string; challenged: boolean; unknownFailed: number }> {
    return db.transaction().execute(async (trx) => {
      await verification.lock(trx, `operator-login:${body.username}`);
      const counts = await repository.attemptCounts(trx, body.username, ip);
      const refuse = (seconds: number) => {
        throw new AppError('too_many_attempts', 'username', { seconds: Math.max(1, Math.ceil(seconds)) });
      };
      if (counts.fromIp >= OPERATOR_IP_FAILURES_PER_HOUR) refuse(3600);
      const wait = delaySeconds(counts.pairFailed);
      if (wait > 0 && counts.lastPair) {
        const remaining = counts.lastPair.getTime() + wait * 1000 - Date.now();
        if (remaining > 0) refuse(remaining / 1000);
      }
      const challenged = !known && counts.unknownFailed >= OPERATOR_FAILURES_BEFORE_CHALLENGE;
      const { id } = await repository.insertAttempt(trx, {
        username: body.username,
        operator_id: operatorId,
        ip,
        known,
      });
      return { attemptId: id, challenged, unknownFailed: counts.unknownFailed };
    });
  }

  async function startSession(
    executor: Database,
    operator: Operator,
    ip: string,
    method: string,
  ): Promise<string> {
    const { token, hash } = newToken();
    await repository.insertSession(executor, { token_hash: hash, operator_id: operator.id, ip });
    await audit.record(executor, {
      actorType: 'operator',
      actorId: operator.id,
      actorName: operator.username,
      action: 'operator.login',
      after: { method },
      ip,
    });
    return token;
  }

  async function rememberDevice(executor: Database, operatorId: number): Promise<string> {
    const { token, hash } = newToken();
    await repository.insertDevice(executor, {
      token_hash: hash,
      operator_id: operatorId,
      expires_at: new Date(Date.now() + DEVICE_DAYS * 86_400_000),
    });
    return token;
  }

  const isRequired = async (role: OperatorRole) => (await repository.requiredRoles()).includes(role);

  return {
    /** POST /admin-api/session: one step of a sign-in (password, then the code or an enrolment when needed). */
    async login(body: SignInBody, ip: string, deviceTokens: string[]): Promise<SignInOutcome> {
      const found = await repository.byUsername(body.username);
      const device =
        found && deviceTokens.length > 0
          ? await repository.validDevice(found.id, deviceTokens.map(hashToken))
          : false;
      const known = found ? device || (await repository.knownAddress(found.id, ip)) : false;
      const { attemptId, challenged, unknownFailed } = await admit(body, found?.id ?? null, known, ip);
      try {
        if (challenged) {
          try {
            await verification.checkCaptcha(null, body.captchaId, body.captcha);
          } catch (error) {
            if (error instanceof AppError)
              throw new AppError(error.code, 'captcha', error.params, { captcha: true });
            throw error;
          }
        }
        const ok = await verifyPassword(found?.password_hash ?? (await decoyHash()), body.password);
        if (!found || !ok || found.disabled) {
          await repository.finishAttempt(attemptId, 'failure');
          await failed(body.username, found?.id ?? null, ip, found?.disabled ? 'disabled' : 'credentials');
          // Tell the client to show the captcha from the failure that makes the next attempt need one (this one
          // included; the next attempt's own check decides).
          const next = !known && unknownFailed + 1 >= OPERATOR_FAILURES_BEFORE_CHALLENGE;
          throw new AppError('login_failed', undefined, {}, next ? { captcha: true } : {});
        }
        const operator: Operator = await repository.operatorOf(db, found);
        const factor = await totp.status({ operatorId: found.id });

        if (factor.enabled && !device) {
          if (!body.code) {
            await repository.finishAttempt(attemptId, 'second_step');
            return { value: { status: 'code_required' } };
          }
          const code = body.code;
          const outcome = await db.transaction().execute(async (trx) => {
            const passed = await totp.verify(trx, { operatorId: found.id }, code);
            if (!passed) return null;
            const token = await startSession(
              trx,
              operator,
              ip,
              passed === 'recovery' ? 'recovery code' : 'totp',
            );
            const deviceToken = body.rememberDevice ? await rememberDevice(trx, found.id) : undefined;
            return { token, deviceToken };
          });
          if (!outcome) {
            await repository.finishAttempt(attemptId, 'failure');
            await failed(body.username, found.id, ip, 'second factor');
            throw new AppError('totp_invalid', 'code');
          }
          await repository.finishAttempt(attemptId, 'success');
          return {
            value: { status: 'signed_in', token: outcome.token, operator },
            ...(outcome.deviceToken ? { deviceToken: outcome.deviceToken } : {}),
          };
        }

        if (!factor.enabled && (await isRequired(found.role))) {
          const ticket = newToken();
          const enrolment = await db.transaction().execute(async (trx) => {
            await repository.insertTicket(trx, {
              token_hash: ticket.hash,
              operator_id: found.id,
              expires_at: new Date(Date.now() + TICKET_MINUTES * 60_000),
            });
            return totp.start(
              trx,
              { operatorId: found.id },
              { issuer: BACK_OFFICE_ISSUER, label: found.username },
            );
          });
          await repository.finishAttempt(attemptId, 'second_step');
          return { value: { status: 'enrolment_required', ticket: ticket.token, enrolment } };
        }

        const token = await db
          .transaction()
          .execute((trx) =>
            startSession(trx, operator, ip, device ? 'password, remembered browser' : 'password'),
          );
        await repository.finishAttempt(attemptId, 'success');
        return { value: { status: 'signed_in', token, operator } };
      } catch (error) {
        // A refusal before the password was judged (captcha) is not a failed password: it does not count.
        if (error instanceof AppError && error.field === 'captcha')
          await repository.finishAttempt(attemptId, 'second_step');
        throw error;
      }
    },

    /**
     * POST /admin-api/session/enrolment: finishes a sign-in that had to enrol an authenticator. The ticket proves
     * the password; the code confirms the app; the answer carries the recovery codes, shown once.
     */
    async enrol(
      body: { ticket: string; code: string; rememberDevice?: boolean | undefined },
      ip: string,
    ): Promise<SignInOutcome<SignedIn>> {
      const signedIn = await db.transaction().execute(async (trx) => {
        const operatorId = await repository.useTicket(trx, hashToken(body.ticket));
        if (operatorId === undefined) throw new AppError('sign_in_ticket_invalid', 'ticket');
        const found = await repository.byId(trx, operatorId);
        if (!found || found.disabled) throw new AppError('sign_in_ticket_invalid', 'ticket');
        const recoveryCodes = await totp.confirm(trx, { operatorId }, body.code);
        const operator: Operator = await repository.operatorOf(trx, found);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operator.id,
          actorName: operator.username,
          action: 'operator.second_factor.enable',
          ip,
        });
        const token = await startSession(trx, operator, ip, 'totp enrolment');
        const deviceToken = body.rememberDevice ? await rememberDevice(trx, operatorId) : undefined;
        return { token, operator, recoveryCodes, deviceToken };
      });
      return {
        value: {
          status: 'signed_in',
          token: signedIn.token,
          operator: signedIn.operator,
          recoveryCodes: signedIn.recoveryCodes,
        },
        ...(signedIn.deviceToken ? { deviceToken: signedIn.deviceToken } : {}),
      };
    },
  };
}
