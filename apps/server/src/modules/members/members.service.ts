import crypto from 'node:crypto';
import type { LanguageCode } from '@tala/contracts/languages';
import {
  agentTypes,
  type LoginValue,
  type MemberDetail,
  type MemberInfo,
  type RecentLogin,
  type RegisterBody,
  type RegisterMobileBody,
  TRIAL_TYPE,
} from '@tala/contracts/members';
import {
  defaultMemberSettings,
  type MemberSettings,
  memberSettings,
} from '@tala/contracts/merchant-settings';
import {
  checkRule,
  defaultRegistrationRules,
  isConfusable,
  type PatternId,
  patternKinds,
  type RegistrationRule,
  type RuleFailure,
  type RuleField,
  ruleFields,
} from '@tala/contracts/registration-rules';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { lookupCountry } from '../../lib/geoip.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { MessagingService } from '../messaging/messaging.service.ts';
import type { Actor } from '../operators/operators.service.ts';
import type { TotpService } from '../totp/totp.service.ts';
import {
  CODE_MINUTES,
  checkMobile,
  maskCode,
  type VerificationService,
} from '../verification/verification.service.ts';
import { avatarDataUrl } from './avatar.ts';
import { googleVerificationService } from './google-verification.ts';
import { RuleViolation } from './member-errors.ts';
import { type MemberRow, membersRepository } from './members.repository.ts';

export type { MemberRow };

/** A member as the guard hands it to routes. */
export type SignedInMember = MemberRow & { tokenHash: Buffer };

/** Where a request came from, for the record. */
export type RequestContext = { ip: string; host: string; language: LanguageCode; origin: string };

const RESET_LINK_MINUTES = 30;
/** Reset e-mails one address may ask for one member in an hour. */
export const RESETS_PER_ADDRESS_PER_HOUR = 3;
/** Reset e-mails addresses the member never used may ask for, together, in a (UTC) day: the inbox-flood bound. */
export const RESETS_FROM_STRANGERS_PER_DAY = 10;
/** Wrong current passwords a member may give in an hour when changing it. */
const OLD_PASSWORD_TRIES_PER_HOUR = 10;
/** Wrong payment passwords a member may give in an hour before payments stop asking. */
export const PAYMENT_PASSWORD_TRIES_PER_HOUR = 5;

/** A merchant's member settings; documents saved before they existed get the defaults. */
export function memberSettingsOf(merchant: Merchant): MemberSettings {
  const stored = (merchant.settings as { members?: unknown }).members;
  const parsed = memberSettings.safeParse(stored);
  return parsed.success ? parsed.data : defaultMemberSettings;
}

export function maskMobile(dialingCode: string | null, number: string | null): string | null {
  if (!dialingCode || !number) return null;
  return `${dialingCode} ${number.slice(0, 2)}${'*'.repeat(Math.max(number.length - 4, 1))}${number.slice(-2)}`;
}

