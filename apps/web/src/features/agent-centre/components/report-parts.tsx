import { rangePresets } from '@tala/contracts/agents';
import { addDays, dayOf } from '@tala/contracts/calendar';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fundsQuery } from '../../../lib/funds.ts';
import { siteCurrency, siteMoney } from '../../../lib/money.ts';
import { useSystemStatus } from '../../system/api/get-system-status.ts';
import type { Range } from '../api/agent-api.ts';

/** Amounts in the merchant's currency (§9: its symbol, separators and decimals). */
export function useMoney() {
  const funds = useQuery(fundsQuery());
  const currency = siteCurrency(funds.data);
  const decimals = Math.min(funds.data?.displayDecimals ?? 2, currency.exponent);
  return (minor: number) => siteMoney(minor, currency, decimals).replace(/^-/, '−');
}

/** Today in the merchant's calendar, which the server reads every range in. */
export function useMerchantToday() {
  const timeZone =
    useSystemStatus().data?.info.whitelabel.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return dayOf(new Date(), timeZone);
}

/** A report's range: the presets, and two dates for a custom one (up to today). */
export function RangePicker({ value, onChange }: { value: Range; onChange: (range: Range) => void }) {
  const { t } = useTranslation();
  const ids = useId();
  const today = useMerchantToday();
  return (
    <>
      <label className="report__field">
        <span>{t('agentCentre.range')}</span>
        <select
          className="form-field__input"
          value={value.range}
          onChange={(event) => {
            const range = event.target.value as Range['range'];
            onChange(range === 'custom' ? { range, from: addDays(today, -6), to: today } : { range });
          }}
        >
          {rangePresets.map((preset) => (
            <option key={preset} value={preset}>
              {t(`agentCentre.ranges.${preset}`)}
            </option>
          ))}
        </select>
      </label>
      {value.range === 'custom' ? (
        <>
          <label className="report__field" htmlFor={`${ids}-from`}>
            <span>{t('records.from')}</span>
            <input
              id={`${ids}-from`}
              className="form-field__input"
              type="date"
              value={value.from ?? ''}
              max={value.to ?? today}
              onChange={(event) => onChange({ ...value, from: event.target.value })}
            />
          </label>
          <label className="report__field" htmlFor={`${ids}-to`}>
            <span>{t('records.to')}</span>
            <input
              id={`${ids}-to`}
              className="form-field__input"
              type="date"
              value={value.to ?? ''}
              min={value.from}
              max={today}
              onChange={(event) => onChange({ ...value, to: event.target.value })}
            />
          </label>
        </>
      ) : null}
    </>
  );
}

/** The three states of a report: loading, the server's refusal in words, or its content. */
export function ReportState<T>({
  query,
  children,
}: {
  query: { data: T | undefined; error: Error | null; isError: boolean };
  children: (data: T) => React.ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError && !query.data)
    return (
      <p className="form-message form-message--error" role="alert">
        {query.error?.message}
      </p>
    );
  if (!query.data) return <p role="status">{t('common.loading')}</p>;
  return (
    <>
      {query.isError ? (
        <p className="form-message form-message--error" role="alert">
          {query.error?.message}
        </p>
      ) : null}
      {children(query.data)}
    </>
  );
}

/** The caption of a report: the dates it covers. */
export function RangeCaption({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  return <p className="report__caption">{t('records.range', { from, to })}</p>;
}
