import type { TotpEnrolment } from '@tala/contracts/totp';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { fetchCaptcha, type SignedIn, useEnrol, useFinishSignIn, useLogin } from '../api/login.ts';
import { AuthenticatorSetup, RecoveryCodes } from './authenticator-setup.tsx';

type Step =
  | { kind: 'password' }
  | { kind: 'code' }
  | { kind: 'enrol'; ticket: string; enrolment: TotpEnrolment }
  | { kind: 'recovery'; signedIn: SignedIn };

/**
 * Back-office sign-in in steps: username and password (with a captcha when the server asks for one), then the
 * authenticator code, or setting up an authenticator when the role requires one and the recovery codes after it.
 * The server's localised message is shown when it refuses.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const login = useLogin();
  const enrol = useEnrol();
  const finish = useFinishSignIn();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [captcha, setCaptcha] = useState<{ id: string; image: string } | null>(null);
  const [captchaText, setCaptchaText] = useState('');
  const [missing, setMissing] = useState<string | null>(null);

  async function newCaptcha() {
    setCaptchaText('');
    try {
      setCaptcha(await fetchCaptcha());
    } catch {
      setCaptcha(null);
    }
  }

  function signIn(extra: { code?: string }) {
    login.mutate(
      {
        username: username.trim(),
        password,
        ...extra,
        ...(captcha ? { captcha: captchaText.trim(), captchaId: captcha.id } : {}),
        ...(extra.code ? { rememberDevice: remember } : {}),
      },
      {
        onSuccess: (value) => {
          setCaptcha(null);
          if (value.status === 'signed_in') onSignedIn();
          else if (value.status === 'code_required') setStep({ kind: 'code' });
          else setStep({ kind: 'enrol', ticket: value.ticket, enrolment: value.enrolment });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.details.captcha === true) void newCaptcha();
        },
      },
    );
  }

  function submitPassword(event: FormEvent) {
    event.preventDefault();
    if (!username.trim() || !password) return setMissing(t('login.required'));
    if (captcha && !captchaText.trim()) return setMissing(t('login.captchaRequired'));
    setMissing(null);
    signIn({});
  }

  function submitCode(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setMissing(t('secondFactor.codeRequired'));
    setMissing(null);
    if (step.kind === 'enrol') {
      enrol.mutate(
        { ticket: step.ticket, code: code.trim(), rememberDevice: remember },
        { onSuccess: (signedIn) => setStep({ kind: 'recovery', signedIn }) },
      );
    } else {
      signIn({ code: code.trim() });
    }
  }

  function restart() {
    login.reset();
    enrol.reset();
    setCode('');
    setPassword('');
    setMissing(null);
    setStep({ kind: 'password' });
  }

  const pending = login.isPending || enrol.isPending;
  const error = missing ?? login.error?.message ?? enrol.error?.message;

  if (step.kind === 'recovery')
    return (
      <div className="stack">
        <h2>{t('secondFactor.recoveryTitle')}</h2>
        <RecoveryCodes codes={step.signedIn.recoveryCodes ?? []} />
        <button
          type="button"
          className="button button-primary button-wide"
          onClick={() => {
            finish(step.signedIn);
            onSignedIn();
          }}
        >
          {t('secondFactor.recoverySaved')}
        </button>
      </div>
    );

  if (step.kind === 'code' || step.kind === 'enrol')
    return (
      <form className="stack" onSubmit={submitCode} noValidate>
        <h2>{step.kind === 'enrol' ? t('secondFactor.setUpTitle') : t('secondFactor.codeTitle')}</h2>
        {step.kind === 'enrol' ? (
          <>
            <p>{t('secondFactor.requiredIntro')}</p>
            <AuthenticatorSetup enrolment={step.enrolment} />
          </>
        ) : (
          <p>{t('secondFactor.codeIntro')}</p>
        )}
        {error ? <Notice tone="error">{error}</Notice> : null}
        <Field
          label={t('secondFactor.code')}
          help={step.kind === 'code' ? t('secondFactor.codeHelp') : undefined}
        >
          <input
            className="input input-code"
            name="code"
            inputMode={step.kind === 'enrol' ? 'numeric' : 'text'}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={20}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoFocus
          />
        </Field>
        <label className="check">
          <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          {t('secondFactor.remember')}
        </label>
        <button type="submit" className="button button-primary button-wide" disabled={pending}>
          {pending ? t('login.submitting') : t('secondFactor.verify')}
        </button>
        <button type="button" className="button button-ghost button-wide" onClick={restart}>
          {t('secondFactor.back')}
        </button>
      </form>
    );

  return (
    <form className="stack" onSubmit={submitPassword} noValidate>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <Field label={t('login.username')}>
        <input
          className="input"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={40}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          autoFocus
        />
      </Field>
      <Field label={t('login.password')}>
        <input
          className="input"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={200}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Field>
      {captcha ? (
        <div className="captcha">
          <img src={captcha.image} width={150} height={50} alt={t('login.captchaAlt')} />
          <button type="button" className="button button-small" onClick={() => void newCaptcha()}>
            {t('login.captchaNew')}
          </button>
          <Field label={t('login.captcha')}>
            <input
              className="input"
              name="captcha"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={10}
              value={captchaText}
              onChange={(event) => setCaptchaText(event.target.value)}
            />
          </Field>
        </div>
      ) : null}
      <button type="submit" className="button button-primary button-wide" disabled={pending}>
        {pending ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}
