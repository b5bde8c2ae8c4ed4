import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { type DatedPageProps, FilterForm, lastSevenDays } from '../../games/components/games-shared.tsx';
import { useTradingReport } from '../api/trading.ts';
import { useTradingNames } from '../lib/market-names.ts';

/** The sportsbook's P&L of settled bets by day (of settlement, in the merchant's zone), sport and league. */
export function TradingReport({ merchant, money, timeZone }: DatedPageProps) {
  const { t } = useTranslation();
  const names = useTradingNames();
  const [draft, setDraft] = useState(() => ({ ...lastSevenDays(timeZone), sport: '' }));
  const [range, setRange] = useState(draft);
  const report = useTradingReport(merchant, range);
  const columns = [
    t('sportsTrading.report.day'),
    t('sportsTrading.sport'),
    t('sportsTrading.league'),
    t('sportsTrading.bets'),
    t('sportsTrading.stakes'),
    t('sportsTrading.report.returns'),
    t('sportsTrading.report.houseWin'),
  ];
  const totals = report.data?.totals;
  return (
    <section className="stack" aria-labelledby="sports-report">
      <h2 id="sports-report">{t('sportsTrading.report.title')}</h2>
      <p className="muted">{t('sportsTrading.report.intro')}</p>
      <FilterForm
        range={draft}
        timeZone={timeZone}
        onRange={(r) => setDraft({ ...draft, ...r })}
        onSubmit={() => setRange(draft)}
      >
        <Field label={t('sportsTrading.sport')}>
          <input
            className="input"
            value={draft.sport}
            onChange={(e) => setDraft({ ...draft, sport: e.target.value.trim() })}
          />
        </Field>
      </FilterForm>
      {report.isError ? <Notice tone="error">{report.error.message}</Notice> : null}
      <DataTable
        caption={t('sportsTrading.report.title')}
        busy={report.isFetching}
        empty={report.isPending ? t('sportsTrading.loading') : t('sportsTrading.report.empty')}
        columns={columns}
        rows={report.data?.list ?? []}
        row={(r) => (
          <tr key={`${r.day}-${r.sport}-${r.league.id}`}>
            <td data-label={columns[0]}>{r.day}</td>
            <td data-label={columns[1]}>{names.sport(r.sport)}</td>
            <td data-label={columns[2]}>{r.league.name}</td>
            <td data-label={columns[3]}>{r.bets}</td>
            <td data-label={columns[4]}>{money.amount(r.stakes)}</td>
            <td data-label={columns[5]}>{money.amount(r.returns)}</td>
            <td data-label={columns[6]}>{money.amount(r.houseWin)}</td>
          </tr>
        )}
      />
      {totals && (report.data?.list.length ?? 0) > 0 ? (
        <dl className="facts" aria-label={t('sportsTrading.totals')}>
          <div>
            <dt>{t('sportsTrading.bets')}</dt>
            <dd>{totals.bets}</dd>
          </div>
          <div>
            <dt>{t('sportsTrading.stakes')}</dt>
            <dd>{money.amount(totals.stakes)}</dd>
          </div>
          <div>
            <dt>{t('sportsTrading.report.returns')}</dt>
            <dd>{money.amount(totals.returns)}</dd>
          </div>
          <div>
            <dt>{t('sportsTrading.report.houseWin')}</dt>
            <dd data-testid="sports-house-win">{money.amount(totals.houseWin)}</dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}
