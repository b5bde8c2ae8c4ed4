import type { LoginValue, SecondCheckMethod } from '@tala/contracts/members';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SendCodeButton } from '../../../components/code-fields.tsx';
import { FormField, FormMessage } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { completeSecondCheck, sendSecondCheckCode } from '../api/auth-api.ts';

type SecondCheck = NonNullable<LoginValue['secondCheck']>;

/**
 * A login from a new address: a code from the member's authenticator app, a code to the bound mobile or e-mail, or
 * the bank account name, before the session.
 */
export function SecondCheckStep({
  check,
  onDone,
  onCancel,
}: {
  check: SecondCheck;
  onDone: (value: LoginValue) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<SecondCheckMethod>(check.methods[0] ?? 'payeeName');
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const destination =
    method === 'mobile' ? check.maskedMobile : method === 'email' ? check.maskedEmail : null;

  return (
    <form
      className="form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (!answer.trim()) return setError(t('auth.errors.answerRequired'));
        setBusy(true);
        setError(null);
        try {
          onDone(await completeSecondCheck(check.ticket, method, answer.trim()));
        } catch (failure) {
          setError(failure instanceof ApiError ? failure.message : t('errors.network'));
        } finally {
          setBusy(false);
        }
      }}
    >
      <p className="auth-lead">{t('auth.secondCheck.lead')}</p>
      {check.methods.length > 1 ? (
        <div className="segmented" role="tablist" aria-label={t('auth.secondCheck.methods')}>
          {check.methods.map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={m === method}
              onClick={() => {
                setMethod(m);
                setAnswer('');
                setError(null);
                setSent(false);
              }}
            >
              {t(`auth.secondCheck.${m}`)}
            </button>
          ))}
        </div>
      ) : null}
      {method === 'google' ? (
        <>
          <p className="auth-lead">{t('auth.secondCheck.googleLead')}</p>
          <FormField
            label={t('auth.secondCheck.googleLabel')}
            value={answer}
            onChange={setAnswer}
            required
            autoComplete="one-time-code"
            maxLength={20}
          />
        </>
      ) : method === 'payeeName' ? (
        <FormField
          label={t('auth.secondCheck.payeeNameLabel')}
          value={answer}
          onChange={setAnswer}
          required
          autoComplete="off"
        />
      ) : (
        <>
          <p className="auth-lead">
            {sent
              ? t('auth.secondCheck.sentTo', { destination })
              : t('auth.secondCheck.sendTo', { destination })}
          </p>
          <FormField
            label={t('auth.verificationCode')}
            value={answer}
            onChange={setAnswer}
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={255}
            addon={
              <SendCodeButton
                validate={() => null}
                send={() => sendSecondCheckCode(check.ticket, method)}
                onError={setError}
                onSent={() => setSent(true)}
              />
            }
          />
        </>
      )}
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary btn-large" disabled={busy}>
          {t('auth.secondCheck.confirm')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('auth.backToLogin')}
        </button>
      </div>
    </form>
  );
}
