// Passwords: changing the login password, the payment password, and resetting by e-mail or phone.
import { TRIAL_TYPE } from '@tala/contracts/members';
import { checkRule } from '@tala/contracts/registration-rules';
import { AppError } from '../../http/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { codeTexts } from '../messaging/code-texts.ts';
import { RuleViolation } from './member-errors.ts';
import {
  memberSettingsOf,
  normaliseUsername,
  OLD_PASSWORD_TRIES_PER_HOUR,
  PAYMENT_PASSWORD_TRIES_PER_HOUR,
  RESET_LINK_MINUTES,
  RESETS_FROM_STRANGERS_PER_DAY,
  RESETS_PER_ADDRESS_PER_HOUR,
  type RequestContext,
  type SignedInMember,
} from './member-format.ts';
import type { MembersCore } from './members-core.ts';

export function passwordUseCases(core: MembersCore) {
  const { db, repository, audit, verification, messaging, rulesOf, ruleOf, checkPassword } = core;
  return {
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
      const { subject, text } = codeTexts(context.language).passwordReset(
        brand,
        member.username,
        link,
        RESET_LINK_MINUTES,
      );
      await messaging.sendEmail(
        memberSettingsOf(merchant).messaging,
        { merchantId: merchant.id, memberId: member.id, purpose: 'password_reset', ip: context.ip },
        {
          to: member.email,
          subject,
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
  };
}
