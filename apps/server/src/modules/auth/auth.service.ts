import crypto from 'node:crypto';
import type { LanguageCode } from '@tala/contracts/languages';
import type { LoginBody, LoginValue, SecondCheckMethod } from '@tala/contracts/members';
import { TRIAL_TYPE } from '@tala/contracts/members';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { delaySeconds } from '../../lib/backoff.ts';
import { decoyHash, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { LoginRefusal } from '../members/member-errors.ts';
import {
  type MembersService,
  maskEmail,
  maskMobile,
  memberSettingsOf,
  normaliseUsername,
  type RequestContext,
} from '../members/members.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { codeTexts } from '../messaging/code-texts.ts';
import type { MessagingService } from '../messaging/messaging.service.ts';
import type { TotpService } from '../totp/totp.service.ts';
import {
  CODE_MINUTES,
  checkMobile,
  maskCode,
  type VerificationService,
} from '../verification/verification.service.ts';

/** OWASP ASVS 2.2.1: failed logins an account takes in an hour (from addresses it never used). */
export const ACCOUNT_FAILURES_PER_HOUR = 100;
/** Failed logins one address may make in an hour across all accounts (credential stuffing). */
export const IP_FAILURES_PER_HOUR = 200;
/** From this many failures of an address (any account) in an hour, every login from it needs the captcha. */
const IP_FAILURES_BEFORE_CAPTCHA = 5;
const TICKET_MINUTES = 10;
const TICKET_TRIES = 5;
const FREE_PLAY_PER_IP_PER_DAY = 20;
const WEAK_PASSWORD = '123456';

function hashOf(ticket: string) {
  return hashToken(ticket);
}

function sameText(a: string, b: string) {
  const normal = (s: string) => s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
  const x = Buffer.from(normal(a));
  const y = Buffer.from(normal(b));
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** Logins (password, SMS code, free play), the second check of a new address, and logout. */
export function authService(
  db: Database,
  deps: {
    members: MembersService;
    verification: VerificationService;
    messaging: MessagingService;
    audit: AuditService;
    totp: TotpService;
  },
) {
  const { members, verification, audit, totp } = deps;
  const repository = members.repository;

  async function recordFailure(
    merchant: Merchant,
    username: string,
    memberId: number | null,
    ip: string,
    reason: string,
  ) {
    await audit.record(db, {
      actorType: 'member',
      actorId: memberId,
      actorName: username,
      merchantId: merchant.id,
      action: 'member.login.failed',
      after: { reason },
      ip,
    });
  }

  /**
   * The throttle gate, in one short transaction serialised per account: refuses when a limit is reached and
   * otherwise records a pending attempt, which counts as a failure until it is settled, so many parallel attempts
   * cannot overshoot a limit. Logins from addresses the member used before are outside the per-account budget, so an
   * attacker elsewhere cannot lock the member out.
   */
  async function admit(
    merchant: Merchant,
    username: string,
    memberId: number | null,
    knownIp: boolean,
    ip: string,
    method: 'password' | 'sms',
  ): Promise<number> {
    return db.transaction().execute(async (trx) => {
      await verification.lock(trx, `login:${merchant.id}:${username}`);
      const counts = await repository.failureCounts(trx, merchant.id, username, ip);
      const refuse = (seconds: number) => {
        throw new LoginRefusal('too_many_attempts', true, 'username', Math.max(1, Math.ceil(seconds)));
      };
      if (counts.fromIp >= IP_FAILURES_PER_HOUR) refuse(3600);
      if (counts.pair >= ACCOUNT_FAILURES_PER_HOUR) refuse(3600);
      if (!knownIp && counts.unknownIps >= ACCOUNT_FAILURES_PER_HOUR) {
        const oldest = counts.oldestUnknown?.getTime() ?? Date.now();
        refuse((oldest + 3600_000 - Date.now()) / 1000);
      }
      const wait = delaySeconds(counts.pairFailed);
      if (wait > 0 && counts.lastPair) {
        const remaining = counts.lastPair.getTime() + wait * 1000 - Date.now();
        if (remaining > 0) refuse(remaining / 1000);
      }
      const { id } = await repository.insertAttempt(trx, {
        merchant_id: merchant.id,
        username,
        member_id: memberId,
        ip,
        method,
        outcome: 'pending',
        known_ip: knownIp,
      });
      return id;
    });
  }

  /** Whether this account-and-address pair, or this address, must solve the captcha now. */
  async function captchaNeeded(merchant: Merchant, username: string, ip: string) {
    const counts = await repository.failureCounts(db, merchant.id, username, ip);
    return counts.pairFailed >= 1 || counts.fromIp >= IP_FAILURES_BEFORE_CAPTCHA;
  }

  async function secondCheckMethods(member: {
    id: number;
    mobile_number: string | null;
    email: string | null;
    payee_name: string | null;
  }) {
    const methods: SecondCheckMethod[] = [];
    // The strongest first: the member's authenticator app ("Google verification"), when set up.
    if ((await totp.status({ memberId: member.id })).enabled) methods.push('google');
    if (member.mobile_number) methods.push('mobile');
    if (member.email) methods.push('email');
    if (member.payee_name) methods.push('payeeName');
    return methods;
  }

  async function startedLogin(
    merchant: Merchant,
    memberId: number,
    username: string,
    attemptId: number,
    ip: string,
    method: string,
    options: { weakPassword: boolean; viaCode: boolean; deviceId?: string | null },
  ): Promise<LoginValue> {
    const value = await db.transaction().execute(async (trx) => {
      const session = await members.startSession(trx, merchant, memberId, ip, options.deviceId);
      const member = await repository.byId(memberId, trx);
      await audit.record(trx, {
        actorType: 'member',
        actorId: memberId,
        actorName: username,
        merchantId: merchant.id,
        action: 'member.login',
        after: { method },
        ip,
      });
      return members.loginValue(member as NonNullable<typeof member>, merchant.settings, session, options);
    });
    await repository.finishAttempt(attemptId, 'success');
    return value;
  }

  const service = {
    captchaNeeded,

    /** POST /wps/session/login: by username and password (after the proof of work) or by mobile and SMS code. */
    async login(merchant: Merchant, body: LoginBody, context: RequestContext): Promise<LoginValue> {
      const ip = context.ip;
      const bySms = body.type === 'sms';
      if (bySms && !merchant.settings.modules.loginByCode) throw new LoginRefusal('function_disabled', false);
      let username: string;
      let destination: string | null = null;
      if (bySms) {
        if (!body.countryDialingCode) throw new LoginRefusal('invalid_phone', false, 'countryDialingCode');
        const mobile = body.username.trim();
        if (!/^[0-9]{4,15}$/.test(mobile)) throw new LoginRefusal('invalid_phone', false, 'username');
        destination = `${body.countryDialingCode}${mobile}`;
        username = `sms:${destination}`;
      } else {
        username = normaliseUsername(body.username);
      }

      const needCaptcha = await captchaNeeded(merchant, username, ip);
      if (needCaptcha) {
        try {
          await verification.checkCaptcha(merchant.id, body.captchaId, body.captcha);
        } catch (error) {
          if (error instanceof AppError) throw new LoginRefusal(error.code, true, 'captcha');
          throw error;
        }
      }
      if (!bySms) {
        try {
          await verification.checkChallenge(body.challenge);
        } catch (error) {
          if (error instanceof AppError) throw new LoginRefusal(error.code, needCaptcha, 'challenge');
          throw error;
        }
      }

      const found = bySms
        ? await repository.byMobile(merchant.id, body.countryDialingCode as string, body.username.trim())
        : await repository.byUsername(merchant.id, username);
      const knownIp = found ? Boolean(await repository.isKnownIp(found.id, ip)) : false;
      const attemptId = await admit(
        merchant,
        username,
        found?.id ?? null,
        knownIp,
        ip,
        bySms ? 'sms' : 'password',
      );

      let ok: boolean;
      let codeId: number | null = null;
      if (bySms) {
        try {
          codeId = await verification.checkCode({
            merchantId: merchant.id,
            purpose: 'login',
            destination: destination as string,
            code: body.password,
            field: 'password',
          });
          ok = Boolean(found);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          ok = false;
        }
      } else {
        const passwordHash = found?.password_hash ?? (await decoyHash());
        ok = (await verifyPassword(passwordHash, body.password)) && Boolean(found?.password_hash);
      }
      if (!found || !ok || found.type === TRIAL_TYPE) {
        await repository.finishAttempt(attemptId, 'failure');
        await recordFailure(
          merchant,
          username,
          found?.id ?? null,
          ip,
          found ? 'credentials' : 'unknown account',
        );
        throw new LoginRefusal('login_failed', true);
      }
      if (found.status === 'locked') {
        await repository.finishAttempt(attemptId, 'failure');
        await recordFailure(merchant, username, found.id, ip, 'locked');
        throw new LoginRefusal('account_locked', false);
      }
      if (body.agent && !members.isAgent(found.type)) {
        await repository.finishAttempt(attemptId, 'failure');
        await recordFailure(merchant, username, found.id, ip, 'not an agent');
        throw new LoginRefusal('error_not_agent', false);
      }
      if (codeId !== null) {
        const used = codeId;
        await db.transaction().execute((trx) => verification.useCode(trx, used, 'password'));
      }

      // A password login from an address this member never used waits for a second check.
      const settings = memberSettingsOf(merchant);
      if (!bySms && settings.newIpSecondCheck && !knownIp && (await repository.hasKnownIps(found.id))) {
        const methods = await secondCheckMethods(found);
        if (methods.length > 0) {
          const { token: ticket, hash } = newToken();
          await repository.insertTicket({
            ticket_hash: hash,
            member_id: found.id,
            merchant_id: merchant.id,
            ip,
            method: body.password === WEAK_PASSWORD ? 'password:weak' : 'password',
            expires_at: new Date(Date.now() + TICKET_MINUTES * 60_000),
          });
          await repository.finishAttempt(attemptId, 'second_check');
          await audit.record(db, {
            actorType: 'member',
            actorId: found.id,
            actorName: found.username,
            merchantId: merchant.id,
            action: 'member.login.second_check',
            after: { methods },
            ip,
          });
          return {
            token: null,
            firstTimeLogin: false,
            passwordExpired: false,
            cpw: false,
            lastLoginTime: null,
            captcha: false,
            secondCheck: {
              ticket,
              methods,
              maskedMobile: maskMobile(found.mobile_dialing_code, found.mobile_number),
              maskedEmail: maskEmail(found.email),
              expiresInSeconds: TICKET_MINUTES * 60,
            },
          };
        }
      }
      return startedLogin(merchant, found.id, found.username, attemptId, ip, bySms ? 'sms' : 'password', {
        weakPassword: !bySms && body.password === WEAK_PASSWORD,
        viaCode: bySms,
        deviceId: context.deviceId ?? null,
      });
    },

    /** The live ticket of a pending second check, on this merchant and from the same address. */
    async ticketOf(merchant: Merchant, ticket: string, ip: string) {
      const hash = hashOf(ticket);
      const row = await repository.ticket(hash);
      if (
        !row ||
        row.merchant_id !== merchant.id ||
        row.ip !== ip ||
        row.consumed_at ||
        row.expires_at.getTime() < Date.now() ||
        row.attempts >= TICKET_TRIES
      )
        throw new AppError('second_check_failed', 'ticket');
      const member = await repository.byId(row.member_id);
      if (!member || member.status === 'locked') throw new AppError('second_check_failed', 'ticket');
      return { hash, row, member };
    },

    /** Sends the code of a mobile or e-mail second check. */
    async sendSecondCheckCode(
      merchant: Merchant,
      ticket: string,
      method: 'mobile' | 'email',
      ip: string,
      language: LanguageCode = 'EN',
    ) {
      const { member } = await service.ticketOf(merchant, ticket, ip);
      const settings = memberSettingsOf(merchant);
      const brand = merchant.settings.whitelabel.brandName;
      if (method === 'mobile') {
        if (!member.mobile_number || !member.mobile_dialing_code)
          throw new AppError('second_check_failed', 'method');
        const to = `${member.mobile_dialing_code}${member.mobile_number}`;
        const code = await verification.issueCode({
          merchantId: merchant.id,
          settings,
          purpose: 'second_check',
          channel: 'sms',
          destination: to,
          dialingCode: member.mobile_dialing_code,
          ip,
        });
        await verification.sendCodeSms(
          settings,
          { merchantId: merchant.id, memberId: member.id, purpose: 'second_check', ip, brand, language },
          to,
          code,
        );
      } else {
        if (!member.email) throw new AppError('second_check_failed', 'method');
        const code = await verification.issueCode({
          merchantId: merchant.id,
          settings,
          purpose: 'second_check',
          channel: 'email',
          destination: member.email,
          ip,
        });
        const { subject, text } = codeTexts(language).loginEmail(brand, code, CODE_MINUTES);
        await deps.messaging.sendEmail(
          settings.messaging,
          { merchantId: merchant.id, memberId: member.id, purpose: 'second_check', ip },
          {
            to: member.email,
            subject,
            text,
            masked: maskCode(text, code),
          },
        );
      }
      return { expiredMinutes: CODE_MINUTES };
    },

    /** Completes a login held for its second check: the code sent, or the payee (bank account) name. */
    async completeSecondCheck(
      merchant: Merchant,
      body: { ticket: string; method: SecondCheckMethod; answer: string },
      ip: string,
    ) {
      const { hash, row, member } = await service.ticketOf(merchant, body.ticket, ip);
      const fail = async () => {
        await repository.countTicketAttempt(hash);
        await recordFailure(merchant, member.username, member.id, ip, 'second check');
        throw new AppError('second_check_failed', 'answer');
      };
      let codeId: number | null = null;
      if (body.method === 'payeeName') {
        if (!member.payee_name || !sameText(member.payee_name, body.answer)) await fail();
      } else if (body.method === 'google') {
        const passed = await db
          .transaction()
          .execute((trx) => totp.verify(trx, { memberId: member.id }, body.answer));
        if (!passed) await fail();
      } else {
        const destination =
          body.method === 'mobile'
            ? member.mobile_number && `${member.mobile_dialing_code}${member.mobile_number}`
            : member.email;
        if (!destination) return fail();
        try {
          codeId = await verification.checkCode({
            merchantId: merchant.id,
            purpose: 'second_check',
            destination,
            code: body.answer,
            field: 'answer',
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          await fail();
        }
      }
      const consumed = await db.transaction().execute(async (trx) => {
        if (!(await repository.consumeTicket(trx, hash))) return false;
        if (codeId !== null) await verification.useCode(trx, codeId, 'answer');
        return true;
      });
      if (!consumed) throw new AppError('second_check_failed', 'ticket');
      const { id: attemptId } = await repository.insertAttempt(db, {
        merchant_id: merchant.id,
        username: member.username,
        member_id: member.id,
        ip,
        method: 'second_check',
        outcome: 'pending',
        known_ip: false,
      });
      // The weak-password flag travels with the ticket: the password itself is never kept.
      return startedLogin(
        merchant,
        member.id,
        member.username,
        attemptId,
        ip,
        `second_check:${body.method}`,
        {
          weakPassword: row.method === 'password:weak',
          viaCode: false,
        },
      );
    },

    /** Free play (module flag): a new trial member (type 4) with the demo balance, logged in. */
    async freePlay(
      merchant: Merchant,
      body: { challenge: string; os?: string | undefined },
      ip: string,
    ): Promise<LoginValue> {
      if (!merchant.settings.modules.freePlay) throw new AppError('function_disabled');
      await verification.checkChallenge(body.challenge);
      const perIp = await verification.hit(db, `freeplay:${merchant.id}:${ip}`, 86_400);
      if (perIp > FREE_PLAY_PER_IP_PER_DAY) throw new AppError('too_many_attempts', 'ip', { seconds: 3600 });
      const username = `trial_${crypto.randomBytes(6).toString('hex')}`;
      const memberId = await members.create(merchant, { username, password: null, type: TRIAL_TYPE });
      const { id: attemptId } = await repository.insertAttempt(db, {
        merchant_id: merchant.id,
        username,
        member_id: memberId,
        ip,
        method: 'freeplay',
        outcome: 'pending',
        known_ip: true,
      });
      return startedLogin(merchant, memberId, username, attemptId, ip, 'freeplay', {
        weakPassword: false,
        viaCode: true,
      });
    },

    /**
     * Sends a code for SMS login or a reset by phone. The answer is the same whether or not the number is a
     * member's (no enumeration); only members' numbers get a message, within the same limits.
     */
    async sendNoLoginCode(
      merchant: Merchant,
      mobileNum: string,
      dialingCode: string,
      ip: string,
      language: LanguageCode = 'EN',
    ) {
      const settings = memberSettingsOf(merchant);
      const mobile = checkMobile(mobileNum, dialingCode, settings.smsAllowedDialingCodes, 'mobileNum');
      const to = `${dialingCode}${mobile}`;
      const member = await repository.byMobile(merchant.id, dialingCode, mobile);
      // From an address the number's member used before, the request is the member's own: outside the budget
      // strangers share (docs/decisions/030-abuse-limits.md).
      const trusted = member ? Boolean(await repository.isKnownIp(member.id, ip)) : false;
      const code = await verification.issueCode({
        merchantId: merchant.id,
        settings,
        purpose: 'login',
        channel: 'sms',
        destination: to,
        dialingCode,
        ip,
        trusted,
      });
      if (member && member.type !== TRIAL_TYPE)
        await verification.sendCodeSms(
          settings,
          {
            merchantId: merchant.id,
            memberId: member.id,
            purpose: 'login',
            ip,
            brand: merchant.settings.whitelabel.brandName,
            language,
          },
          to,
          code,
        );
      return { expiredMinutes: CODE_MINUTES };
    },

    /** Sends a registration code (module flags: mobile registration or registration SMS). */
    async sendRegisterCode(
      merchant: Merchant,
      mobileNo: string,
      dialingCode: string,
      ip: string,
      language: LanguageCode = 'EN',
    ) {
      const modules = merchant.settings.modules;
      if (!modules.registrationSms && !modules.mobileRegistration) throw new AppError('function_disabled');
      const settings = memberSettingsOf(merchant);
      const mobile = checkMobile(mobileNo, dialingCode, settings.smsAllowedDialingCodes, 'mobileNo');
      const to = `${dialingCode}${mobile}`;
      const code = await verification.issueCode({
        merchantId: merchant.id,
        settings,
        purpose: 'register',
        channel: 'sms',
        destination: to,
        dialingCode,
        ip,
      });
      await verification.sendCodeSms(
        settings,
        {
          merchantId: merchant.id,
          purpose: 'register',
          ip,
          brand: merchant.settings.whitelabel.brandName,
          language,
        },
        to,
        code,
      );
      return { expiredMinutes: CODE_MINUTES };
    },
  };
  return service;
}

/** A mobile number to a country SMS may go to: digits only, 4 to 15 of them, dialling code on the merchant's list. */
export type AuthService = ReturnType<typeof authService>;
