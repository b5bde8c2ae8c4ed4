// The member's profile: info, avatar, nickname, contacts bound by code, recent logins.
import type { LanguageCode } from '@tala/contracts/languages';
import { type MemberInfo, type RecentLogin, TRIAL_TYPE } from '@tala/contracts/members';
import { isConfusable } from '@tala/contracts/registration-rules';
import { AppError } from '../../http/app-error.ts';
import { lookupCountry } from '../../lib/geoip.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { codeTexts } from '../messaging/code-texts.ts';
import { CODE_MINUTES, maskCode } from '../verification/verification.service.ts';
import { avatarDataUrl } from './avatar.ts';
import {
  type ContactInput,
  contactTaken,
  maskEmail,
  maskMobile,
  memberSettingsOf,
  minimumAgeOf,
  OLD_PASSWORD_TRIES_PER_HOUR,
  type SignedInMember,
  toIso,
  underAge,
} from './member-format.ts';
import type { MemberRow } from './members.repository.ts';
import type { MembersCore } from './members-core.ts';

export function profileUseCases(core: MembersCore) {
  const { db, repository, audit, verification, messaging, checkContact } = core;
  const group = {
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
        birthday: member.birthday,
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
      return group.info((await repository.byId(member.id)) as MemberRow);
    },

    /**
     * Records the member's birthday, once (a birthday bonus must not be moved from week to week): a real date on
     * which the member was already of the merchant's minimum age in the merchant's time zone; audited. A correction is customer service's.
     */
    async setBirthday(
      merchant: Merchant,
      member: SignedInMember,
      birthday: string,
      ip: string,
    ): Promise<MemberInfo> {
      if (member.type === TRIAL_TYPE) throw new AppError('in_need_true_account');
      const age = minimumAgeOf(merchant);
      if (underAge(merchant, birthday, age)) throw new AppError('birthday_under_age', 'birthday', { age });
      await db.transaction().execute(async (trx) => {
        if (!(await repository.setBirthdayOnce(trx, member.id, birthday)))
          throw new AppError('birthday_already_set', 'birthday');
        await audit.record(trx, {
          actorType: 'member',
          actorId: member.id,
          actorName: member.username,
          merchantId: merchant.id,
          action: 'member.profile.birthday',
          after: { birthday },
          ip,
        });
      });
      return group.info((await repository.byId(member.id)) as MemberRow);
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
      language: LanguageCode = 'EN',
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
        await verification.sendCodeSms(settings, { ...meta, brand, language }, contact.destination, code);
      } else {
        const { subject, text } = codeTexts(language).contactEmail(brand, code, CODE_MINUTES);
        await messaging.sendEmail(settings.messaging, meta, {
          to: contact.destination,
          subject,
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
            ? {
                mobile_dialing_code: contact.dialingCode,
                mobile_number: contact.number,
                mobile_verified_at: new Date(),
              }
            : { email: contact.destination, email_verified_at: new Date() },
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
      return group.info((await repository.byId(member.id)) as MemberRow);
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
  };
  return group;
}
