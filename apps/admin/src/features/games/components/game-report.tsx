import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { useReport } from '../api/games-admin.ts';
import { type DatedPageProps, FilterForm, lastSevenDays, QueryView } from './games-shared.tsx';

/** The house's game profit and loss by day, vendor and product. */
export function GameReport({ merchant, money, timeZone }: DatedPageProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => lastSevenDays(timeZone));
  const [range, setRange] = useState(draft);
  const report = useReport({ merchant, ...range });
  return (
    <section className="card stack" aria-labelledby="report-title">
      <h2 id="report-title">{t('gamesAdmin.report')}</h2>
      <FilterForm range={draft} timeZone={timeZone} onRange={setDraft} onSubmit={() => setRange(draft)} />
      <QueryView query={report}>
        {(data) => (
          <div className="stack">
            <p>
              {t('gamesAdmin.betTotals', {
                count: data.totals.count,
                bet: money.amount(data.totals.bet),
                win: money.amount(data.totals.win),
                ggr: money.amount(data.totals.ggr),
              })}
            </p>
            <DataTable
              caption={t('gamesAdmin.report')}
              columns={[
                t('gamesAdmin.day'),
                t('gamesAdmin.vendor'),
                t('gamesAdmin.product'),
                t('gamesAdmin.rounds'),
                t('gamesAdmin.bet'),
                t('gamesAdmin.win'),
                t('gamesAdmin.ggr'),
              ]}
              rows={data.rows}
              empty={t('gamesAdmin.noBets')}
              row={(row) => (
                <tr key={`${row.day}-${row.vendor}-${row.product}`}>
                  <td data-label={t('gamesAdmin.day')}>{row.day}</td>
                  <td data-label={t('gamesAdmin.vendor')}>{row.vendor}</td>
                  <td data-label={t('gamesAdmin.product')}>{row.product}</td>
                  <td data-label={t('gamesAdmin.rounds')}>{row.count}</td>
                  <td data-label={t('gamesAdmin.bet')}>{money.amount(row.bet)}</td>
                  <td data-label={t('gamesAdmin.win')}>{money.amount(row.win)}</td>
                  <td data-label={t('gamesAdmin.ggr')}>{money.amount(row.ggr)}</td>
                </tr>
              )}
            />
          </div>
        )}
      </QueryView>
    </section>
  );
}
