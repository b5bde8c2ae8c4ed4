import { addDays, dayOf } from '@tala/contracts/calendar';
import { formatMoney, moneyDisplay } from '@tala/contracts/money-format';
import type { UseQueryResult } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { useSettings } from '../../settings/api/get-settings.ts';

/** Amounts of one merchant as its site shows them: the currency symbol, separators and the merchant's decimals. */
export type MoneyFormat = {
  /** Stakes, wins and results, as players see amounts (the merchant's display decimals). */
  amount: (minor: number) => string;
  /** Bet limits, which must not be rounded: every decimal of the currency. */
  exact: (minor: number) => string;
};

function moneyFormat(whitelabel: Parameters<typeof moneyDisplay>[0], language: string): MoneyFormat {
  const display = moneyDisplay(whitelabel);
  return {
    amount: (minor) => formatMoney(minor, display, language),
    exact: (minor) => formatMoney(minor, { ...display, displayDecimals: display.currencyExponent }, language),
  };
}

/**
 * Loads the merchant's site settings and renders the page with that merchant's money format and time zone (the one
 * the server reads every day of a date filter in).
 */
export function CurrencyScope({
  merchant,
  children,
}: {
  merchant: string;
  children: (money: MoneyFormat, timeZone: string) => ReactNode;
}) {
  const settings = useSettings(merchant);
  const { i18n } = useTranslation();
  return (
    <QueryView query={settings}>
      {(value) =>
        children(moneyFormat(value.settings.whitelabel, i18n.language), value.settings.whitelabel.timeZone)
      }
    </QueryView>
  );
}

/** A query's data, or its loading state, or its error with a retry. */
export function QueryView<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return children(query.data);
}

export type DayRange = { from: string; to: string };

/** A page of one merchant's rounds filtered by days: its money format and the time zone of its days. */
export type DatedPageProps = { merchant: string; money: MoneyFormat; timeZone: string };

/** Today and the six days before it, in the merchant's calendar (not the browser's: the operator may be elsewhere). */
export function lastSevenDays(timeZone: string): DayRange {
  const today = dayOf(new Date(), timeZone);
  return { from: addDays(today, -6), to: today };
}

/** A filter form: the given fields, the day range (days of the merchant's time zone, said under it), and Search. */
export function FilterForm({
  range,
  timeZone,
  onRange,
  onSubmit,
  children,
}: {
  range: DayRange;
  timeZone: string;
  onRange: (range: DayRange) => void;
  onSubmit: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <form
        className="filters"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <Field label={t('gamesAdmin.from')}>
          <input
            className="input"
            type="date"
            value={range.from}
            onChange={(e) => onRange({ ...range, from: e.target.value })}
          />
        </Field>
        <Field label={t('gamesAdmin.to')}>
          <input
            className="input"
            type="date"
            value={range.to}
            onChange={(e) => onRange({ ...range, to: e.target.value })}
          />
        </Field>
        <div className="filters-actions">
          <button type="submit" className="button button-primary">
            {t('gamesAdmin.search')}
          </button>
        </div>
      </form>
      <p className="muted">{t('gamesAdmin.timeZone', { zone: timeZone })}</p>
    </>
  );
}
