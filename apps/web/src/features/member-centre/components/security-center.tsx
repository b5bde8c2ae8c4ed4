import { AVATAR_ICONS, type MemberInfo } from '@tala/contracts/members';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/form-field.tsx';
import { ApiError, api } from '../../../lib/api-client.ts';
import { localeOf, useLanguage } from '../../../lib/i18n.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';
import { BirthdayEditor } from './birthday-editor.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { ContactEditor } from './contact-editor.tsx';
import { GoogleVerificationCard } from './google-verification-card.tsx';
import { NicknameEditor } from './nickname-editor.tsx';
import { PaymentPasswordCard } from './payment-password-card.tsx';
import { RecentLogins } from './recent-logins.tsx';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="profile__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * securityCenter, "my account": the profile and avatar, the nickname and the contacts bound by code, the login and
 * payment passwords, and the recent logins.
 */
export function SecurityCenter({ info, avatar }: { info: MemberInfo; avatar: string | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [picking, setPicking] = useState(false);
  const [iconError, setIconError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const time = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(iso),
        )
      : t('security.never');

  return (
    <div className="security">
      <section className="security__card" aria-labelledby="profile-heading">
        <div className="profile__head">
          {avatar ? <img className="profile__avatar" src={avatar} alt="" width={64} height={64} /> : null}
          <div>
            <h3 id="profile-heading" className="security__title">
              {info.nickname || info.account}
            </h3>
            <p className="profile__sub">
              {t('account.vip', { level: info.vipLevel })}
              {info.clubLabel ? ` · ${info.clubLabel.labelName}` : ''}
            </p>
            {info.memberLabel.length > 0 ? (
              <ul className="profile__labels" aria-label={t('security.labels')}>
                {info.memberLabel.map((label) => (
                  <li key={label.labelName}>{label.labelName}</li>
                ))}
              </ul>
            ) : null}
          </div>
          <button
            type="button"
            className="btn btn-secondary profile__change-avatar"
            aria-expanded={picking}
            onClick={() => setPicking((v) => !v)}
          >
            {t('security.changeAvatar')}
          </button>
        </div>
        {picking ? (
          <fieldset className="avatar-picker">
            <legend>{t('security.chooseAvatar')}</legend>
            {Array.from({ length: AVATAR_ICONS }, (_, i) => i + 1).map((icon) => (
              <button
                key={icon}
                type="button"
                className="avatar-picker__option"
                aria-pressed={icon === info.icon}
                aria-label={t('security.avatarNumber', { number: icon })}
                onClick={async () => {
                  setIconError(null);
                  try {
                    await api('/wps/member/info/icon', { method: 'PUT', body: { icon } });
                    await queryClient.invalidateQueries({ queryKey: [memberQueryRoot] });
                    setPicking(false);
                  } catch (error) {
                    setIconError(error instanceof ApiError ? error.message : t('errors.network'));
                  }
                }}
              >
                {icon}
              </button>
            ))}
          </fieldset>
        ) : null}
        {iconError ? <FormMessage tone="error">{iconError}</FormMessage> : null}
        <dl className="profile">
          <Row label={t('security.account')} value={info.account} />
          {info.uplineAccount ? <Row label={t('security.upline')} value={info.uplineAccount} /> : null}
          <Row label={t('security.lastLogin')} value={time(info.lastLoginTime)} />
        </dl>
      </section>
      <section className="security__card" aria-labelledby="details-heading">
        <h3 id="details-heading" className="security__title">
          {t('security.details')}
        </h3>
        <NicknameEditor nickname={info.nickname} />
        <BirthdayEditor birthday={info.birthday} />
        <ContactEditor channel="sms" current={info.maskedMobile} hasPassword={info.hasPassword} />
        <ContactEditor channel="email" current={info.maskedEmail} hasPassword={info.hasPassword} />
      </section>
      <section className="security__card" aria-labelledby="password-heading">
        <h3 id="password-heading" className="security__title">
          {t('security.changePassword')}
        </h3>
        {info.hasPassword ? null : <p className="security__hint">{t('security.noPasswordYet')}</p>}
        {saved ? <FormMessage tone="success">{t('security.passwordChanged')}</FormMessage> : null}
        <ChangePasswordForm hasPassword={info.hasPassword} onChanged={() => setSaved(true)} />
      </section>
      <PaymentPasswordCard hasPassword={info.hasPassword} />
      <GoogleVerificationCard />
      <RecentLogins />
    </div>
  );
}
