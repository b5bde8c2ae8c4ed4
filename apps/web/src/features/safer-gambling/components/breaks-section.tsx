import './breaks.css';
import {
  type Exclusion,
  type ExclusionPeriod,
  exclusionPeriods,
  LIFT_COOLING_OFF_HOURS,
  timeoutChoices,
} from '@tala/contracts/exclusions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog.tsx';
import { FormMessage } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';
import { breaksApi, breaksKey, breaksQuery } from '../api/breaks-api.ts';
import { formatBreakTime } from '../lib/break-time.ts';

type TimeoutChoice = (typeof timeoutChoices)[number];
type Pending =
  | { kind: 'timeout'; hours: TimeoutChoice }
  | { kind: 'self'; period: ExclusionPeriod }
  | { kind: 'closure'; reason: string };

/**
 * Breaks (issue 18 item 3): a time-out of 24 hours to 6 weeks, a self-exclusion of 6 months, 1 year or 5 years, and
 * closing the account, each after a confirmation that says what happens; the break that applies now with its end,
 * and every break of the account, with the lift of a self-exclusion whose period is over.
 */
export function BreaksSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useQuery(breaksQuery());
  const [hours, setHours] = useState<TimeoutChoice>(timeoutChoices[0]);
  const [period, setPeriod] = useState<ExclusionPeriod>('6m');
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const messageRef = useRef<HTMLDivElement>(null);
  // The outcome sits above the cards: brought into view, since the button pressed may be far below it.
  useEffect(() => {
    if (message) messageRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [message]);
  const timeoutId = useId();
  const periodId = useId();
  const reasonId = useId();

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    setMessage(null);
    try {
      await action();
      // Every member query reads again: balances, bonuses and what is refused now.
      await queryClient.invalidateQueries({ queryKey: [memberQueryRoot] });
      await queryClient.invalidateQueries({ queryKey: breaksKey });
      setMessage({ tone: 'success', text: done });
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof ApiError ? error.message : t('errors.network') });
    } finally {
      setBusy(false);
    }
  }

  function confirm() {
    if (!pending) return;
    if (pending.kind === 'timeout')
      void run(() => breaksApi.timeOut(pending.hours), t('saferGambling.breaks.timeoutStarted'));
    else if (pending.kind === 'self')
      void run(() => breaksApi.selfExclude(pending.period), t('saferGambling.breaks.selfStarted'));
    else void run(() => breaksApi.close(pending.reason), t('saferGambling.breaks.closureDone'));
  }

  if (state.isPending)
    return (
      <p className="centre__loading" role="status">
        {t('common.loading')}
      </p>
    );
  if (state.isError)
    return (
      <div className="breaks">
        <FormMessage tone="error">
          {state.error instanceof ApiError ? state.error.message : t('errors.network')}
        </FormMessage>
        <button type="button" className="btn btn-secondary" onClick={() => void state.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );

  const { restriction, history } = state.data;
  const closed = restriction?.kind === 'closure';
  const selfExcluded =
    restriction?.kind === 'self' || restriction?.kind === 'family' || restriction?.kind === 'operator';

  return (
    <div className="breaks">
      <p className="breaks__intro">{t('saferGambling.breaks.intro')}</p>
      <section
        className={`breaks__status${restriction ? ' breaks__status--on' : ''}`}
        aria-labelledby="breaks-now"
      >
        <h3 id="breaks-now" className="breaks__title">
          {t('saferGambling.breaks.now')}
        </h3>
        {restriction ? (
          <>
            <p className="breaks__state">
              {restriction.endsAt
                ? t(`saferGambling.breaks.active.${restriction.kind}`, {
                    time: formatBreakTime(restriction.endsAt),
                  })
                : t('saferGambling.breaks.active.closure')}
            </p>
            <p className="breaks__hint">{t('saferGambling.breaks.stillOpen')}</p>
          </>
        ) : (
          <p className="breaks__state">{t('saferGambling.breaks.none')}</p>
        )}
      </section>

      {message ? (
        <div ref={messageRef}>
          <FormMessage tone={message.tone}>{message.text}</FormMessage>
        </div>
      ) : null}

      <div className="breaks__cards">
        <section className="breaks__card" aria-labelledby="breaks-timeout">
          <h3 id="breaks-timeout" className="breaks__title">
            {t('saferGambling.breaks.timeoutTitle')}
          </h3>
          <p className="breaks__hint">{t('saferGambling.breaks.timeoutHelp')}</p>
          <label className="breaks__label" htmlFor={timeoutId}>
            {t('saferGambling.breaks.timeoutLength')}
          </label>
          <select
            id={timeoutId}
            className="input breaks__select"
            value={hours}
            disabled={busy || selfExcluded || closed}
            onChange={(event) =>
              setHours(
                timeoutChoices.find((choice) => choice === Number(event.target.value)) ?? timeoutChoices[0],
              )
            }
          >
            {timeoutChoices.map((choice) => (
              <option key={choice} value={choice}>
                {t(`saferGambling.breaks.hours.${choice}`)}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || selfExcluded || closed}
            onClick={() => setPending({ kind: 'timeout', hours })}
          >
            {t('saferGambling.breaks.timeoutStart')}
          </button>
        </section>

        <section className="breaks__card" aria-labelledby="breaks-self">
          <h3 id="breaks-self" className="breaks__title">
            {t('saferGambling.breaks.selfTitle')}
          </h3>
          <p className="breaks__hint">{t('saferGambling.breaks.selfHelp')}</p>
          <fieldset className="breaks__periods">
            <legend id={periodId} className="breaks__label">
              {t('saferGambling.breaks.selfLength')}
            </legend>
            {exclusionPeriods.map((choice) => (
              <label key={choice} className="breaks__period">
                <input
                  type="radio"
                  name="self-exclusion-period"
                  value={choice}
                  checked={period === choice}
                  disabled={busy}
                  onChange={() => setPeriod(choice)}
                />
                {t(`saferGambling.breaks.periods.${choice}`)}
              </label>
            ))}
          </fieldset>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => setPending({ kind: 'self', period })}
          >
            {t('saferGambling.breaks.selfStart')}
          </button>
        </section>

        <section className="breaks__card" aria-labelledby="breaks-close">
          <h3 id="breaks-close" className="breaks__title">
            {t('saferGambling.breaks.closeTitle')}
          </h3>
          <p className="breaks__hint">{t('saferGambling.breaks.closeHelp')}</p>
          <label className="breaks__label" htmlFor={reasonId}>
            {t('saferGambling.breaks.closeReason')}
          </label>
          <textarea
            id={reasonId}
            className="input breaks__reason"
            rows={2}
            maxLength={500}
            value={reason}
            disabled={busy || closed}
            onChange={(event) => setReason(event.target.value)}
          />
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy || closed}
            onClick={() => setPending({ kind: 'closure', reason })}
          >
            {t('saferGambling.breaks.closeStart')}
          </button>
        </section>
      </div>

      <section aria-labelledby="breaks-history">
        <h3 id="breaks-history" className="breaks__title">
          {t('saferGambling.breaks.history')}
        </h3>
        {history.length === 0 ? (
          <p className="breaks__hint">{t('saferGambling.breaks.noHistory')}</p>
        ) : (
          <ul className="breaks__history">
            {history.map((entry) => (
              <HistoryEntry
                key={entry.id}
                entry={entry}
                busy={busy}
                onLift={() => void run(() => breaksApi.lift(entry.id), t('saferGambling.breaks.liftAsked'))}
              />
            ))}
          </ul>
        )}
      </section>

      <Dialog
        open={pending !== null}
        onClose={() => setPending(null)}
        cover={false}
        title={pending ? t(`saferGambling.breaks.confirm.${pending.kind}Title`) : ''}
        buttons={[
          { label: t('saferGambling.breaks.confirm.cancel'), variant: 'secondary' },
          {
            label: pending ? t(`saferGambling.breaks.confirm.${pending.kind}Go`) : '',
            variant: 'primary',
            onClick: confirm,
          },
        ]}
      >
        {pending ? <ConfirmText pending={pending} /> : null}
      </Dialog>
    </div>
  );
}

