import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReport } from '../api/games-admin.ts';
import { FilterForm, lastSevenDays, type MoneyFormat, QueryView } from './games-shared.tsx';

/** The house's game profit and loss by day, vendor and product. */
export function GameReport({ merchant, money }: { merchant: string; money: MoneyFormat }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(lastSevenDays);
  const [range, setRange] = useState(draft);
  const report = useReport({ merchant, ...range });
  return (
    <section className="card stack" aria-labelledby="report-title">
      <h2 id="report-title">{t('gamesAdmin.report')}</h2>
      <FilterForm range={draft} onRange={setDraft} onSubmit={() => setRange(draft)} />
      <QueryView query={report}>
        {(data) => (
          <div className="table-wrap">
            <table className="table">
              <caption className="muted">{t('gamesAdmin.timeZone', { zone: data.timeZone })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('gamesAdmin.day')}</th>
                  <th scope="col">{t('gamesAdmin.vendor')}</th>
                  <th scope="col">{t('gamesAdmin.product')}</th>
                  <th scope="col">{t('gamesAdmin.rounds')}</th>
                  <th scope="col">{t('gamesAdmin.bet')}</th>
                  <th scope="col">{t('gamesAdmin.win')}</th>
                  <th scope="col">{t('gamesAdmin.ggr')}</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.length === 0 ? (
                  <tr>
                    <td colSpan={7}>{t('gamesAdmin.noBets')}</td>
                  </tr>
                ) : (
                  data.rows.map((row) => (
                    <tr key={`${row.day}-${row.vendor}-${row.product}`}>
                      <td>{row.day}</td>
                      <td>{row.vendor}</td>
                      <td>{row.product}</td>
                      <td>{row.count}</td>
                      <td>{money.amount(row.bet)}</td>
                      <td>{money.amount(row.win)}</td>
                      <td>{money.amount(row.ggr)}</td>
                    </tr>
                  ))
                )}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3}>
                    {t('gamesAdmin.total')}
                  </th>
                  <td>{data.totals.count}</td>
                  <td>{money.amount(data.totals.bet)}</td>
                  <td>{money.amount(data.totals.win)}</td>
                  <td>{money.amount(data.totals.ggr)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </QueryView>
    </section>
  );
}
