import '../safer-gambling.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/money.ts';
import { useSessionToken } from '../../../lib/session.ts';
import { useSystemStatus } from '../../system/api/get-system-status.ts';
import { downloadStatement, statementQuery } from '../api/statement-api.ts';
import { signed } from '../lib/format.ts';

const ranges = [3, 6, 12, 24] as const;

/** The member's activity statement by month (issue 18 item 5), shown and downloadable as CSV and PDF. */
export function StatementSection() {
  const { t } = useTranslation();
  const token = useSessionToken() ?? '';
  const [months, setMonths] = useState<number>(12);
  const query = useQuery(statementQuery(token, months));
  const whitelabel = useSystemStatus().data?.info.whitelabel;
  const [problem, setProblem] = useState<string | null>(null);
  const format = (minor: number) => (whitelabel ? money(minor, whitelabel) : String(minor));
  const data = query.data;

  async function download(kind: 'csv' | 'pdf') {
    setProblem(null);
    try {
      await downloadStatement(kind, months);
    } catch (error) {
      setProblem((error as Error).message);
    }
  }

  return (
    <div className="safer-gambling__statement">
      <p>{t('saferGambling.statement.intro')}</p>
      <div className="safer-gambling__toolbar">
        <label className="safer-gambling__range">
          {t('saferGambling.statement.range')}
          <select value={months} onChange={(event) => setMonths(Number(event.target.value))}>
            {ranges.map((n) => (
              <option key={n} value={n}>
                {t('saferGambling.statement.months', { n })}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn-secondary" onClick={() => void download('csv')}>
          {t('saferGambling.statement.csv')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void download('pdf')}>
          {t('saferGambling.statement.pdf')}
        </button>
      </div>
      {problem ? <p role="alert">{problem}</p> : null}
      {query.isError ? <p role="alert">{(query.error as Error).message}</p> : null}
      {!data ? (
        <p className="centre__loading" role="status">
          {t('common.loading')}
        </p>
      ) : (
        <div className="safer-gambling__table-wrap">
          <table className="safer-gambling__table">
            <caption>{t('saferGambling.statement.caption', { zone: data.timeZone })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('saferGambling.statement.month')}</th>
                <th scope="col">{t('saferGambling.statement.deposits')}</th>
                <th scope="col">{t('saferGambling.statement.withdrawals')}</th>
                <th scope="col">{t('saferGambling.statement.bets')}</th>
                <th scope="col">{t('saferGambling.statement.wins')}</th>
                <th scope="col">{t('saferGambling.statement.net')}</th>
              </tr>
            </thead>
            <tbody>
              {[...data.months].reverse().map((m) => (
                <tr key={m.month}>
                  <th scope="row">{m.month}</th>
                  <td>{format(m.deposits)}</td>
                  <td>{format(m.withdrawals)}</td>
                  <td>{format(m.bets)}</td>
                  <td>{format(m.wins)}</td>
                  <td className={m.net < 0 ? 'reality-check__loss' : undefined}>{signed(m.net, format)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('saferGambling.statement.total')}</th>
                <td>{format(data.totals.deposits)}</td>
                <td>{format(data.totals.withdrawals)}</td>
                <td>{format(data.totals.bets)}</td>
                <td>{format(data.totals.wins)}</td>
                <td className={data.totals.net < 0 ? 'reality-check__loss' : undefined}>
                  {signed(data.totals.net, format)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  );
}