/** What happens, in plain words, before the member starts the break. */
function ConfirmText({ pending }: { pending: Pending }) {
  const { t } = useTranslation();
  const length =
    pending.kind === 'timeout'
      ? t(`saferGambling.breaks.hours.${pending.hours}`)
      : pending.kind === 'self'
        ? t(`saferGambling.breaks.periods.${pending.period}`)
        : '';
  return (
    <div className="breaks__confirm">
      <p>{t(`saferGambling.breaks.confirm.${pending.kind}Lead`, { length })}</p>
      <ul>
        <li>{t('saferGambling.breaks.confirm.noPlay')}</li>
        <li>{t('saferGambling.breaks.confirm.bonuses')}</li>
        <li>{t('saferGambling.breaks.confirm.withdraw')}</li>
        <li>
          {pending.kind === 'timeout'
            ? t('saferGambling.breaks.confirm.timeoutEnd')
            : pending.kind === 'self'
              ? t('saferGambling.breaks.confirm.selfEnd', { hours: LIFT_COOLING_OFF_HOURS })
              : t('saferGambling.breaks.confirm.closureEnd')}
        </li>
        {pending.kind === 'self' ? <li>{t('saferGambling.breaks.confirm.selfOtherSites')}</li> : null}
      </ul>
    </div>
  );
}

function HistoryEntry({ entry, busy, onLift }: { entry: Exclusion; busy: boolean; onLift: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="breaks__entry">
      <div className="breaks__entry-head">
        <strong>{t(`saferGambling.breaks.kinds.${entry.kind}`)}</strong>
        <span className={`breaks__badge${entry.active ? ' breaks__badge--on' : ''}`}>
          {entry.active ? t('saferGambling.breaks.activeBadge') : t('saferGambling.breaks.endedBadge')}
        </span>
      </div>
      <p className="breaks__hint">
        {t('saferGambling.breaks.from', { time: formatBreakTime(entry.startsAt) })}
        {entry.endsAt ? ` · ${t('saferGambling.breaks.until', { time: formatBreakTime(entry.endsAt) })}` : ''}
      </p>
      {entry.inherited ? <p className="breaks__hint">{t('saferGambling.breaks.inherited')}</p> : null}
      {entry.liftsAt && entry.active ? (
        <p className="breaks__hint">
          {t('saferGambling.breaks.liftsAt', { time: formatBreakTime(entry.liftsAt) })}
        </p>
      ) : null}
      {entry.kind === 'self' && entry.active && !entry.liftable && !entry.liftsAt && !entry.inherited ? (
        <p className="breaks__hint">{t('saferGambling.breaks.notYetLiftable')}</p>
      ) : null}
      {entry.liftable ? (
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={onLift}>
          {t('saferGambling.breaks.lift', { hours: LIFT_COOLING_OFF_HOURS })}
        </button>
      ) : null}
    </li>
  );
}
