import type { TotpEnrolment } from '@tala/contracts/totp';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, FormMessage } from '../../../components/form-field.tsx';
import { ApiError, api } from '../../../lib/api-client.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';

const statusKey = [memberQueryRoot, 'google-verification'] as const;
type Status = { enabled: boolean; recoveryCodesLeft: number };

/**
 * Google verification (securityCenter): an authenticator app as the second check of a login from a new address.
 * Set it up with the QR code and a first code; the recovery codes are shown once; a code turns it off.
 */
export function GoogleVerificationCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => api<Status>('/wps/member/security/google', { signal }),
  });
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const enabled = status.data?.enabled ?? false;

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: statusKey });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('errors.network'));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError(t('google.codeRequired'));
    void run(async () => {
      if (enabled) {
        await api('/wps/member/security/google/off', { method: 'POST', body: { code: code.trim() } });
      } else {
        const value = await api<{ recoveryCodes: string[] }>('/wps/member/security/google', {
          method: 'PUT',
          body: { code: code.trim() },
        });
        setEnrolment(null);
        setCodes(value.recoveryCodes);
      }
      setCode('');
    });
  }

  const codeForm = (label: string, submitLabel: string, danger = false) => (
    <form className="form" noValidate onSubmit={submit} aria-label={submitLabel}>
      <FormField
        label={label}
        value={code}
        onChange={setCode}
        required
        autoComplete="one-time-code"
        maxLength={20}
        hint={enabled ? t('google.recoveryHint') : undefined}
      />
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <div className="form-actions">
        <button type="submit" className={`btn ${danger ? 'btn-secondary' : 'btn-primary'}`} disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );

  return (
    <section className="security__card" aria-labelledby="google-heading">
      <div className="security__line">
        <h3 id="google-heading" className="security__title">
          {t('google.title')}
        </h3>
        {status.data ? (
          <span className={`security__state${enabled ? ' security__state--on' : ''}`}>
            {enabled ? t('google.on') : t('security.notSet')}
          </span>
        ) : null}
      </div>
      <p className="security__hint">{t('google.line')}</p>
      {codes ? (
        <div className="google__codes" role="status">
          <p>
            <strong>{t('google.recoveryTitle')}</strong> {t('google.recoveryLine')}
          </p>
          <ul className="google__code-list" aria-label={t('google.recoveryTitle')}>
            {codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-secondary" onClick={() => setCodes(null)}>
            {t('google.recoverySaved')}
          </button>
        </div>
      ) : null}
      {status.isPending ? (
        <p className="security__hint" role="status">
          {t('common.loading')}
        </p>
      ) : status.isError ? (
        <div className="security__line">
          <FormMessage tone="error">
            {status.error instanceof ApiError ? status.error.message : t('errors.network')}
          </FormMessage>
          <button type="button" className="btn btn-secondary" onClick={() => void status.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : enabled ? (
        <>
          <p className="security__hint">{t('google.left', { count: status.data.recoveryCodesLeft })}</p>
          {codeForm(t('google.currentCode'), t('google.turnOff'), true)}
        </>
      ) : enrolment ? (
        <div className="google__setup">
          <ol className="google__steps">
            <li>{t('google.stepInstall')}</li>
            <li>{t('google.stepScan')}</li>
            <li>{t('google.stepCode')}</li>
          </ol>
          <img className="google__qr" src={enrolment.qr} width={176} height={176} alt={t('google.qrAlt')} />
          <p className="security__hint">
            {t('google.key')}{' '}
            <code className="google__key">{enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
          </p>
          {codeForm(t('google.code'), t('google.confirm'))}
        </div>
      ) : (
        <div className="form-actions">
          {error ? <FormMessage tone="error">{error}</FormMessage> : null}
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                setEnrolment(await api<TotpEnrolment>('/wps/member/security/google', { method: 'POST' }));
              })
            }
          >
            {t('google.setUp')}
          </button>
        </div>
      )}
    </section>
  );
}
