import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Notice } from '../../../components/notice.tsx';
import { FilterForm, lastSevenDays, type MoneyFormat } from '../../games/components/games-shared.tsx';
import { useLotteryReport } from '../api/lottery-office.ts';

/** Lottery P&L by day (of the draw, in the merchant's zone) and game: stakes, payouts, rebates and GGR. */
export function LotteryReport({
  merchant,
  money,
  timeZone,
}: {
  merchant: string;
  money: MoneyFormat;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => lastSevenDays(timeZone));
  const [range, setRange] = useState(draft);
  const report = useLotteryReport(merchant, range);
  const columns = [
    t('lotteryAdmin.report.day'),
    t('lotteryAdmin.game'),
    t('lotteryAdmin.draws.bets'),
    t('lotteryAdmin.report.stake'),
    t('lotteryAdmin.report.payout'),
    t('lotteryAdmin.report.rebate'),
    t('lotteryAdmin.report.ggr'),
  ];
  const totals = report.data?.totals;
  return (
    <section className="stack" aria-labelledby="lottery-report">
      <h2 id="lottery-report">{t('lotteryAdmin.report.title')}</h2>
      <p className="muted">{t('lotteryAdmin.report.intro')}</p>
      <FilterForm range={draft} timeZone={timeZone} onRange={setDraft} onSubmit={() => setRange(draft)} />
      {report.isError ? <Notice tone="error">{report.error.message}</Notice> : null}
      <DataTable
        caption={t('lotteryAdmin.report.title')}
        busy={report.isFetching}
        empty={report.isPending ? t('lotteryAdmin.loading') : t('lotteryAdmin.report.empty')}
        columns={columns}
        rows={report.data?.list ?? []}
        row={(r) => (
          <tr key={`${r.day}-${r.gameCode}`}>
            <td data-label={columns[0]}>{r.day}</td>
            <td data-label={columns[1]}>{r.gameCode}</td>
            <td data-label={columns[2]}>{r.bets}</td>
            <td data-label={columns[3]}>{money.amount(r.stake)}</td>
            <td data-label={columns[4]}>{money.amount(r.payout)}</td>
            <td data-label={columns[5]}>{money.amount(r.rebate)}</td>
            <td data-label={columns[6]}>{money.amount(r.ggr)}</td>
          </tr>
        )}
      />
      {totals && report.data && report.data.list.length > 0 ? (
        <dl className="facts" aria-label={t('lotteryAdmin.report.totals')}>
          <div>
            <dt>{t('lotteryAdmin.report.stake')}</dt>
            <dd>{money.amount(totals.stake)}</dd>
          </div>
          <div>
            <dt>{t('lotteryAdmin.report.payout')}</dt>
            <dd>{money.amount(totals.payout)}</dd>
          </div>
          <div>
            <dt>{t('lotteryAdmin.report.rebate')}</dt>
            <dd>{money.amount(totals.rebate)}</dd>
          </div>
          <div>
            <dt>{t('lotteryAdmin.report.ggr')}</dt>
            <dd data-testid="lottery-ggr">{money.amount(totals.ggr)}</dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}
