import { type SiteCurrency, siteMoney } from '../../../lib/money.ts';
import '../../../components/report.css';
import { addDays, dayOf } from '@tala/contracts/calendar';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportPager } from '../../../components/report-pager.tsx';
import { useSessionToken } from '../../../lib/session.ts';
import {
  type BetFilters,
  betRecordQuery,
  type Period,
  type Product,
  profitLossQuery,
  vendorsQuery,
} from '../api/records-api.ts';

export type Currency = SiteCurrency;
const products: Product[] = ['ALL', 'RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'LOTT', 'ELOTT'];
const periods: Period[] = ['today', 'yesterday', 'last7', 'last30'];

/** Every decimal of the currency (none for the dong), with the merchant's symbol and grouping. */
function money(minor: number, currency: Currency) {
  return siteMoney(minor, currency).replace(/^-/, '−');
}

/** personalHistoryCopy: the betting record with product, vendor and date filters, totals and pages. */
export function BettingRecord({ currency, timeZone }: { currency: Currency; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const token = useSessionToken() ?? '';
  const [draft, setDraft] = useState<Omit<BetFilters, 'pageNo'>>({
    product: 'ALL',
    vendor: '',
    // The last seven days of the merchant's calendar, which the server reads the dates in.
    from: addDays(dayOf(new Date(), timeZone), -6),
    to: dayOf(new Date(), timeZone),
  });
  const [filters, setFilters] = useState<BetFilters>({ ...draft, pageNo: 1 });
  const record = useQuery({ ...betRecordQuery(token, filters), enabled: Boolean(token) });
  const vendors = useQuery(vendorsQuery());
  const vendorNames = [...new Map((vendors.data ?? []).map((v) => [v.vendor, v.displayName]))];

  function submit(event: FormEvent) {
    event.preventDefault();
    setFilters({ ...draft, pageNo: 1 });
  }
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  return (
    <div className="report">
      <form className="report__filters" onSubmit={submit} aria-label={t('records.filters')}>
        <label className="report__field">
          <span>{t('records.product')}</span>
          <select
            className="form-field__input"
            value={draft.product}
            onChange={(e) => setDraft({ ...draft, product: e.target.value as Product })}
          >
            {products.map((p) => (
              <option key={p} value={p}>
                {t(`records.products.${p}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="report__field">
          <span>{t('records.vendor')}</span>
          <select
            className="form-field__input"
            value={draft.vendor}
            onChange={(e) => setDraft({ ...draft, vendor: e.target.value })}
          >
            <option value="">{t('records.allVendors')}</option>
            {vendorNames.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="report__field" htmlFor={`${ids}-from`}>
          <span>{t('records.from')}</span>
          <input
            id={`${ids}-from`}
            className="form-field__input"
            type="date"
            value={draft.from}
            max={draft.to}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </label>
        <label className="report__field" htmlFor={`${ids}-to`}>
          <span>{t('records.to')}</span>
          <input
            id={`${ids}-to`}
            className="form-field__input"
            type="date"
            value={draft.to}
            min={draft.from}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </label>
        <button type="submit" className="btn btn-primary">
          {t('records.search')}
        </button>
      </form>

      {record.isError ? (
        <p className="form-message form-message--error" role="alert">
          {record.error.message}
        </p>
      ) : !record.data ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        <>
          <dl className="report__totals" aria-label={t('records.totals')}>
            <div>
              <dt>{t('records.count')}</dt>
              <dd data-testid="record-count">{record.data.totals.count}</dd>
            </div>
            <div>
              <dt>{t('records.bet')}</dt>
              <dd data-testid="record-bet">{money(record.data.totals.bet, currency)}</dd>
            </div>
            <div>
              <dt>{t('records.win')}</dt>
              <dd data-testid="record-win">{money(record.data.totals.win, currency)}</dd>
            </div>
            <div>
              <dt>{t('records.rebate')}</dt>
              <dd data-testid="record-rebate">{money(record.data.totals.rebate, currency)}</dd>
            </div>
            <div>
              <dt>{t('records.profit')}</dt>
              <dd data-testid="record-profit">{money(record.data.totals.profit, currency)}</dd>
            </div>
          </dl>
          {record.data.list.length === 0 ? (
            <p role="status" className="report__empty">
              {t('records.empty')}
            </p>
          ) : (
            <div className="report__scroll">
              <table className="report__table" data-testid="bet-record">
                <thead>
                  <tr>
                    <th scope="col">{t('records.time')}</th>
                    <th scope="col">{t('records.game')}</th>
                    <th scope="col">{t('records.bet')}</th>
                    <th scope="col">{t('records.win')}</th>
                    <th scope="col">{t('records.rebate')}</th>
                    <th scope="col">{t('records.profit')}</th>
                    <th scope="col">{t('records.status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {record.data.list.map((row) => (
                    <tr key={row.id}>
                      <td>{time.format(new Date(row.createdAt))}</td>
                      <td>
                        {row.gameName}
                        <span className="report__sub">
                          {t(`records.products.${row.product}`)} · {row.vendor.replace(/_/g, ' ')}
                        </span>
                      </td>
                      <td>{money(row.bet, currency)}</td>
                      <td>{money(row.win, currency)}</td>
                      <td>{money(row.rebate, currency)}</td>
                      <td className={row.profit < 0 ? 'report__loss' : 'report__gain'}>
                        {money(row.profit, currency)}
                      </td>
                      <td>
                        {t(`records.statuses.${row.status}`)}
                        {row.freeRound ? <span className="report__sub">{t('records.freeRound')}</span> : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <ReportPager
            pageNo={filters.pageNo}
            totalPages={record.data.totalPages}
            onPage={(pageNo) => setFilters({ ...filters, pageNo })}
          />
        </>
      )}
    </div>
  );
}

/** personalProfit: profit and loss by product over a period. */
export function PersonalProfit({ currency }: { currency: Currency }) {
  const { t } = useTranslation();
  const token = useSessionToken() ?? '';
  const [period, setPeriod] = useState<Period>('today');
  const report = useQuery({ ...profitLossQuery(token, period), enabled: Boolean(token) });
  return (
    <div className="report">
      <fieldset className="segmented report__periods">
        <legend className="visually-hidden">{t('records.period')}</legend>
        {periods.map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={period === p}
            className={period === p ? 'report__period--on' : undefined}
            onClick={() => setPeriod(p)}
          >
            {t(`records.periods.${p}`)}
          </button>
        ))}
      </fieldset>
      {report.isError ? (
        <p className="form-message form-message--error" role="alert">
          {report.error.message}
        </p>
      ) : !report.data ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        <div className="report__scroll">
          <table className="report__table" data-testid="profit-loss">
            <caption className="report__caption">
              {t('records.range', { from: report.data.from, to: report.data.to })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('records.product')}</th>
                <th scope="col">{t('records.count')}</th>
                <th scope="col">{t('records.bet')}</th>
                <th scope="col">{t('records.win')}</th>
                <th scope="col">{t('records.rebate')}</th>
                <th scope="col">{t('records.profit')}</th>
              </tr>
            </thead>
            <tbody>
              {report.data.products.length === 0 ? (
                <tr>
                  <td colSpan={6}>{t('records.empty')}</td>
                </tr>
              ) : (
                report.data.products.map((row) => (
                  <tr key={row.product}>
                    <th scope="row">{t(`records.products.${row.product}`)}</th>
                    <td>{row.count}</td>
                    <td>{money(row.bet, currency)}</td>
                    <td>{money(row.win, currency)}</td>
                    <td>{money(row.rebate, currency)}</td>
                    <td className={row.profit < 0 ? 'report__loss' : 'report__gain'}>
                      {money(row.profit, currency)}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('records.total')}</th>
                <td>{report.data.totals.count}</td>
                <td>{money(report.data.totals.bet, currency)}</td>
                <td>{money(report.data.totals.win, currency)}</td>
                <td>{money(report.data.totals.rebate, currency)}</td>
                <td className={report.data.totals.profit < 0 ? 'report__loss' : 'report__gain'}>
                  {money(report.data.totals.profit, currency)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  );
}