export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 2)}${'*'.repeat(Math.max(name.length - 2, 3))}@${domain}`;
}

/** A username as stored and compared: trimmed and lower-case. */
export function normaliseUsername(username: string) {
  return username.trim().toLowerCase();
}

/** A new contact as the member typed it (POST /wps/member/contact/code, PUT /wps/member/contact). */
type ContactInput = {
  channel: 'sms' | 'email';
  mobileNum?: string | undefined;
  countryDialingCode?: string | undefined;
  email?: string | undefined;
};
/** A checked contact: the number or lower-case address, and where its code goes. */
export type Contact =
  | { channel: 'sms'; dialingCode: string; number: string; destination: string }
  | { channel: 'email'; destination: string };

function contactTaken(channel: Contact['channel']) {
  return channel === 'sms' ? new AppError('mobile_taken', 'mobileNum') : new AppError('email_taken', 'email');
}

function toIso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

export function membersService(
  db: Database,
  deps: {
    audit: AuditService;
    verification: VerificationService;
    messaging: MessagingService;
    totp: TotpService;
  },
) {
  const repository = membersRepository(db);
  const { audit, verification, messaging } = deps;

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

  const service = {
    ...googleVerificationService(db, deps),
    rulesOf,
    settingsOf: memberSettingsOf,
    repository,

    // ------------------------------------------------------------ sessions

    /**
     * Starts a session inside the caller's transaction: a fresh 256-bit token (only its hash stored), older
     * sessions ended when the merchant allows one per member, the login counted and the address remembered.
     */
    async startSession(trx: Database, merchant: Merchant, memberId: number, ip: string) {
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
      return { token, previousLoginAt: before.last_login_at, firstTimeLogin: before.login_count === 0 };
    },

    loginValue,

    /**
     * The member behind a raw token on this merchant's site: not_logged_in when unknown, ended, idle too long or of
     * another merchant; login.not.session when a newer login replaced it; account_locked when locked.
     */
    async authenticate(merchant: Merchant, token: string | undefined): Promise<SignedInMember> {
      if (!token || token.length > 200) throw new AppError('not_logged_in');
      const tokenHash = hashToken(token);
      const row = await repository.session(tokenHash);
      if (!row || row.session_merchant_id !== merchant.id) throw new AppError('not_logged_in');
      if (row.revoked_at)
        throw new AppError(row.revoked_reason === 'replaced' ? 'login.not.session' : 'not_logged_in');
      const idleMs = merchant.settings.sessionIdleMinutes * 60_000;
      const seen = row.last_seen_at.getTime();
      if (Date.now() - seen > idleMs) {
        await repository.revokeSession(tokenHash, 'idle');
        throw new AppError('not_logged_in');
      }
      if (row.status === 'locked') throw new AppError('account_locked');
      // One write per ten seconds of activity is enough to measure idleness in minutes.
      if (Date.now() - seen > 10_000) await repository.touchSession(tokenHash);
      const {
        session_merchant_id: _m,
        last_seen_at: _l,
        revoked_at: _r,
        revoked_reason: _rr,
        ...member
      } = row;
      return { ...member, tokenHash };
    },

    async logout(merchant: Merchant, member: SignedInMember, ip: string) {
      await repository.revokeSession(member.tokenHash, 'logout');
      await audit.record(db, {
        actorType: 'member',
        actorId: member.id,
        actorName: member.username,
        merchantId: merchant.id,
        action: 'member.logout',
        ip,
      });
    },

    // ------------------------------------------------------------ registration

    async registrationSettings(merchant: Merchant) {
      const settings = memberSettingsOf(merchant);
      const modules = merchant.settings.modules;
      return {
        rules: await rulesOf(merchant.id),
        usernameRegistration: modules.usernameRegistration,
        mobileRegistration: modules.mobileRegistration,
        mobilePasswordRegistration: modules.mobilePasswordRegistration,
        smsVerification: modules.registrationSms,
        countryCodePicker: modules.countryCodePicker,
        allowedDialingCodes: settings.smsAllowedDialingCodes,
        minimumAge: merchant.settings.minimumAge,
        codeExpiredMinutes: CODE_MINUTES,
      };
    },

    /** Whether an affiliate code in the address is an active agent's; invitation_code_error otherwise. */
    async checkAffiliate(merchant: Merchant, code: string) {
      await affiliateUpline(merchant.id, code, 'code');
      return { code: code.trim().toUpperCase(), valid: true as const };
    },

    /**
     * Username registration: every rule checked (all failing fields named), then the affiliate code, the captcha,
     * the proof of work and the SMS code, then one transaction creates the member and, with `login`, its session.
     */
    async register(
      merchant: Merchant,
      body: RegisterBody,
      context: RequestContext,
    ): Promise<LoginValue | null> {
      if (!merchant.settings.modules.usernameRegistration) throw new AppError('function_disabled');
      requireConsents(body);
      const rules = await rulesOf(merchant.id);
      const values: Record<RuleField, string | undefined> = {
        username: body.username,
        password: body.password,
        mobileNum: body.mobileNum,
        payeeName: body.payeeName,
        email: body.email,
        qqNum: body.qqNum,
        line: body.line,
        whatsapp: body.whatsapp,
        facebook: body.facebook,
        wechat: body.wechat,
        idNumber: body.idNumber,
        recommenderId: body.recommenderId,
        affiliateCode: body.affiliateCode,
        captcha: body.captcha,
        paymentPassword: body.paymentPassword,
      };
      const smsRequired = merchant.settings.modules.registrationSms;
      const failures: (RuleFailure | { field: string; reason: 'mismatch' })[] = [];
      for (const field of ruleFields) {
        const rule = ruleOf(rules, field);
        // The captcha is checked as a captcha (after the rules); a required SMS code needs the mobile number.
        if (field === 'captcha') {
          const captchaRule = ruleOf(rules, 'captcha');
          if (captchaRule.show && !values.captcha?.trim())
            failures.push({ field, reason: 'required', patternId: 'ANY', min: 1, max: 16 });
          continue;
        }
        const effective =
          field === 'mobileNum' && smsRequired ? { ...rule, show: true, required: true } : rule;
        const failure = checkRule(values[field], effective);
        if (failure) failures.push(failure);
      }
      if (body.confirmPassword !== body.password)
        failures.push({ field: 'confirmPassword', reason: 'mismatch' });
      const shown = (field: RuleField) => ruleOf(rules, field).show;
      const given = (field: RuleField) =>
        shown(field) && values[field]?.trim() ? values[field]?.trim() : null;
      const mobile = given('mobileNum') ?? (smsRequired ? values.mobileNum?.trim() : null) ?? null;
      if (mobile && !body.countryDialingCode)
        failures.push({ field: 'countryDialingCode', reason: 'mismatch' });
      if (failures.length > 0) throw new RuleViolation(failures);

      const uplineId = shown('affiliateCode') ? await affiliateUpline(merchant.id, body.affiliateCode) : null;
      if (shown('captcha')) await verification.checkCaptcha(merchant.id, body.captchaId, body.captcha);
      await verification.checkChallenge(body.challenge);
      const destination = mobile ? `${body.countryDialingCode}${mobile}` : null;
      const codeId =
        smsRequired && destination
          ? await verification.checkCode({
              merchantId: merchant.id,
              purpose: 'register',
              destination,
              code: body.verificationCode,
              field: 'verificationCode',
            })
          : null;

      const username = normaliseUsername(body.username);
      const passwordHash = await hashPassword(body.password);
      const paymentPassword = given('paymentPassword');
      const paymentHash = paymentPassword ? await hashPassword(paymentPassword) : null;
      const now = new Date();
      return db.transaction().execute(async (trx) => {
        await admitRegistration(trx, merchant, context.ip);
        const inserted = await repository.insert(trx, {
          merchant_id: merchant.id,
          username,
          password_hash: passwordHash,
          type: 0,
          upline_id: uplineId,
          mobile_dialing_code: mobile ? (body.countryDialingCode as string) : null,
          mobile_number: mobile,
          email: given('email')?.toLowerCase() ?? null,
          payee_name: given('payeeName'),
          qq_num: given('qqNum'),
          line: given('line'),
          whatsapp: given('whatsapp'),
          facebook: given('facebook'),
          wechat: given('wechat'),
          id_number: given('idNumber'),
          recommender_id: given('recommenderId'),
          payment_password_hash: paymentHash,
          referral_code: body.referralCode?.trim() || null,
          register_url: body.registerUrl?.trim() || null,
          register_domain: body.domain?.trim() || context.host,
          register_method: body.registerMethod,
          register_ip: context.ip,
          password_changed_at: now,
          terms_accepted_at: now,
        });
        if ('conflict' in inserted)
          throw inserted.conflict === 'mobile'
            ? new AppError('mobile_taken', 'mobileNum')
            : new AppError('username_taken', 'username');
        if (codeId !== null) await verification.useCode(trx, codeId, 'verificationCode');
        await repository.rememberIp(trx, inserted.id, context.ip);
        await audit.record(trx, {
          actorType: 'member',
          actorId: inserted.id,
          actorName: username,
          merchantId: merchant.id,
          action: 'member.register',
          after: { username, method: 'username', upline: uplineId, referralCode: body.referralCode ?? null },
          ip: context.ip,
        });
        if (!body.login) return null;
        const session = await service.startSession(trx, merchant, inserted.id, context.ip);
        await repository.insertAttempt(trx, {
          merchant_id: merchant.id,
          username,
          member_id: inserted.id,
          ip: context.ip,
          method: 'register',
          outcome: 'success',
          known_ip: true,
        });
        return loginValue(
          { must_change_password: false, password_changed_at: now, type: 0 },
          merchant.settings,
          session,
          { weakPassword: false, viaCode: false },
        );
      });
    },

    /** Mobile registration (module flag): the number is the account; SMS code and password per the flags. */
    async registerMobile(
      merchant: Merchant,
      body: RegisterMobileBody,
      context: RequestContext,
    ): Promise<LoginValue | null> {
      const modules = merchant.settings.modules;
      if (!modules.mobileRegistration) throw new AppError('function_disabled');
      requireConsents(body);
      const rules = await rulesOf(merchant.id);
      const failures: (RuleFailure | { field: string; reason: 'mismatch' })[] = [];
      const mobileRule = { ...ruleOf(rules, 'mobileNum'), show: true, required: true };
      const mobile = body.mobileNum.trim();
      const mobileFailure = checkRule(mobile, mobileRule);
      if (mobileFailure) failures.push(mobileFailure);
      if (modules.mobilePasswordRegistration) {
        const failure = checkRule(body.password, {
          ...ruleOf(rules, 'password'),
          show: true,
          required: true,
        });
        if (failure) failures.push(failure);
        if (body.confirmPassword !== body.password)
          failures.push({ field: 'confirmPassword', reason: 'mismatch' });
      }
      if (failures.length > 0) throw new RuleViolation(failures);
      const uplineId = await affiliateUpline(merchant.id, body.affiliateCode);
      await verification.checkChallenge(body.challenge);
      const destination = `${body.countryDialingCode}${mobile}`;
      const codeId = modules.registrationSms
        ? await verification.checkCode({
            merchantId: merchant.id,
            purpose: 'register',
            destination,
            code: body.verificationCode,
            field: 'verificationCode',
          })
        : null;
      const username = `m${body.countryDialingCode.slice(1)}${mobile}`;
      const passwordHash =
        modules.mobilePasswordRegistration && body.password ? await hashPassword(body.password) : null;
      const now = new Date();
      return db.transaction().execute(async (trx) => {
        await admitRegistration(trx, merchant, context.ip);
        const inserted = await repository.insert(trx, {
          merchant_id: merchant.id,
          username,
          password_hash: passwordHash,
          type: 0,
          upline_id: uplineId,
          mobile_dialing_code: body.countryDialingCode,
          mobile_number: mobile,
          referral_code: body.referralCode?.trim() || null,
          register_url: body.registerUrl?.trim() || null,
          register_domain: body.domain?.trim() || context.host,
          register_method: body.registerMethod,
          register_ip: context.ip,
          password_changed_at: passwordHash ? now : null,
          terms_accepted_at: now,
        });
        if ('conflict' in inserted) throw new AppError('mobile_taken', 'mobileNum');
        if (codeId !== null) await verification.useCode(trx, codeId, 'verificationCode');
        await repository.rememberIp(trx, inserted.id, context.ip);
        await audit.record(trx, {
          actorType: 'member',
          actorId: inserted.id,
          actorName: username,
          merchantId: merchant.id,
          action: 'member.register',
          after: { username, method: 'mobile', upline: uplineId, referralCode: body.referralCode ?? null },
          ip: context.ip,
        });
        if (!body.login) return null;
        const session = await service.startSession(trx, merchant, inserted.id, context.ip);
        await repository.insertAttempt(trx, {
          merchant_id: merchant.id,
          username,
          member_id: inserted.id,
          ip: context.ip,
          method: 'register',
          outcome: 'success',
          known_ip: true,
        });
        return loginValue(
          { must_change_password: false, password_changed_at: now, type: 0 },
          merchant.settings,
          session,
          {
            weakPassword: false,
            viaCode: !passwordHash,
          },
        );
      });
    },

    /** Creates a member directly (seed, fixtures): no checks beyond the database's own. */
    async create(
      merchant: Merchant,
      input: {
        username: string;
        password: string | null;
        type?: number;
        uplineId?: number | null;
        affiliateCode?: string | null;
        mobile?: { dialingCode: string; number: string } | null;
        email?: string | null;
        payeeName?: string | null;
        nickname?: string | null;
        vipLevel?: number;
        clubLabel?: string | null;
        memberLabels?: string[];
        mustChangePassword?: boolean;
      },
    ): Promise<number> {
      const type = input.type ?? 0;
      const inserted = await repository.insert(db, {
        merchant_id: merchant.id,
        username: normaliseUsername(input.username),
        password_hash: input.password ? await hashPassword(input.password) : null,
        type,
        upline_id: input.uplineId ?? null,
        affiliate_code: input.affiliateCode?.toUpperCase() ?? null,
        mobile_dialing_code: input.mobile?.dialingCode ?? null,
        mobile_number: input.mobile?.number ?? null,
        email: input.email?.toLowerCase() ?? null,
        payee_name: input.payeeName ?? null,
        nickname: input.nickname ?? null,
        vip_level: input.vipLevel ?? 0,
        club_label: input.clubLabel ?? null,
        member_labels: input.memberLabels ?? [],
        demo_balance: type === TRIAL_TYPE ? memberSettingsOf(merchant).freePlayBalance : null,
        must_change_password: input.mustChangePassword ?? false,
        password_changed_at: input.password ? new Date() : null,
        register_method: 'WEB',
      });
      if ('conflict' in inserted)
        throw new AppError(inserted.conflict === 'mobile' ? 'mobile_taken' : 'username_taken', 'username');
      return inserted.id;
    },

    // ------------------------------------------------------------ profile

    async info(member: MemberRow): Promise<MemberInfo> {
      const upline = member.upline_id ? await repository.uplineAccount(member.upline_id) : undefined;
      const hash = await repository.passwordHash(member.id);
      return {
        id: member.id,
        account: member.username,
        nickname: member.nickname,
        type: member.type,
        toUpline: member.upline_id !== null && member.type === 0,
        uplineAccount: upline?.username ?? null,
        clubLabel: member.club_label ? { labelName: member.club_label } : null,
        memberLabel: member.member_labels.map((labelName) => ({ labelName })),
        vipLevel: member.vip_level,
        lastLoginTime: toIso(member.previous_login_at),
        hasPassword: Boolean(hash?.password_hash),
        maskedMobile: maskMobile(member.mobile_dialing_code, member.mobile_number),
        maskedEmail: maskEmail(member.email),
        icon: member.icon,
        demoBalance: member.type === TRIAL_TYPE ? member.demo_balance : null,
      };
    },

    icon(member: MemberRow) {
      return { icon: member.icon, avatar: avatarDataUrl(member.username, member.icon) };
    },

    async setIcon(member: MemberRow, icon: number) {
      await repository.update(db, member.id, { icon });
      return { icon, avatar: avatarDataUrl(member.username, icon) };
    },

    /** Changes the nickname (no look-alike or control characters); audited. */
    async updateProfile(
      merchant: Merchant,
      member: SignedInMember,
      body: { nickname: string },
      ip: string,
    ): Promise<MemberInfo> {
      const nickname = body.nickname.trim();
      if (!nickname || isConfusable(nickname)) throw new AppError('validation_failed', 'nickname');
      if (nickname !== member.nickname) {
        await db.transaction().execute(async (trx) => {
          await repository.update(trx, member.id, { nickname });
          await audit.record(trx, {
            actorType: 'member',
            actorId: member.id,
            actorName: member.username,
            merchantId: merchant.id,
            action: 'member.profile.update',
            before: { nickname: member.nickname },
            after: { nickname },
            ip,
          });
        });
      }
      return service.info((await repository.byId(member.id)) as MemberRow);
    },

    // ------------------------------------------------------------ contacts

    /**
     * Sends a one-time code (6 digits, single use, 10 minutes) to a new mobile number or e-mail address, under the
     * abuse limits of every code; a contact another member holds is refused before anything is sent.
     */
    async sendContactCode(
      merchant: Merchant,
      member: SignedInMember,
      body: ContactInput,
      ip: string,
    ): Promise<{ expiredMinutes: number }> {
      if (member.type === TRIAL_TYPE) throw new AppError('in_need_true_account');
      const contact = await checkContact(merchant, member, body);
      const settings = memberSettingsOf(merchant);
      const code = await verification.issueCode({
        merchantId: merchant.id,
        settings,
        purpose: 'contact',
        channel: contact.channel,
        destination: contact.destination,
        ...(contact.channel === 'sms' ? { dialingCode: contact.dialingCode } : {}),
        ip,
      });
      const brand = merchant.settings.whitelabel.brandName;
      const meta = { merchantId: merchant.id, memberId: member.id, purpose: 'contact' as const, ip };
      if (contact.channel === 'sms') {
        await verification.sendCodeSms(settings, { ...meta, brand }, contact.destination, code);
      } else {
        const text = `Your ${brand} code to add this e-mail address to your account is ${code}. It expires in ${CODE_MINUTES} minutes. If you did not ask for it, ignore this e-mail.`;
        await messaging.sendEmail(settings.messaging, meta, {
          to: contact.destination,
          subject: `${brand}: confirm your e-mail address`,
          text,
          masked: maskCode(text, code),
        });
      }
      return { expiredMinutes: CODE_MINUTES };
    },

    /**
     * Binds the mobile number or e-mail address that received the code. Replacing a bound contact needs the login
     * password (when one is held). The code is used up in the same transaction as the change; audited, masked.
     */
    async bindContact(
      merchant: Merchant,
      member: SignedInMember,
      body: ContactInput & { verificationCode: string; password?: string | undefined },
      ip: string,
    ): Promise<MemberInfo> {
      if (member.type === TRIAL_TYPE) throw new AppError('in_need_true_account');
      const contact = await checkContact(merchant, member, body);
      const replacing = contact.channel === 'sms' ? member.mobile_number !== null : member.email !== null;
      if (replacing) {
        const held = (await repository.passwordHash(member.id))?.password_hash ?? null;
        if (held) {
          if (!body.password) throw new AppError('validation_failed', 'password');
          const tries = await verification.hit(db, `old-password:${member.id}`, 3600);
          if (tries > OLD_PASSWORD_TRIES_PER_HOUR)
            throw new AppError('too_many_attempts', 'password', { seconds: 3600 });
          if (!(await verifyPassword(held, body.password)))
            throw new AppError('old_password_incorrect', 'password');
        }
      }
      const codeId = await verification.checkCode({
        merchantId: merchant.id,
        purpose: 'contact',
        destination: contact.destination,
        code: body.verificationCode,
        field: 'verificationCode',
      });
      const before =
        contact.channel === 'sms'
          ? { mobile: maskMobile(member.mobile_dialing_code, member.mobile_number) }
          : { email: maskEmail(member.email) };
      await db.transaction().execute(async (trx) => {
        await verification.lock(trx, `contact:${merchant.id}:${contact.destination}`);
        if (await repository.contactHolder(trx, merchant.id, contact, member.id))
          throw contactTaken(contact.channel);
        await verification.useCode(trx, codeId, 'verificationCode');
        await repository.update(
          trx,
          member.id,
          contact.channel === 'sms'
            ? { mobile_dialing_code: contact.dialingCode, mobile_number: contact.number }
            : { email: contact.destination },
        );
        await audit.record(trx, {
          actorType: 'member',
          actorId: member.id,
          actorName: member.username,
          merchantId: merchant.id,
          action: 'member.contact.change',
          before,
          after:
            contact.channel === 'sms'
              ? { mobile: maskMobile(contact.dialingCode, contact.number) }
              : { email: maskEmail(contact.destination) },
          ip,
        });
      });
      return service.info((await repository.byId(member.id)) as MemberRow);
    },

    /** The member's ten latest login attempts with the address's country when known. */
    async recentLogins(member: MemberRow): Promise<RecentLogin[]> {
      const rows = await repository.loginHistory(member.id, 10);
      return rows.map((row) => ({
        at: row.at.toISOString(),
        ip: row.ip,
        country: lookupCountry(row.ip).countryCode,
        method: row.method,
        outcome: row.outcome,
      }));
    },

    // ------------------------------------------------------------ passwords

    /** Change password: the current one is required only when one is held; other sessions end. */
    async changePassword(
      merchant: Merchant,
      member: SignedInMember,
      body: { oldPassword?: string | undefined; newPassword: string; confirmNewPassword: string },
      ip: string,
    ) {
      const held = (await repository.passwordHash(member.id))?.password_hash ?? null;
      if (held) {
        if (!body.oldPassword) throw new AppError('validation_failed', 'oldPassword');
        const tries = await verification.hit(db, `old-password:${member.id}`, 3600);
        if (tries > OLD_PASSWORD_TRIES_PER_HOUR)
          throw new AppError('too_many_attempts', 'oldPassword', { seconds: 3600 });
        if (!(await verifyPassword(held, body.oldPassword))) {
          await audit.record(db, {
            actorType: 'member',
            actorId: member.id,
            actorName: member.username,
            merchantId: merchant.id,
            action: 'member.password.change.failed',
            ip,
          });
          throw new AppError('old_password_incorrect', 'oldPassword');
        }
      }
      await checkPassword(
        merchant.id,
        body.newPassword,
        body.confirmNewPassword,
        'newPassword',
        'confirmNewPassword',
      );
      const hash = await hashPassword(body.newPassword);
      await db.transaction().execute(async (trx) => {
        await repository.update(trx, member.id, {
          password_hash: hash,
          password_changed_at: new Date(),
          must_change_password: false,
        });
        await repository.revokeSessionsOf(trx, member.id, 'password', member.tokenHash);
        await audit.record(trx, {
          actorType: 'member',
          actorId: member.id,
          actorName: member.username,
          merchantId: merchant.id,
          action: 'member.password.change',
          ip,
        });
      });
    },

    // ------------------------------------------------------------ payment password (members own it)

    /** Whether the member has set a payment password. */
    async paymentPasswordIsSet(memberId: number): Promise<boolean> {
      return Boolean((await repository.secrets(memberId))?.payment_password_hash);
    },

    /**
     * Sets or changes the payment password (trial members: in_need_true_account). The login password proves it is
     * the member whenever one is held; the new one must pass the merchant's paymentPassword rule. Audited.
     */
    async setPaymentPassword(
      member: SignedInMember,
      body: { loginPassword?: string | undefined; paymentPassword: string },
      ip: string,
    ) {
      if (member.type === TRIAL_TYPE) throw new AppError('in_need_true_account');
      const secrets = await repository.secrets(member.id);
      if (secrets?.password_hash) {
        if (!body.loginPassword) throw new AppError('validation_failed', 'loginPassword');
        const tries = await verification.hit(db, `old-password:${member.id}`, 3600);
        if (tries > OLD_PASSWORD_TRIES_PER_HOUR)
          throw new AppError('too_many_attempts', 'loginPassword', { seconds: 3600 });
        if (!(await verifyPassword(secrets.password_hash, body.loginPassword)))
          throw new AppError('old_password_incorrect', 'loginPassword');
      }
      const rule = ruleOf(await rulesOf(member.merchant_id), 'paymentPassword');
      const failure = checkRule(body.paymentPassword, { ...rule, show: true, required: true });
      if (failure) throw new RuleViolation([failure]);
      const hash = await hashPassword(body.paymentPassword);
      await db.transaction().execute(async (trx) => {
        await repository.update(trx, member.id, { payment_password_hash: hash });
        await audit.record(trx, {
          actorType: 'member',
          actorId: member.id,
          actorName: member.username,
          merchantId: member.merchant_id,
          action: secrets?.payment_password_hash
            ? 'member.payment_password.change'
            : 'member.payment_password.set',
          target: `member:${member.id}`,
          ip,
        });
      });
    },

    /**
     * Checks a payment password before a payment: payment_password_not_set, too_many_attempts after
     * PAYMENT_PASSWORD_TRIES_PER_HOUR wrong ones in the hour, payment_password_incorrect (counted).
     */
    async verifyPaymentPassword(member: { id: number }, password: unknown) {
      const hash = (await repository.secrets(member.id))?.payment_password_hash;
      if (!hash) throw new AppError('payment_password_not_set', 'paymentPassword');
      const key = `payment-password:${member.id}`;
      if ((await verification.count(db, key, 3600)) >= PAYMENT_PASSWORD_TRIES_PER_HOUR)
        throw new AppError('too_many_attempts', 'paymentPassword', { seconds: 3600 });
      if (typeof password !== 'string' || password.length > 128 || !(await verifyPassword(hash, password))) {
        await verification.hit(db, key, 3600);
        throw new AppError('payment_password_incorrect', 'paymentPassword');
      }
    },

    /** Forgot by e-mail: a single-use reset link (30 minutes) to the member's address. */
    async forgotByEmail(
      merchant: Merchant,
      body: { username: string; email: string },
      context: RequestContext,
    ) {
      const perIp = await verification.hit(db, `forgot:${merchant.id}:${context.ip}`, 3600);
      if (perIp > 10) throw new AppError('too_many_attempts', 'username', { seconds: 3600 });
      const member = await repository.byUsername(merchant.id, normaliseUsername(body.username));
      const email = body.email.trim().toLowerCase();
      if (!member?.email || member.email !== email || member.type === TRIAL_TYPE)
        throw new AppError('username_or_email_not_found', 'username');
      // Kept per member and address, so a stranger's requests never use up the member's own; strangers (addresses
      // the member never used) together get a daily number, which bounds a flood of the member's inbox.
      const perPair = await verification.hit(db, `forgot-member:${member.id}:${context.ip}`, 3600);
      if (perPair > RESETS_PER_ADDRESS_PER_HOUR)
        throw new AppError('too_many_attempts', 'email', { seconds: 3600 });
      if (!(await repository.isKnownIp(member.id, context.ip))) {
        const fromStrangers = await verification.hit(db, `forgot-member-unknown:${member.id}`, 86_400);
        if (fromStrangers > RESETS_FROM_STRANGERS_PER_DAY)
          throw new AppError('too_many_attempts', 'email', {
            seconds: 86_400 - (Math.floor(Date.now() / 1000) % 86_400),
          });
      }
      const { token, hash } = newToken();
      await repository.insertResetToken({
        token_hash: hash,
        member_id: member.id,
        expires_at: new Date(Date.now() + RESET_LINK_MINUTES * 60_000),
      });
      const brand = merchant.settings.whitelabel.brandName;
      // Only a host of this merchant goes into the link: a forged Host header must not receive reset tokens.
      const origin = merchant.domains.includes(context.host)
        ? context.origin
        : `${new URL(context.origin).protocol}//${merchant.domains[0] ?? 'localhost'}`;
      const link = `${origin}/index?resetToken=${token}`;
      const text = [
        `Hello ${member.username},`,
        '',
        `Someone asked to reset the password of your ${brand} account. To choose a new password, open:`,
        link,
        '',
        `The link works once, for ${RESET_LINK_MINUTES} minutes. If you did not ask for this, ignore this e-mail.`,
      ].join('\n');
      await messaging.sendEmail(
        memberSettingsOf(merchant).messaging,
        { merchantId: merchant.id, memberId: member.id, purpose: 'password_reset', ip: context.ip },
        {
          to: member.email,
          subject: `${brand}: reset your password`,
          text,
          masked: text.replace(token, '••••••'),
        },
      );
      await audit.record(db, {
        actorType: 'member',
        actorId: member.id,
        actorName: member.username,
        merchantId: merchant.id,
        action: 'member.password.forgot',
        after: { channel: 'email' },
        ip: context.ip,
      });
    },

    /** Sets the password from a reset link's token; every session ends. */
    async resetWithToken(
      merchant: Merchant,
      body: { token: string; newPassword: string; confirmNewPassword: string },
      ip: string,
    ) {
      const tokenHash = hashToken(body.token);
      await checkPassword(
        merchant.id,
        body.newPassword,
        body.confirmNewPassword,
        'newPassword',
        'confirmNewPassword',
      );
      const hash = await hashPassword(body.newPassword);
      await db.transaction().execute(async (trx) => {
        const row = await repository.resetToken(trx, tokenHash);
        if (!row || row.consumed_at || row.expires_at.getTime() < Date.now())
          throw new AppError('reset_token_invalid', 'token');
        const member = await repository.byId(row.member_id, trx);
        if (!member || member.merchant_id !== merchant.id) throw new AppError('reset_token_invalid', 'token');
        await repository.consumeResetToken(trx, tokenHash);
        await repository.update(trx, member.id, {
          password_hash: hash,
          password_changed_at: new Date(),
          must_change_password: false,
        });
        await repository.revokeSessionsOf(trx, member.id, 'reset');
        await audit.record(trx, {
          actorType: 'member',
          actorId: member.id,
          actorName: member.username,
          merchantId: merchant.id,
          action: 'member.password.reset',
          after: { channel: 'email' },
          ip,
        });
      });
    },

    /** Forgot by phone (module flag): the SMS code from /wps/verification/sms/noLogin sets a new password. */
    async resetByPhone(
      merchant: Merchant,
      body: {
        mobileNum: string;
        countryDialingCode: string;
        verificationCode: string;
        newPassword: string;
        confirmNewPassword?: string | undefined;
      },
      ip: string,
    ) {
      if (!merchant.settings.modules.forgotPasswordByPhone) throw new AppError('function_disabled');
      const mobile = body.mobileNum.trim();
      const destination = `${body.countryDialingCode}${mobile}`;
      await checkPassword(
        merchant.id,
        body.newPassword,
        body.confirmNewPassword,
        'newPassword',
        'confirmNewPassword',
      );
      const codeId = await verification.checkCode({
        merchantId: merchant.id,
        purpose: 'login',
        destination,
        code: body.verificationCode,
        field: 'verificationCode',
      });
      const member = await repository.byMobile(merchant.id, body.countryDialingCode, mobile);
      if (!member) throw new AppError('verification_code_error', 'verificationCode');
      const hash = await hashPassword(body.newPassword);
      await db.transaction().execute(async (trx) => {
        await verification.useCode(trx, codeId, 'verificationCode');
        await repository.update(trx, member.id, {
          password_hash: hash,
          password_changed_at: new Date(),
          must_change_password: false,
        });
        await repository.revokeSessionsOf(trx, member.id, 'reset');
        await audit.record(trx, {
          actorType: 'member',
          actorId: member.id,
          actorName: member.username,
          merchantId: merchant.id,
          action: 'member.password.reset',
          after: { channel: 'sms' },
          ip,
        });
      });
    },

    // ------------------------------------------------------------ for other modules (payments)

    /** A member's row (no password hashes), or undefined. */
    byId(id: number, executor: Database = db) {
      return repository.byId(id, executor);
    },

    /** A member of a merchant by account name (compared as stored), or undefined. */
    byAccount(merchantId: number, username: string) {
      return repository.byAccount(merchantId, normaliseUsername(username));
    },

    /** The account names of the given members, by id. */
    async usernames(ids: readonly number[]): Promise<Map<number, string>> {
      const rows = ids.length === 0 ? [] : await repository.usernames([...new Set(ids)]);
      return new Map(rows.map((r) => [r.id, r.username]));
    },

    /** How many upline steps separate `memberId` from `agentId` (1 = direct downline), or null if not below it. */
    downlineDepth(agentId: number, memberId: number) {
      return repository.downlineDepth(agentId, memberId);
    },

    /** The members below an agent (all levels), by account name. */
    downline(agentId: number, query: string | undefined, limit: number) {
      return repository.downline(agentId, query, limit);
    },

    // ------------------------------------------------------------ back office

    async list(query: Parameters<typeof repository.list>[0]) {
      const { total, rows } = await repository.list(query);
      return {
        list: rows.map((row) => ({
          id: row.id,
          merchantCode: row.merchant_code,
          account: row.username,
          nickname: row.nickname,
          type: row.type,
          status: row.status,
          mobile: row.mobile_number ? `${row.mobile_dialing_code} ${row.mobile_number}` : null,
          email: row.email,
          payeeName: row.payee_name,
          vipLevel: row.vip_level,
          uplineAccount: row.upline_username,
          createdAt: row.created_at.toISOString(),
          lastLoginAt: toIso(row.last_login_at),
          lastLoginIp: row.last_login_ip ?? null,
        })),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    async detail(id: number): Promise<MemberDetail> {
      const row = await repository.detail(id);
      if (!row) throw new AppError('not_found', 'id');
      const [history, knownIps, sessions] = await Promise.all([
        repository.loginHistory(id),
        repository.knownIps(id),
        repository.countLiveSessions(id),
      ]);
      const lastSuccess = history.find((h) => h.outcome === 'success');
      return {
        id: row.id,
        merchantCode: row.merchant_code,
        account: row.username,
        nickname: row.nickname,
        type: row.type,
        status: row.status,
        mobile: row.mobile_number ? `${row.mobile_dialing_code} ${row.mobile_number}` : null,
        email: row.email,
        payeeName: row.payee_name,
        vipLevel: row.vip_level,
        uplineAccount: row.upline_username,
        createdAt: row.created_at.toISOString(),
        lastLoginAt: toIso(row.last_login_at),
        lastLoginIp: lastSuccess?.ip ?? null,
        registerIp: row.register_ip,
        registerUrl: row.register_url,
        registerDomain: row.register_domain,
        registerMethod: row.register_method,
        affiliateCode: row.affiliate_code,
        referralCode: row.referral_code,
        recommenderId: row.recommender_id,
        profile: {
          qqNum: row.qq_num,
          line: row.line,
          whatsapp: row.whatsapp,
          facebook: row.facebook,
          wechat: row.wechat,
          idNumber: row.id_number,
          clubLabel: row.club_label,
        },
        lockedReason: row.locked_reason,
        mustChangePassword: row.must_change_password,
        passwordChangedAt: toIso(row.password_changed_at),
        activeSessions: Number(sessions.n),
        knownIps: knownIps.map((k) => ({
          ip: k.ip,
          firstSeenAt: k.first_seen_at.toISOString(),
          lastSeenAt: k.last_seen_at.toISOString(),
        })),
        loginHistory: history.map((h) => ({
          at: h.at.toISOString(),
          ip: h.ip,
          method: h.method,
          outcome: h.outcome,
        })),
      };
    },

    /** Locks or unlocks a member; locking ends every session at once. Audited with the reason. */
    async setLocked(actor: Actor, id: number, locked: boolean, reason: string | null): Promise<MemberDetail> {
      await db.transaction().execute(async (trx) => {
        const row = await repository.lockRow(trx, id);
        if (!row) throw new AppError('not_found', 'id');
        const status = locked ? 'locked' : 'active';
        if (row.status === status) return;
        await repository.update(trx, id, { status, locked_reason: locked ? reason : null });
        if (locked) await repository.revokeSessionsOf(trx, id, 'locked');
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: row.merchant_id,
          action: locked ? 'member.lock' : 'member.unlock',
          target: row.username,
          before: { status: row.status, reason: row.locked_reason },
          after: { status, reason: locked ? reason : null },
          ip: actor.ip,
        });
      });
      return service.detail(id);
    },

    /** Forces a password reset: a temporary password (shown once), change required at next login, sessions ended. */
    async forcePasswordReset(actor: Actor, id: number) {
      const temporaryPassword = `T${crypto.randomBytes(9).toString('base64url').replace(/[-_]/g, '7')}9`;
      const hash = await hashPassword(temporaryPassword);
      await db.transaction().execute(async (trx) => {
        const row = await repository.lockRow(trx, id);
        if (!row) throw new AppError('not_found', 'id');
        if (row.type === TRIAL_TYPE) throw new AppError('in_need_true_account', 'id');
        await repository.update(trx, id, {
          password_hash: hash,
          must_change_password: true,
          password_changed_at: new Date(),
        });
        await repository.revokeSessionsOf(trx, id, 'reset');
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: row.merchant_id,
          action: 'member.password.force_reset',
          target: row.username,
          ip: actor.ip,
        });
      });
      return { temporaryPassword };
    },

    /** Replaces a merchant's registration rule set (owners); audited before and after. */
    async setRules(actor: Actor, merchant: Merchant, rules: RegistrationRule[]) {
      const before = await rulesOf(merchant.id);
      await db.transaction().execute(async (trx) => {
        await repository.replaceRules(
          trx,
          merchant.id,
          rules.map((r) => ({
            field: r.field,
            show: r.show,
            required: r.required,
            pattern_id: r.patternId,
            min_length: r.minLength,
            max_length: r.maxLength,
          })),
        );
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: 'registration.rules.update',
          target: merchant.code,
          before,
          after: rules,
          ip: actor.ip,
        });
      });
      return rulesOf(merchant.id);
    },

    /** Whether a member type is an agent's (agent centre, affiliate codes). */
    isAgent: (type: number) => (agentTypes as readonly number[]).includes(type),
  };
  return service;
}

export type MembersService = ReturnType<typeof membersService>;
