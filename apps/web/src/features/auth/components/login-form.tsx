import '../auth.css';
import type { LoginValue } from '@tala/contracts/members';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialingCodePicker, SendCodeButton } from '../../../components/code-fields.tsx';
import { Checkbox, FormField, FormMessage } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/member-session.ts';
import { openOverlay } from '../../../lib/overlays.ts';
import { initialDialingCode, validMobile } from '../../../lib/phone.ts';
import { registrationSettingsQuery } from '../../../lib/registration-settings.ts';
import { freePlayLogin, login, sendNoLoginCode } from '../api/auth-api.ts';
import { solvedChallenge } from '../lib/pow.ts';
import { remembered, rememberLogin } from '../lib/remember.ts';
import { SecondCheckStep } from './second-check-step.tsx';
import { CaptchaField } from './widgets.tsx';

export type LoginOptions = {
  /** SMS login is offered (module loginByCode). */
  loginByCode: boolean;
  /** Free play is offered (module freePlay). */
  freePlay: boolean;
  /** The visitor's dialling code from getCountryCode, if known. */
  visitorDialingCode?: string | null | undefined;
};

type Errors = Partial<Record<'username' | 'password' | 'captcha' | 'mobile' | 'code', string>>;

/**
 * The login of §4: username and password after a proof of work, or mobile and SMS code; free play; remember.
 * `variant="header"` is the guest form of the header top (§2, wide screens): the fields in one row, and the
 * message, the captcha and a second check in a panel under it.
 */
