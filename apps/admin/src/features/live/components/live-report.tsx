import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Notice } from '../../../components/notice.tsx';
import { type DatedPageProps, FilterForm, lastSevenDays } from '../../games/components/games-shared.tsx';
import { useLiveReport } from '../api/live-office.ts';

/** The live casino's P&L by day (of the round, in the merchant's zone) and table, over the merchant's bets. */
export function LiveReport({ merchant, money, timeZone }: DatedPageProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => lastSevenDays(timeZone));
  const [range, setRange] = useState(draft);
  const report = useLiveReport(merchant, range);
  const columns = [
    t('liveAdmin.report.day'),
    t('liveAdmin.table'),
    t('liveAdmin.bets'),
    t('liveAdmin.stake'),
    t('liveAdmin.returned'),
    t('liveAdmin.houseWin'),
  ];
  const totals = report.data?.totals;
  return (
    <section className="stack" aria-labelledby="live-report">
      <h2 id="live-report">{t('liveAdmin.report.title')}</h2>
      <p className="muted">{t('liveAdmin.report.intro')}</p>
      <FilterForm range={draft} timeZone={timeZone} onRange={setDraft} onSubmit={() => setRange(draft)} />
      {report.isError ? <Notice tone="error">{report.error.message}</Notice> : null}
      <DataTable
        caption={t('liveAdmin.report.title')}
        busy={report.isFetching}
        empty={report.isPending ? t('liveAdmin.loading') : t('liveAdmin.report.empty')}
        columns={columns}
        rows={report.data?.list ?? []}
        row={(r) => (
          <tr key={`${r.day}-${r.tableCode}`}>
            <td data-label={columns[0]}>{r.day}</td>
            <td data-label={columns[1]}>{`${r.tableCode} · ${t(`liveAdmin.games.${r.game}`)}`}</td>
            <td data-label={columns[2]}>{r.bets}</td>
            <td data-label={columns[3]}>{money.amount(r.stake)}</td>
            <td data-label={columns[4]}>{money.amount(r.returned)}</td>
            <td data-label={columns[5]}>{money.amount(r.houseWin)}</td>
          </tr>
        )}
      />
      {totals && report.data && report.data.list.length > 0 ? (
        <dl className="facts" aria-label={t('liveAdmin.report.totals')}>
          <div>
            <dt>{t('liveAdmin.bets')}</dt>
            <dd>{totals.bets}</dd>
          </div>
          <div>
            <dt>{t('liveAdmin.stake')}</dt>
            <dd>{money.amount(totals.stake)}</dd>
          </div>
          <div>
            <dt>{t('liveAdmin.returned')}</dt>
            <dd>{money.amount(totals.returned)}</dd>
          </div>
          <div>
            <dt>{t('liveAdmin.houseWin')}</dt>
            <dd data-testid="live-house-win">{money.amount(totals.houseWin)}</dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}
