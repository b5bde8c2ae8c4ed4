// Registration: the settings the dialog shows, affiliate codes, by username and by mobile, and members made by others.
import {
  type LoginValue,
  type RegisterBody,
  type RegisterMobileBody,
  TRIAL_TYPE,
} from '@tala/contracts/members';
import { checkRule, type RuleFailure, type RuleField, ruleFields } from '@tala/contracts/registration-rules';
import { AppError } from '../../http/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { CODE_MINUTES } from '../verification/verification.service.ts';
import { RuleViolation } from './member-errors.ts';
import {
  memberSettingsOf,
  minimumAgeOf,
  normaliseUsername,
  type RequestContext,
  underAge,
} from './member-format.ts';
import { memberReferralUseCases } from './member-referrals.ts';
import type { MembersCore } from './members-core.ts';

/** The age gate of spec §5 per merchant: a date of birth below the merchant's minimum age is refused. */
function refuseUnderAge(merchant: Merchant, birthday: string | undefined) {
  const age = minimumAgeOf(merchant);
  if (birthday && underAge(merchant, birthday, age))
    throw new AppError('registration_under_age', 'birthday', { age });
}

export function registrationUseCases(core: MembersCore) {
  const {
    db,
    repository,
    audit,
    verification,
    rulesOf,
    ruleOf,
    requireConsents,
    affiliateUpline,
    loginValue,
    admitRegistration,
    startSession,
  } = core;
  const referrals = memberReferralUseCases(db);
  return {
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
        minimumAge: minimumAgeOf(merchant),
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
      refuseUnderAge(merchant, body.birthday);
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
          birthday: body.birthday ?? null,
          birthday_set_at: body.birthday ? now : null,
        });
        if ('conflict' in inserted)
          throw inserted.conflict === 'mobile'
            ? new AppError('mobile_taken', 'mobileNum')
            : new AppError('username_taken', 'username');
        if (codeId !== null) await verification.useCode(trx, codeId, 'verificationCode');
        await repository.rememberIp(trx, inserted.id, context.ip);
        await referrals.rememberDevice(trx, inserted.id, context.deviceId);
        const referrerId = await referrals.linkReferral(trx, merchant, inserted.id, body.referralCode);
        await audit.record(trx, {
          actorType: 'member',
          actorId: inserted.id,
          actorName: username,
          merchantId: merchant.id,
          action: 'member.register',
          after: {
            username,
            method: 'username',
            upline: uplineId,
            referralCode: body.referralCode ?? null,
            referrer: referrerId,
          },
          ip: context.ip,
        });
        if (!body.login) return null;
        const session = await startSession(trx, merchant, inserted.id, context.ip, context.deviceId);
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
      refuseUnderAge(merchant, body.birthday);
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
          // Proven by the SMS code when the merchant asks for one (the exclusion group links proven contacts only).
          mobile_verified_at: codeId === null ? null : now,
          referral_code: body.referralCode?.trim() || null,
          register_url: body.registerUrl?.trim() || null,
          register_domain: body.domain?.trim() || context.host,
          register_method: body.registerMethod,
          register_ip: context.ip,
          password_changed_at: passwordHash ? now : null,
          terms_accepted_at: now,
          birthday: body.birthday ?? null,
          birthday_set_at: body.birthday ? now : null,
        });
        if ('conflict' in inserted) throw new AppError('mobile_taken', 'mobileNum');
        if (codeId !== null) await verification.useCode(trx, codeId, 'verificationCode');
        await repository.rememberIp(trx, inserted.id, context.ip);
        await referrals.rememberDevice(trx, inserted.id, context.deviceId);
        const referrerId = await referrals.linkReferral(trx, merchant, inserted.id, body.referralCode);
        await audit.record(trx, {
          actorType: 'member',
          actorId: inserted.id,
          actorName: username,
          merchantId: merchant.id,
          action: 'member.register',
          after: {
            username,
            method: 'mobile',
            upline: uplineId,
            referralCode: body.referralCode ?? null,
            referrer: referrerId,
          },
          ip: context.ip,
        });
        if (!body.login) return null;
        const session = await startSession(trx, merchant, inserted.id, context.ip, context.deviceId);
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
  };
}
