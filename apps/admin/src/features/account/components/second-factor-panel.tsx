import type { TotpEnrolment } from '@tala/contracts/totp';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { AuthenticatorSetup, RecoveryCodes } from '../../auth/components/authenticator-setup.tsx';
import {
  useConfirmSecondFactor,
  useDisableSecondFactor,
  useRenewRecoveryCodes,
  useSecondFactor,
  useStartSecondFactor,
} from '../api/second-factor.ts';

/** A code field and a submit button: the one form every authenticator action here uses. */
function CodeForm({
  label,
  submit,
  danger,
  pending,
  error,
  onSubmit,
}: {
  label: string;
  submit: string;
  danger?: boolean;
  pending: boolean;
  error: string | undefined;
  onSubmit: (code: string) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  function send(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setMissing(true);
    setMissing(false);
    onSubmit(code.trim());
  }
  return (
    <form className="inline-form" onSubmit={send} noValidate>
      <Field label={label} error={missing ? t('secondFactor.codeRequired') : error}>
        <input
          className="input input-code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={20}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </Field>
      <button
        type="submit"
        className={`button${danger ? ' button-danger' : ' button-primary'}`}
        disabled={pending}
      >
        {submit}
      </button>
    </form>
  );
}

/** The signed-in operator's authenticator: set it up, get new recovery codes, turn it off where allowed. */
export function SecondFactorPanel() {
  const { t } = useTranslation();
  const status = useSecondFactor();
  const start = useStartSecondFactor();
  const confirm = useConfirmSecondFactor();
  const renew = useRenewRecoveryCodes();
  const disable = useDisableSecondFactor();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  if (status.isPending) return <Loading />;
  if (status.isError) return <LoadError error={status.error} onRetry={() => void status.refetch()} />;
  const { enabled, required, recoveryCodesLeft } = status.data;

  return (
    <section className="card stack" aria-labelledby="second-factor-title">
      <h2 id="second-factor-title">{t('secondFactor.title')}</h2>
      <p className="muted">{t('secondFactor.intro')}</p>
      <p>
        <span className={`badge ${enabled ? 'badge-on' : 'badge-off'}`}>
          {enabled ? t('secondFactor.on') : t('secondFactor.off')}
        </span>{' '}
        {required ? t('secondFactor.requiredForRole') : t('secondFactor.optionalForRole')}
      </p>
      {codes ? (
        <Notice
          tone="success"
          action={
            <button type="button" className="button button-small" onClick={() => setCodes(null)}>
              {t('secondFactor.recoverySaved')}
            </button>
          }
        >
          <h3>{t('secondFactor.recoveryTitle')}</h3>
          <RecoveryCodes codes={codes} />
        </Notice>
      ) : null}
      {disable.isSuccess && !enabled ? <Notice tone="info">{t('secondFactor.turnedOff')}</Notice> : null}

      {!enabled && !enrolment ? (
        <div>
          {start.isError ? <Notice tone="error">{start.error.message}</Notice> : null}
          <button
            type="button"
            className="button button-primary"
            disabled={start.isPending}
            onClick={() => start.mutate(undefined, { onSuccess: setEnrolment })}
          >
            {t('secondFactor.setUp')}
          </button>
        </div>
      ) : null}

      {!enabled && enrolment ? (
        <div className="stack">
          <AuthenticatorSetup enrolment={enrolment} />
          <CodeForm
            label={t('secondFactor.code')}
            submit={t('secondFactor.verify')}
            pending={confirm.isPending}
            error={confirm.error?.message}
            onSubmit={(code) =>
              confirm.mutate(code, {
                onSuccess: (value) => {
                  setEnrolment(null);
                  setCodes(value.recoveryCodes);
                },
              })
            }
          />
        </div>
      ) : null}

      {enabled ? (
        <div className="stack">
          <p>{t('secondFactor.recoveryLeft', { count: recoveryCodesLeft })}</p>
          <h3>{t('secondFactor.renewTitle')}</h3>
          <CodeForm
            label={t('secondFactor.currentCode')}
            submit={t('secondFactor.renew')}
            pending={renew.isPending}
            error={renew.error?.message}
            onSubmit={(code) => renew.mutate(code, { onSuccess: (value) => setCodes(value.recoveryCodes) })}
          />
          {required ? null : (
            <>
              <h3>{t('secondFactor.turnOffTitle')}</h3>
              <CodeForm
                label={t('secondFactor.currentCode')}
                submit={t('secondFactor.turnOff')}
                danger
                pending={disable.isPending}
                error={disable.error?.message}
                onSubmit={(code) => disable.mutate(code)}
              />
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}
