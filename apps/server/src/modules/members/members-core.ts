// The members module's shared core: its dependencies and the steps several use cases share (rules, consents, the
// affiliate upline, the login answer, contact checks, the registration limit, starting a session).
import { type LoginValue, TRIAL_TYPE } from '@tala/contracts/members';
import {
  checkRule,
  defaultRegistrationRules,
  isConfusable,
  type PatternId,
  patternKinds,
  type RegistrationRule,
  type RuleFailure,
  type RuleField,
} from '@tala/contracts/registration-rules';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { newToken } from '../../lib/tokens.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { MessagingService } from '../messaging/messaging.service.ts';
import type { TotpService } from '../totp/totp.service.ts';
import { checkMobile, type VerificationService } from '../verification/verification.service.ts';
import { RuleViolation } from './member-errors.ts';
import { type Contact, type ContactInput, contactTaken, memberSettingsOf, toIso } from './member-format.ts';
import { memberReferralUseCases } from './member-referrals.ts';
import { type MemberRow, membersRepository } from './members.repository.ts';
import { sessionCache } from './session-cache.ts';

export type MembersDeps = {
  audit: AuditService;
  verification: VerificationService;
  messaging: MessagingService;
  totp: TotpService;
  /** Reads that tolerate a few seconds of lag: the back office's members list (the read replica, decision 062). */
  reports?: Database | undefined;
};

