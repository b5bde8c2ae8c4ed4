import '../safer-gambling.css';
import { REALITY_CHECK_MAX_MINUTES, REALITY_CHECK_MIN_MINUTES } from '@tala/contracts/safer-gambling';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import type { ApiError } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/overlays.ts';
import { useSessionToken } from '../../../lib/session.ts';
import { realityCheckQuery, setRealityCheck } from '../api/reality-check-api.ts';

/**
 * The member's reality-check interval (issue 18 item 2): off, or a reminder every 15 to 120 minutes of a session,
 * over every game. Without a choice the merchant's default applies, and the page says which it is.
 */
export function RealityChecksSection() {
  const { t } = useTranslation();
  const token = useSessionToken() ?? '';
  const queryClient = useQueryClient();
  const query = useQuery(realityCheckQuery(token));
  const status = query.data;
  const [mode, setMode] = useState<'on' | 'off'>('on');
  const [minutes, setMinutes] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!status) return;
    setMode(status.intervalMinutes === 0 ? 'off' : 'on');
    setMinutes(String(status.intervalMinutes === 0 ? 60 : status.intervalMinutes));
  }, [status]);

  if (query.isError) return <p role="alert">{(query.error as Error).message}</p>;
  if (!status)
    return (
      <p className="centre__loading" role="status">
        {t('common.loading')}
      </p>
    );

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(undefined);
    try {
      const value = mode === 'off' ? 0 : minutes.trim();
      const saved = await setRealityCheck(
        value === '' ? '' : Number.isNaN(Number(value)) ? value : Number(value),
      );
      queryClient.setQueryData(realityCheckQuery(token).queryKey, saved);
      showToast(t('saferGambling.realityChecks.saved'));
    } catch (failure) {
      setError((failure as ApiError).message);
    } finally {
      setSaving(false);
    }
  }

  const current =
    status.intervalMinutes === 0
      ? t('saferGambling.realityChecks.currentOff')
      : t('saferGambling.realityChecks.currentEvery', { minutes: status.intervalMinutes });
  return (
    <form className="safer-gambling__form" onSubmit={save} noValidate>
      <p>{t('saferGambling.realityChecks.intro')}</p>
      <p className="safer-gambling__current" data-testid="reality-current">
        {current}{' '}
        {status.chosenMinutes === null
          ? t('saferGambling.realityChecks.merchantDefault')
          : t('saferGambling.realityChecks.ownChoice')}
      </p>
      <fieldset className="safer-gambling__choice">
        <legend>{t('saferGambling.realityChecks.legend')}</legend>
        <label>
          <input type="radio" name="reality-mode" checked={mode === 'on'} onChange={() => setMode('on')} />
          {t('saferGambling.realityChecks.on')}
        </label>
        <label>
          <input type="radio" name="reality-mode" checked={mode === 'off'} onChange={() => setMode('off')} />
          {t('saferGambling.realityChecks.off')}
        </label>
      </fieldset>
      {mode === 'on' ? (
        <FormField
          label={t('saferGambling.realityChecks.minutes')}
          type="number"
          inputMode="numeric"
          min={REALITY_CHECK_MIN_MINUTES}
          max={REALITY_CHECK_MAX_MINUTES}
          step={1}
          value={minutes}
          onChange={setMinutes}
          error={error}
          hint={t('saferGambling.realityChecks.minutesHint', {
            min: REALITY_CHECK_MIN_MINUTES,
            max: REALITY_CHECK_MAX_MINUTES,
          })}
        />
      ) : error ? (
        <p role="alert">{error}</p>
      ) : null}
      <p className="safer-gambling__hint">{t('saferGambling.realityChecks.how')}</p>
      <button type="submit" className="btn btn-primary" disabled={saving}>
        {t('saferGambling.realityChecks.save')}
      </button>
    </form>
  );
}
