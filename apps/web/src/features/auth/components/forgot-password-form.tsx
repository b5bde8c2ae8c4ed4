import '../auth.css';
import { checkRule, ruleMessage } from '@tala/contracts/rule-check';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialingCodePicker, SendCodeButton } from '../../../components/code-fields.tsx';
import { FormField, FormMessage } from '../../../components/form-field.tsx';
import { Icon } from '../../../components/icons.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { openOverlay } from '../../../lib/overlays.ts';
import { initialDialingCode, validMobile } from '../../../lib/phone.ts';
import { registrationSettingsQuery, usePasswordCheck } from '../../../lib/registration-settings.ts';
import { forgotByEmail, resetByPhone, resetWithToken, sendNoLoginCode } from '../api/auth-api.ts';

type Errors = Record<string, string | undefined>;

function errorText(error: unknown, fallback: string) {
  return error instanceof ApiError ? error.message : fallback;
}

/** Forgot password (§4): a reset link by e-mail, or a new password by phone and SMS code when enabled. */
export function ForgotPasswordForm({
  byPhone,
  visitorDialingCode,
}: {
  byPhone: boolean;
  visitorDialingCode?: string | null | undefined;
}) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState(false);
  return (
    <div className="form">
      {byPhone ? (
        <div className="segmented" role="tablist" aria-label={t('auth.forgot.method')}>
          <button type="button" role="tab" aria-selected={!phone} onClick={() => setPhone(false)}>
            {t('auth.forgot.byEmail')}
          </button>
          <button type="button" role="tab" aria-selected={phone} onClick={() => setPhone(true)}>
            {t('auth.forgot.byPhone')}
          </button>
        </div>
      ) : null}
      {phone ? <ByPhone visitorDialingCode={visitorDialingCode} /> : <ByEmail />}
    </div>
  );
}

function ByEmail() {
  const { t } = useTranslation();
  const language = useLanguage();
  const settings = useQuery(registrationSettingsQuery);
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  if (sent)
    return (
      <div className="auth-done">
        <span className="auth-done__icon">
          <Icon name="mail" size={28} />
        </span>
        <FormMessage tone="success">{t('auth.forgot.linkSent', { email })}</FormMessage>
        <button type="button" className="btn btn-primary" onClick={() => openOverlay({ kind: 'login' })}>
          {t('auth.backToLogin')}
        </button>
      </div>
    );

  return (
    <form
      className="form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const found: Errors = {};
        for (const [field, value] of [
          ['username', username],
          ['email', email],
        ] as const) {
          const rule = settings.data?.rules.find((r) => r.field === field);
          const failure = rule
            ? checkRule(value.trim(), { ...rule, show: true, required: true })
            : value.trim()
              ? null
              : ({ reason: 'required', patternId: 'ANY', min: 0, max: 0, field } as const);
          if (failure) found[field] = ruleMessage(failure, language);
        }
        setErrors(found);
        setMessage(null);
        if (Object.values(found).some(Boolean)) return;
        setBusy(true);
        try {
          await forgotByEmail(username.trim(), email.trim());
          setSent(true);
        } catch (error) {
          setMessage(errorText(error, t('errors.network')));
        } finally {
          setBusy(false);
        }
      }}
    >
      <p className="auth-lead">{t('auth.forgot.emailLead')}</p>
      <FormField
        label={t('auth.username')}
        value={username}
        onChange={setUsername}
        error={errors.username}
        required
        autoComplete="username"
        autoCapitalize="none"
      />
      <FormField
        label={t('auth.fields.email')}
        type="email"
        inputMode="email"
        value={email}
        onChange={setEmail}
        error={errors.email}
        required
        autoComplete="email"
      />
      {message ? <FormMessage tone="error">{message}</FormMessage> : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary btn-large" disabled={busy}>
          {t('auth.forgot.sendLink')}
        </button>
      </div>
    </form>
  );
}

function ByPhone({ visitorDialingCode }: { visitorDialingCode?: string | null | undefined }) {
  const { t } = useTranslation();
  const settings = useQuery(registrationSettingsQuery);
  const checkPassword = usePasswordCheck();
  const allowed = settings.data?.allowedDialingCodes ?? [];
  const [dialingCode, setDialingCode] = useState<string | null>(null);
  const dial = dialingCode ?? initialDialingCode(allowed, visitorDialingCode);
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mobileProblem = () =>
    !mobile.trim()
      ? t('auth.errors.mobileRequired')
      : validMobile(mobile, settings.data?.rules)
        ? null
        : t('auth.errors.mobileInvalid');

  return (
    <form
      className="form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const found: Errors = {
          mobile: mobileProblem() ?? undefined,
          code: code.trim() ? undefined : t('auth.errors.codeRequired'),
          password: checkPassword(password),
          confirm: confirm === password ? undefined : t('auth.errors.inconsistentTwice'),
        };
        setErrors(found);
        setMessage(null);
        if (Object.values(found).some(Boolean)) return;
        setBusy(true);
        try {
          await resetByPhone({
            mobileNum: mobile.trim(),
            countryDialingCode: dial,
            verificationCode: code.trim(),
            newPassword: password,
            confirmNewPassword: confirm,
          });
          // After a phone reset a message shows, then the login dialog (§4).
          openOverlay({ kind: 'login', notice: t('auth.forgot.phoneDone') });
        } catch (error) {
          setMessage(errorText(error, t('errors.network')));
        } finally {
          setBusy(false);
        }
      }}
    >
      <FormField
        label={t('auth.mobile')}
        value={mobile}
        onChange={setMobile}
        error={errors.mobile}
        required
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        prefix={<DialingCodePicker value={dial} codes={allowed} onChange={setDialingCode} />}
      />
      <FormField
        label={t('auth.verificationCode')}
        value={code}
        onChange={setCode}
        error={errors.code}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={255}
        addon={
          <SendCodeButton
            validate={mobileProblem}
            send={() => sendNoLoginCode(mobile.trim(), dial)}
            onError={(text) => setErrors((e) => ({ ...e, mobile: text }))}
          />
        }
      />
      <NewPasswordFields
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        errors={errors}
      />
      {message ? <FormMessage tone="error">{message}</FormMessage> : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary btn-large" disabled={busy}>
          {t('auth.forgot.setPassword')}
        </button>
      </div>
    </form>
  );
}

/** The page the e-mailed link opens (/index?resetToken=…): a new password for the account. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const checkPassword = usePasswordCheck();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const found: Errors = {
          password: checkPassword(password),
          confirm: confirm === password ? undefined : t('auth.errors.inconsistentTwice'),
        };
        setErrors(found);
        setMessage(null);
        if (Object.values(found).some(Boolean)) return;
        setBusy(true);
        try {
          await resetWithToken(token, password, confirm);
          openOverlay({ kind: 'login', notice: t('auth.reset.done') });
        } catch (error) {
          setMessage(errorText(error, t('errors.network')));
        } finally {
          setBusy(false);
        }
      }}
    >
      <p className="auth-lead">{t('auth.reset.lead')}</p>
      <NewPasswordFields
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        errors={errors}
      />
      {message ? <FormMessage tone="error">{message}</FormMessage> : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary btn-large" disabled={busy}>
          {t('auth.forgot.setPassword')}
        </button>
      </div>
    </form>
  );
}