export function LoginForm({
  options,
  onLoggedIn,
  variant = 'dialog',
}: {
  options: LoginOptions;
  onLoggedIn?: (value: LoginValue) => void;
  variant?: 'dialog' | 'header';
}) {
  const inline = variant === 'header';
  const { t } = useTranslation();
  const kept = remembered();
  const [sms, setSms] = useState(options.loginByCode && kept.sms);
  const [username, setUsername] = useState(kept.username);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(kept.remember);
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captcha, setCaptcha] = useState('');
  const [captchaGeneration, setCaptchaGeneration] = useState(0);
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [secondCheck, setSecondCheck] = useState<LoginValue['secondCheck']>(null);
  const settings = useQuery({ ...registrationSettingsQuery, enabled: sms });
  const allowed = settings.data?.allowedDialingCodes ?? [];
  const [dialingCode, setDialingCode] = useState<string | null>(null);
  const dial = dialingCode ?? initialDialingCode(allowed, options.visitorDialingCode);

  const finish = (value: LoginValue) => {
    if (value.secondCheck && !value.token) {
      setSecondCheck(value.secondCheck);
      return;
    }
    rememberLogin(remember, sms ? mobile.trim() : username.trim(), sms);
    startSession(value);
    onLoggedIn?.(value);
  };

  const fail = (error: unknown) => {
    if (error instanceof ApiError) {
      if (error.body.captcha === true) setCaptchaShown(true);
      setMessage(error.message);
    } else {
      setMessage(t('errors.network'));
    }
    // A captcha is used up by its first check, right or wrong.
    setCaptchaGeneration((n) => n + 1);
  };

  if (secondCheck) {
    const step = (
      <SecondCheckStep check={secondCheck} onDone={finish} onCancel={() => setSecondCheck(null)} />
    );
    return inline ? (
      <div className="header-login">
        <div className="header-login__panel">{step}</div>
      </div>
    ) : (
      step
    );
  }

  const mobileProblem = () =>
    !mobile.trim()
      ? t('auth.errors.mobileRequired')
      : validMobile(mobile, settings.data?.rules)
        ? null
        : t('auth.errors.mobileInvalid');

  const submit = async () => {
    const found: Errors = {};
    if (sms) {
      const problem = mobileProblem();
      if (problem) found.mobile = problem;
      if (!code.trim()) found.code = t('auth.errors.codeRequired');
    } else {
      if (!username.trim()) found.username = t('auth.errors.usernameRequired');
      if (!password) found.password = t('auth.errors.passwordRequired');
    }
    if (captchaShown && !captcha.trim()) found.captcha = t('auth.errors.captchaRequired');
    setErrors(found);
    // The header form has no room under each field: the first problem shows in its panel.
    setMessage(inline ? (Object.values(found)[0] ?? null) : null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const value = sms
        ? await login({
            username: mobile.trim(),
            password: code.trim(),
            type: 'sms',
            countryDialingCode: dial,
            ...(captchaShown ? { captcha: captcha.trim() } : {}),
          })
        : await login({
            username: username.trim(),
            password,
            type: 'username',
            challenge: await solvedChallenge(),
            ...(captchaShown ? { captcha: captcha.trim() } : {}),
          });
      finish(value);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const fields = (
    <>
      {sms ? (
        <>
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
                onError={(text) => {
                  setErrors((e) => ({ ...e, mobile: text }));
                  if (inline) setMessage(text);
                }}
              />
            }
          />
        </>
      ) : (
        <>
          <FormField
            label={t('auth.username')}
            value={username}
            onChange={setUsername}
            error={errors.username}
            required
            autoComplete="username"
            autoCapitalize="none"
            maxLength={64}
          />
          <FormField
            label={t('auth.password')}
            type="password"
            value={password}
            onChange={setPassword}
            error={errors.password}
            required
            autoComplete="current-password"
            maxLength={255}
          />
        </>
      )}
    </>
  );

  const captchaField = captchaShown ? (
    <CaptchaField
      value={captcha}
      onChange={setCaptcha}
      error={errors.captcha}
      generation={captchaGeneration}
    />
  ) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  if (inline)
    return (
      <div className="header-login">
        <form className="header-login__form" noValidate aria-label={t('auth.loginForm')} onSubmit={onSubmit}>
          {fields}
          <div className="header-login__options">
            <Checkbox checked={remember} onChange={setRemember}>
              {t('auth.remember')}
            </Checkbox>
            {options.loginByCode ? (
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setSms((v) => !v);
                  setErrors({});
                  setMessage(null);
                }}
              >
                {sms ? t('auth.byPassword') : t('auth.bySms')}
              </button>
            ) : null}
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {busy ? t('auth.checking') : t('common.login')}
          </button>
        </form>
        {message || captchaShown ? (
          <div className="header-login__panel">
            {captchaField}
            {message ? <FormMessage tone="error">{message}</FormMessage> : null}
            <button type="button" className="link-button" onClick={() => openOverlay({ kind: 'forgot' })}>
              {t('auth.forgotLink')}
            </button>
          </div>
        ) : null}
      </div>
    );

  return (
    <form className="form" noValidate aria-label={t('auth.loginForm')} onSubmit={onSubmit}>
      {options.loginByCode ? (
        <div className="segmented" role="tablist" aria-label={t('auth.loginMethod')}>
          <button
            type="button"
            role="tab"
            aria-selected={!sms}
            onClick={() => {
              setSms(false);
              setErrors({});
              setMessage(null);
            }}
          >
            {t('auth.byPassword')}
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={sms}
            onClick={() => {
              setSms(true);
              setErrors({});
              setMessage(null);
            }}
          >
            {t('auth.bySms')}
          </button>
        </div>
      ) : null}
      {fields}
      {captchaField}
      <div className="form-links">
        <Checkbox checked={remember} onChange={setRemember}>
          {t('auth.remember')}
        </Checkbox>
        <button type="button" className="link-button" onClick={() => openOverlay({ kind: 'forgot' })}>
          {t('auth.forgotLink')}
        </button>
      </div>
      {message ? <FormMessage tone="error">{message}</FormMessage> : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary btn-large" disabled={busy} aria-busy={busy}>
          {busy ? t('auth.checking') : t('common.login')}
        </button>
        {options.freePlay ? (
          <button
            type="button"
            className="btn btn-ghost"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              setMessage(null);
              try {
                const value = await freePlayLogin(await solvedChallenge());
                startSession(value);
                onLoggedIn?.(value);
              } catch (error) {
                fail(error);
              } finally {
                setBusy(false);
              }
            }}
          >
            {t('auth.freePlay')}
          </button>
        ) : null}
      </div>
      <p className="auth-switch">
        {t('auth.noAccount')}{' '}
        <button type="button" className="link-button" onClick={() => openOverlay({ kind: 'register' })}>
          {t('common.register')}
        </button>
      </p>
    </form>
  );
}
