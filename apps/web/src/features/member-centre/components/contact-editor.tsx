import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialingCodePicker, SendCodeButton } from '../../../components/code-fields.tsx';
import { FormField, FormMessage } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';
import { initialDialingCode, validMobile } from '../../../lib/phone.ts';
import { registrationSettingsQuery } from '../../../lib/registration-settings.ts';
import { bindContact, type ContactTarget, sendContactCode } from '../api/security-api.ts';

type Channel = ContactTarget['channel'];
type Errors = Partial<Record<'contact' | 'code' | 'password', string>>;

type ContactEditorProps = {
  channel: Channel;
  /** The bound contact, masked; null when none is bound yet. */
  current: string | null;
  /** The member holds a login password: replacing a bound contact asks for it. */
  hasPassword: boolean;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * One contact of securityCenter: the bound value and a Bind / Change button opening the editor, where a one-time code
 * sent to the new number or address (6 digits, 10 minutes) binds it.
 */
export function ContactEditor({ channel, current, hasPassword }: ContactEditorProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery(registrationSettingsQuery);
  const allowed = settings.data?.allowedDialingCodes ?? [];
  const [editing, setEditing] = useState(false);
  const [dialingCode, setDialingCode] = useState<string | null>(null);
  const dial = dialingCode ?? initialDialingCode(allowed, null);
  const [value, setValue] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const sms = channel === 'sms';
  const label = sms ? t('security.mobile') : t('security.email');
  const askPassword = current !== null && hasPassword;

  const target = (): ContactTarget =>
    sms ? { channel, mobileNum: value.trim(), countryDialingCode: dial } : { channel, email: value.trim() };
  const contactProblem = () => {
    const trimmed = value.trim();
    if (sms) {
      if (!trimmed) return t('auth.errors.mobileRequired');
      return validMobile(trimmed, settings.data?.rules) ? null : t('auth.errors.mobileInvalid');
    }
    return EMAIL.test(trimmed) && trimmed.length <= 254 ? null : t('security.emailInvalid');
  };
  const fieldOf = (error: ApiError): keyof Errors | null => {
    if (error.field === 'verificationCode') return 'code';
    if (error.field === 'password') return 'password';
    if (['mobileNum', 'countryDialingCode', 'email'].includes(error.field ?? '')) return 'contact';
    return null;
  };
  const close = () => {
    setEditing(false);
    setValue('');
    setCode('');
    setPassword('');
    setErrors({});
    setMessage(null);
    setSentTo(null);
  };

  if (!editing)
    return (
      <div className="security__line">
        <div>
          <p className="security__label">{label}</p>
          <p className="security__value">{current ?? t('security.notSet')}</p>
          {done ? (
            <FormMessage tone="success">
              {sms ? t('security.mobileBound') : t('security.emailBound')}
            </FormMessage>
          ) : null}
        </div>
        <button
          type="button"
          className="btn btn-secondary"
          aria-label={`${current ? t('security.change') : t('security.bind')}: ${label}`}
          onClick={() => {
            setDone(false);
            setEditing(true);
          }}
        >
          {current ? t('security.change') : t('security.bind')}
        </button>
      </div>
    );

  return (
    <form
      className="form security__editor"
      noValidate
      aria-label={sms ? t('security.bindMobile') : t('security.bindEmail')}
      onSubmit={async (event) => {
        event.preventDefault();
        const found: Errors = {
          contact: contactProblem() ?? undefined,
          code: /^[0-9]{6}$/.test(code.trim()) ? undefined : t('auth.errors.codeRequired'),
          password: askPassword && !password ? t('auth.errors.passwordRequired') : undefined,
        };
        setErrors(found);
        setMessage(null);
        if (Object.values(found).some(Boolean)) return;
        setBusy(true);
        try {
          await bindContact({
            ...target(),
            verificationCode: code.trim(),
            ...(askPassword ? { password } : {}),
          });
          await queryClient.invalidateQueries({ queryKey: [memberQueryRoot] });
          close();
          setDone(true);
        } catch (error) {
          if (error instanceof ApiError) {
            const field = fieldOf(error);
            if (field) setErrors({ [field]: error.message });
            else setMessage(error.message);
          } else setMessage(t('errors.network'));
        } finally {
          setBusy(false);
        }
      }}
    >
      <p className="security__hint">{sms ? t('security.bindMobileLine') : t('security.bindEmailLine')}</p>
      <FormField
        label={sms ? t('security.newMobile') : t('security.newEmail')}
        value={value}
        onChange={setValue}
        error={errors.contact}
        required
        {...(sms
          ? {
              type: 'tel',
              inputMode: 'numeric' as const,
              autoComplete: 'tel-national',
              prefix: <DialingCodePicker value={dial} codes={allowed} onChange={setDialingCode} />,
            }
          : { type: 'email', inputMode: 'email' as const, autoComplete: 'email', maxLength: 254 })}
      />
      <FormField
        label={t('auth.verificationCode')}
        value={code}
        onChange={setCode}
        error={errors.code}
        hint={sentTo ? t('security.codeSent', { to: sentTo }) : undefined}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        addon={
          <SendCodeButton
            validate={contactProblem}
            send={() => sendContactCode(target())}
            onError={(text) => setErrors((e) => ({ ...e, contact: text }))}
            onSent={() => setSentTo(sms ? `${dial} ${value.trim()}` : value.trim())}
          />
        }
      />
      {askPassword ? (
        <FormField
          label={t('security.loginPassword')}
          hint={t('security.loginPasswordWhy')}
          type="password"
          value={password}
          onChange={setPassword}
          error={errors.password}
          required
          autoComplete="current-password"
        />
      ) : null}
      {message ? <FormMessage tone="error">{message}</FormMessage> : null}
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={close}>
          {t('security.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {sms ? t('security.bindMobile') : t('security.bindEmail')}
        </button>
      </div>
    </form>
  );
}