export function membersCore(db: Database, deps: MembersDeps) {
  const repository = membersRepository(db);
  /** The same SQL on the read replica, for the back office's lists only (decision 062). */
  const reportsRepository = deps.reports ? membersRepository(deps.reports) : repository;
  const referrals = memberReferralUseCases(db);
  const { audit, verification, messaging } = deps;
  /** The member guard's live sessions, kept in this process between the changes that end them. */
  const sessions = sessionCache();

  async function rulesOf(merchantId: number): Promise<RegistrationRule[]> {
    const rows = await repository.rules(merchantId);
    const defaults = defaultRegistrationRules();
    if (rows.length === 0) return defaults;
    return defaults.map((fallback) => {
      const row = rows.find((r) => r.field === fallback.field);
      if (!row || !(row.pattern_id in patternKinds)) return fallback;
      const patternId = row.pattern_id as PatternId;
      return {
        field: fallback.field,
        show: row.show,
        required: row.required,
        patternId,
        minLength: row.min_length,
        maxLength: row.max_length,
        acceptedPattern: patternKinds[patternId],
      };
    });
  }

  function ruleOf(rules: RegistrationRule[], field: RuleField): RegistrationRule {
    return rules.find((r) => r.field === field) as RegistrationRule;
  }

  /** Checks a password against the merchant's password rule; the failure names `field`. */
  async function checkPassword(
    merchantId: number,
    password: string,
    confirm: string | undefined,
    field: string,
    confirmField: string,
  ) {
    const rule = ruleOf(await rulesOf(merchantId), 'password');
    const failures: (RuleFailure | { field: string; reason: 'mismatch' })[] = [];
    const failure = checkRule(password, { ...rule, show: true, required: true });
    if (failure) failures.push({ ...failure, field });
    if (confirm !== undefined && confirm !== password)
      failures.push({ field: confirmField, reason: 'mismatch' });
    if (failures.length > 0) throw new RuleViolation(failures);
  }

  function requireConsents(body: { acceptTerms: boolean; confirmAge: boolean; acceptPrivacy: boolean }) {
    for (const field of ['acceptTerms', 'confirmAge', 'acceptPrivacy'] as const)
      if (body[field] !== true) throw new AppError('terms_not_accepted', field);
  }

  async function affiliateUpline(merchantId: number, code: string | undefined, field = 'affiliateCode') {
    if (!code?.trim()) return null;
    const agent = await repository.agentByAffiliateCode(merchantId, code.trim());
    if (!agent) throw new AppError('invitation_code_error', field);
    return agent.id;
  }

  /** The login answer for a session just started. */
  function loginValue(
    member: Pick<MemberRow, 'must_change_password' | 'password_changed_at' | 'type'>,
    settings: Merchant['settings'],
    session: { token: string; previousLoginAt: Date | null; firstTimeLogin: boolean },
    options: { weakPassword: boolean; viaCode: boolean },
  ): LoginValue {
    const members = memberSettingsOf({ settings } as Merchant);
    const changedAt = member.password_changed_at?.getTime() ?? 0;
    const passwordExpired =
      settings.modules.forcedPasswordExpiry &&
      member.type !== TRIAL_TYPE &&
      member.password_changed_at !== null &&
      Date.now() - changedAt > members.passwordExpiryDays * 86_400_000;
    const cpw = !options.viaCode && (options.weakPassword || member.must_change_password || passwordExpired);
    return {
      token: session.token,
      firstTimeLogin: session.firstTimeLogin,
      passwordExpired,
      cpw,
      lastLoginTime: toIso(session.previousLoginAt),
      captcha: false,
      secondCheck: null,
    };
  }

  /**
   * Checks a new contact for the member: the merchant's mobileNum or email rule, the allowed dialling codes, not the
   * member's own already, not another member's (mobile_taken / email_taken).
   */
  async function checkContact(merchant: Merchant, member: MemberRow, body: ContactInput): Promise<Contact> {
    const rules = await rulesOf(merchant.id);
    let contact: Contact;
    if (body.channel === 'sms') {
      const number = body.mobileNum?.trim() ?? '';
      const dialingCode = body.countryDialingCode;
      if (!dialingCode) throw new AppError('validation_failed', 'countryDialingCode');
      const failure = checkRule(number, { ...ruleOf(rules, 'mobileNum'), show: true, required: true });
      if (failure) throw new RuleViolation([failure]);
      checkMobile(number, dialingCode, memberSettingsOf(merchant).smsAllowedDialingCodes, 'mobileNum');
      if (member.mobile_dialing_code === dialingCode && member.mobile_number === number)
        throw new AppError('contact_unchanged', 'mobileNum');
      contact = { channel: 'sms', dialingCode, number, destination: `${dialingCode}${number}` };
    } else {
      const email = body.email?.trim().toLowerCase() ?? '';
      const failure = checkRule(email, { ...ruleOf(rules, 'email'), show: true, required: true });
      if (failure) throw new RuleViolation([failure]);
      if (isConfusable(email)) throw new AppError('validation_failed', 'email');
      if (member.email === email) throw new AppError('contact_unchanged', 'email');
      contact = { channel: 'email', destination: email };
    }
    if (await repository.contactHolder(db, merchant.id, contact, member.id))
      throw contactTaken(contact.channel);
    return contact;
  }

  /**
   * The registrations-per-address limit (member setting, a rolling day), checked in the registering transaction
   * under a lock per address so parallel sign-ups cannot overshoot it.
   */
  async function admitRegistration(trx: Database, merchant: Merchant, ip: string) {
    const limit = memberSettingsOf(merchant).registrationsPerIpPerDay;
    await verification.lock(trx, `register-ip:${merchant.id}:${ip}`);
    if ((await repository.registrationsFrom(trx, merchant.id, ip)) >= limit)
      throw new AppError('too_many_registrations', 'username', { limit });
  }

  /**
   * Starts a session inside the caller's transaction: a fresh 256-bit token (only its hash stored), older
   * sessions ended when the merchant allows one per member, the login counted and the address remembered.
   */
  async function startSession(
    trx: Database,
    merchant: Merchant,
    memberId: number,
    ip: string,
    deviceId?: string | null,
  ) {
    const { token, hash } = newToken();
    // The member row is locked first, so simultaneous logins queue and each ends the one before it.
    const before = await repository.recordLogin(trx, memberId);
    if (memberSettingsOf(merchant).singleSession)
      await repository.revokeSessionsOf(trx, memberId, 'replaced');
    await repository.insertSession(trx, {
      token_hash: hash,
      member_id: memberId,
      merchant_id: merchant.id,
      ip,
    });
    await repository.rememberIp(trx, memberId, ip);
    await referrals.rememberDevice(trx, memberId, deviceId);
    return { token, previousLoginAt: before.last_login_at, firstTimeLogin: before.login_count === 0 };
  }

  return {
    db,
    deps,
    repository,
    reportsRepository,
    sessions,
    audit,
    verification,
    messaging,
    rulesOf,
    ruleOf,
    checkPassword,
    requireConsents,
    affiliateUpline,
    loginValue,
    checkContact,
    admitRegistration,
    startSession,
  };
}

export type MembersCore = ReturnType<typeof membersCore>;
