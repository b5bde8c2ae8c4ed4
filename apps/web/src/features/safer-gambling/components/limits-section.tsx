import { limitKinds, limitPeriods } from '@tala/contracts/limits';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { fundsQuery } from '../../../lib/funds.ts';
import { amountInput, type Currency, money } from '../../../lib/money.ts';
import { type LimitKey, type LimitView, limitsQuery, useLimitChange } from '../api/limits-api.ts';
import './limits.css';

function when(iso: string, timeZone: string, language: string) {
  try {
    return new Intl.DateTimeFormat(language === 'TY' ? 'fil-PH' : 'en-GB', {
      timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(iso));
  } catch {
    return new Date(iso).toLocaleString();
  }
}

function Problem({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof ApiError || error instanceof Error ? error.message : String(error);
  return (
    <p className="form-message form-message--error" role="alert">
      {message}
    </p>
  );
}

/** One limit: what is in force, what the period used and when it resets, the pending raise, and the form. */
function LimitRow({ limit, currency, timeZone }: { limit: LimitView; currency: Currency; timeZone: string }) {
  const { t, i18n } = useTranslation(undefined, { keyPrefix: 'saferGambling.limits' });
  const [text, setText] = useState('');
  const set = useLimitChange((api, value: number | string | null) => api.set({ key: limit.key, value }));
  const confirm = useLimitChange((api, key: LimitKey) => api.confirm(key));
  const cancel = useLimitChange((api, key: LimitKey) => api.cancel(key));
  const session = limit.key === 'session';
  const show = (value: number) => (session ? t('minutes', { count: value }) : money(value, currency));
  const name = t(`names.${limit.key}`);
  const language = i18n.language;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = session ? text.trim() : amountInput(text, currency);
    set.mutate(value, { onSuccess: () => setText('') });
  };
  const outcome = set.data?.outcome;
  return (
    <section className="limits-row" aria-label={name}>
      <div className="limits-row__head">
        <h4>{name}</h4>
        <p className="limits-row__value">{limit.value === null ? t('none') : show(limit.value)}</p>
      </div>
      {limit.value !== null ? (
        <p className="limits-row__usage">
          {session
            ? t('sessionUsed', { used: t('minutes', { count: limit.used }) })
            : t('used', {
                used: money(limit.used, currency),
                left: money(Math.max(0, limit.value - limit.used), currency),
              })}
          {limit.resetsAt ? ` · ${t('resets', { at: when(limit.resetsAt, timeZone, language) })}` : null}
        </p>
      ) : null}
      {limit.pending ? (
        <div className="limits-row__pending" role="status">
          <p>
            {limit.pending.value === null
              ? t('pendingRemoval')
              : t('pendingRaise', { value: show(limit.pending.value) })}{' '}
            {limit.pending.confirmable
              ? t('confirmBy', { at: when(limit.pending.lapsesAt, timeZone, language) })
              : t('confirmFrom', { at: when(limit.pending.confirmableAt, timeZone, language) })}
          </p>
          <div className="limits-row__actions">
            {limit.pending.confirmable ? (
              <button
                type="button"
                className="btn btn-primary"
                disabled={confirm.isPending}
                onClick={() => confirm.mutate(limit.key)}
                aria-label={t('confirmNamed', { name })}
              >
                {t('confirm')}
              </button>
            ) : null}
            <button
              type="button"
              className="btn btn-secondary"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate(limit.key)}
              aria-label={t('cancelNamed', { name })}
            >
              {t('cancel')}
            </button>
          </div>
          <Problem error={confirm.error ?? cancel.error} />
        </div>
      ) : null}
      <form className="limits-row__form" onSubmit={submit} aria-label={t('formNamed', { name })}>
        <FormField
          label={session ? t('newMinutes', { name }) : t('newAmount', { name })}
          value={text}
          onChange={setText}
          inputMode={session ? 'numeric' : 'decimal'}
          required
          hint={t('maximum', { max: show(limit.maximum) })}
        />
        <div className="limits-row__actions">
          <button type="submit" className="btn btn-primary" disabled={set.isPending}>
            {t('save')}
          </button>
          {limit.value !== null && limit.pending?.value !== null ? (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={set.isPending}
              onClick={() => set.mutate(null)}
              aria-label={t('removeNamed', { name })}
            >
              {t('remove')}
            </button>
          ) : null}
        </div>
        <Problem error={set.error} />
        {outcome === 'applied' ? (
          <p className="form-message form-message--success" role="status">
            {t('applied')}
          </p>
        ) : null}
        {outcome === 'pending' ? (
          <p className="form-message form-message--success" role="status">
            {t('waiting')}
          </p>
        ) : null}
      </form>
    </section>
  );
}

/**
 * The member's limits (issue 18 item 1): deposits, losses and wagers per day, week and month, and the session
 * time; lowering applies at once, raising or removing waits 24 hours for the member's confirmation.
 */
export function LimitsSection() {
  const { t } = useTranslation(undefined, { keyPrefix: 'saferGambling.limits' });
  const limits = useQuery(limitsQuery());
  const funds = useQuery(fundsQuery());
  if (limits.error) return <Problem error={limits.error} />;
  if (!limits.data || !funds.data) {
    return (
      <p className="centre__loading" role="status">
        {t('loading')}
      </p>
    );
  }
  const state = limits.data;
  const currency = funds.data;
  const byKey = (key: LimitKey) => state.limits.find((l) => l.key === key);
  return (
    <div className="limits">
      <p>{t('intro')}</p>
      <p className="limits__rule">{t('rule')}</p>
      {limitKinds.map((kind) => (
        <section key={kind} className="limits__kind" aria-labelledby={`limits-${kind}`}>
          <h3 id={`limits-${kind}`}>{t(`kinds.${kind}`)}</h3>
          <p className="limits__explain">{t(`explain.${kind}`)}</p>
          {limitPeriods.map((period) => {
            const limit = byKey(`${kind}_${period}` as LimitKey);
            return limit ? (
              <LimitRow key={limit.key} limit={limit} currency={currency} timeZone={state.timeZone} />
            ) : null;
          })}
        </section>
      ))}
      <section className="limits__kind" aria-labelledby="limits-session">
        <h3 id="limits-session">{t('kinds.session')}</h3>
        <p className="limits__explain">{t('explain.session')}</p>
        {byKey('session') ? (
          <LimitRow limit={byKey('session') as LimitView} currency={currency} timeZone={state.timeZone} />
        ) : null}
      </section>
    </div>
  );
}
