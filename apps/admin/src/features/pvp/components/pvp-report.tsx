import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Notice } from '../../../components/notice.tsx';
import { type DatedPageProps, FilterForm, lastSevenDays } from '../../games/components/games-shared.tsx';
import { usePvpReport } from '../api/pvp-office.ts';

/** The card tables' P&L by day (of the hand's end, in the merchant's zone) and game: the house's income is the rake. */
export function PvpReport({ merchant, money, timeZone }: DatedPageProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => lastSevenDays(timeZone));
  const [range, setRange] = useState(draft);
  const report = usePvpReport(merchant, range);
  const columns = [
    t('pvpAdmin.report.day'),
    t('pvpAdmin.game'),
    t('pvpAdmin.report.hands'),
    t('pvpAdmin.report.pots'),
    t('pvpAdmin.rake'),
  ];
  const totals = report.data?.totals;
  return (
    <section className="stack" aria-labelledby="pvp-report">
      <h2 id="pvp-report">{t('pvpAdmin.report.title')}</h2>
      <p className="muted">{t('pvpAdmin.report.intro')}</p>
      <FilterForm range={draft} timeZone={timeZone} onRange={setDraft} onSubmit={() => setRange(draft)} />
      {report.isError ? <Notice tone="error">{report.error.message}</Notice> : null}
      <DataTable
        caption={t('pvpAdmin.report.title')}
        busy={report.isFetching}
        empty={report.isPending ? t('pvpAdmin.loading') : t('pvpAdmin.report.empty')}
        columns={columns}
        rows={report.data?.list ?? []}
        row={(r) => (
          <tr key={`${r.day}-${r.game}`}>
            <td data-label={columns[0]}>{r.day}</td>
            <td data-label={columns[1]}>{t(`pvpAdmin.games.${r.game}`)}</td>
            <td data-label={columns[2]}>{r.hands}</td>
            <td data-label={columns[3]}>{r.players}</td>
            <td data-label={columns[4]}>{money.amount(r.pots)}</td>
            <td data-label={columns[5]}>{money.amount(r.rake)}</td>
          </tr>
        )}
      />
      {totals && report.data && report.data.list.length > 0 ? (
        <dl className="facts" aria-label={t('pvpAdmin.report.totals')}>
          <div>
            <dt>{t('pvpAdmin.report.hands')}</dt>
            <dd>{totals.hands}</dd>
          </div>
          <div>
            <dt>{t('pvpAdmin.report.players')}</dt>
            <dd>{totals.players}</dd>
          </div>
          <div>
            <dt>{t('pvpAdmin.report.pots')}</dt>
            <dd>{money.amount(totals.pots)}</dd>
          </div>
          <div>
            <dt>{t('pvpAdmin.rake')}</dt>
            <dd data-testid="pvp-rake-total">{money.amount(totals.rake)}</dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}
