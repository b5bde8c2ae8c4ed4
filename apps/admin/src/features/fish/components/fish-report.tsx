import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Notice } from '../../../components/notice.tsx';
import { formatPercent } from '../../../lib/numbers.ts';
import { type DatedPageProps, FilterForm, lastSevenDays } from '../../games/components/games-shared.tsx';
import { useFishReport } from '../api/fish-office.ts';

/** The fish rooms' P&L by day (of the shot, in the merchant's zone) and room, over the merchant's members' shots. */
export function FishReport({ merchant, money, timeZone }: DatedPageProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => lastSevenDays(timeZone));
  const [range, setRange] = useState(draft);
  const report = useFishReport(merchant, range);
  const columns = [
    t('fishAdmin.report.day'),
    t('fishAdmin.room'),
    t('fishAdmin.players'),
    t('fishAdmin.shots'),
    t('fishAdmin.stake'),
    t('fishAdmin.returned'),
    t('fishAdmin.houseWin'),
  ];
  const totals = report.data?.totals;
  return (
    <section className="stack" aria-labelledby="fish-report">
      <h2 id="fish-report">{t('fishAdmin.report.title')}</h2>
      <p className="muted">{t('fishAdmin.report.intro')}</p>
      <FilterForm range={draft} timeZone={timeZone} onRange={setDraft} onSubmit={() => setRange(draft)} />
      {report.isError ? <Notice tone="error">{report.error.message}</Notice> : null}
      <DataTable
        caption={t('fishAdmin.report.title')}
        busy={report.isFetching}
        empty={report.isPending ? t('fishAdmin.loading') : t('fishAdmin.report.empty')}
        columns={columns}
        rows={report.data?.list ?? []}
        row={(r) => (
          <tr key={`${r.day}-${r.roomCode}`}>
            <td data-label={columns[0]}>{r.day}</td>
            <td data-label={columns[1]}>{r.roomCode}</td>
            <td data-label={columns[2]}>{r.players}</td>
            <td data-label={columns[3]}>{r.shots}</td>
            <td data-label={columns[4]}>{money.amount(r.stake)}</td>
            <td data-label={columns[5]}>{money.amount(r.returned)}</td>
            <td data-label={columns[6]}>{money.amount(r.houseWin)}</td>
          </tr>
        )}
      />
      {totals && report.data && report.data.list.length > 0 ? (
        <dl className="facts" aria-label={t('fishAdmin.report.totals')}>
          <div>
            <dt>{t('fishAdmin.shots')}</dt>
            <dd>{totals.shots}</dd>
          </div>
          <div>
            <dt>{t('fishAdmin.stake')}</dt>
            <dd>{money.amount(totals.stake)}</dd>
          </div>
          <div>
            <dt>{t('fishAdmin.returned')}</dt>
            <dd>{money.amount(totals.returned)}</dd>
          </div>
          <div>
            <dt>{t('fishAdmin.houseWin')}</dt>
            <dd data-testid="fish-house-win">{money.amount(totals.houseWin)}</dd>
          </div>
          <div>
            <dt>{t('fishAdmin.report.actualReturn')}</dt>
            <dd>{totals.stake > 0 ? formatPercent(totals.returned / totals.stake) : '—'}</dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}
