import { teamTransactionTypes } from '@tala/contracts/agents';
import type { GameType } from '@tala/contracts/games';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportPager } from '../../../components/report-pager.tsx';
import {
  profitLossQuery,
  type Range,
  type TransactionType,
  teamBetsQuery,
  transactionsQuery,
} from '../api/agent-api.ts';
import { RangeCaption, RangePicker, ReportState, useMoney } from './report-parts.tsx';

const products: (GameType | 'ALL')[] = [
  'ALL',
  'RNG',
  'LIVE',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'LOTT',
  'ELOTT',
];

/**
 * The filters every team report has: a range and one member of the team (exact account), plus the report's own;
 * they apply when the form is sent, and send the report back to page 1.
 */
function useReportFilters<Extra extends object>(extra: Extra) {
  const [draft, setDraft] = useState({ range: { range: 'today' } as Range, username: '', ...extra });
  const [applied, setApplied] = useState({ ...draft, pageNo: 1 });
  return {
    draft,
    setDraft,
    setRange: (range: Range) => setDraft({ ...draft, range }),
    setUsername: (username: string) => setDraft({ ...draft, username }),
    applied,
    apply: (event: FormEvent) => {
      event.preventDefault();
      setApplied({ ...draft, username: draft.username.trim(), pageNo: 1 });
    },
    page: (pageNo: number) => setApplied({ ...applied, pageNo }),
  };
}

function Filters({
  filters: { draft, setRange, setUsername, apply },
  children,
}: {
  filters: {
    draft: { range: Range; username: string };
    setRange: (range: Range) => void;
    setUsername: (username: string) => void;
    apply: (event: FormEvent) => void;
  };
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form className="report__filters" onSubmit={apply} aria-label={t('records.filters')}>
      <RangePicker value={draft.range} onChange={setRange} />
      {children}
      <label className="report__field">
        <span>{t('agentCentre.account')}</span>
        <input
          className="form-field__input"
          type="search"
          value={draft.username}
          maxLength={64}
          placeholder={t('agentCentre.wholeTeam')}
          onChange={(event) => setUsername(event.target.value)}
        />
      </label>
      <button type="submit" className="btn btn-primary">
        {t('records.search')}
      </button>
    </form>
  );
}

function Signed({ value, money }: { value: number; money: (minor: number) => string }) {
  return <td className={value < 0 ? 'report__loss' : 'report__gain'}>{money(value)}</td>;
}

/** personalHistoryCopy for the team: every round of the team, with its member, and the totals of the range. */
export function TeamBettingPage() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const f = useReportFilters({ product: 'ALL' as GameType | 'ALL' });
  const bets = useQuery(teamBetsQuery({ ...f.applied, ...f.applied.range }));
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <div className="report">
      <Filters filters={f}>
        <label className="report__field">
          <span>{t('records.product')}</span>
          <select
            className="form-field__input"
            value={f.draft.product}
            onChange={(event) => f.setDraft({ ...f.draft, product: event.target.value as GameType | 'ALL' })}
          >
            {products.map((p) => (
              <option key={p} value={p}>
                {t(`records.products.${p}`)}
              </option>
            ))}
          </select>
        </label>
      </Filters>
      <ReportState query={bets}>
        {(data) => (
          <>
            <RangeCaption from={data.from} to={data.to} />
            <dl className="report__totals" aria-label={t('records.totals')}>
              <div>
                <dt>{t('records.count')}</dt>
                <dd data-testid="team-bet-count">{data.totals.count}</dd>
              </div>
              <div>
                <dt>{t('records.bet')}</dt>
                <dd data-testid="team-bet-stake">{money(data.totals.bet)}</dd>
              </div>
              <div>
                <dt>{t('records.win')}</dt>
                <dd>{money(data.totals.win)}</dd>
              </div>
              <div>
                <dt>{t('records.profit')}</dt>
                <dd className={data.totals.profit < 0 ? 'report__loss' : 'report__gain'}>
                  {money(data.totals.profit)}
                </dd>
              </div>
            </dl>
            {data.list.length === 0 ? (
              <p role="status" className="report__empty">
                {t('records.empty')}
              </p>
            ) : (
              <div className="report__scroll">
                <table className="report__table" data-testid="team-bets">
                  <thead>
                    <tr>
                      <th scope="col">{t('records.time')}</th>
                      <th scope="col">{t('agentCentre.account')}</th>
                      <th scope="col">{t('records.game')}</th>
                      <th scope="col">{t('records.bet')}</th>
                      <th scope="col">{t('records.profit')}</th>
                      <th scope="col">{t('records.status')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.list.map((row) => (
                      <tr key={row.id}>
                        <td>{time.format(new Date(row.createdAt))}</td>
                        <td>{row.username}</td>
                        <td>
                          {row.gameName}
                          <span className="report__sub">{t(`records.products.${row.product}`)}</span>
                        </td>
                        <td>{money(row.bet)}</td>
                        <Signed value={row.profit} money={money} />
                        <td>{t(`records.statuses.${row.status}`)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <ReportPager pageNo={f.applied.pageNo} totalPages={data.totalPages} onPage={f.page} />
          </>
        )}
      </ReportState>
    </div>
  );
}

/** palStatementsAgentCopy: each member's profit and loss by product, most staked first, and the team's total. */
export function UserProfitLossPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const f = useReportFilters({});
  const report = useQuery(profitLossQuery({ ...f.applied, ...f.applied.range }));
  return (
    <div className="report">
      <Filters filters={f} />
      <ReportState query={report}>
        {(data) => (
          <>
            <RangeCaption from={data.from} to={data.to} />
            <div className="report__scroll">
              <table className="report__table" data-testid="team-profit-loss">
                <thead>
                  <tr>
                    <th scope="col">{t('agentCentre.account')}</th>
                    <th scope="col">{t('records.product')}</th>
                    <th scope="col">{t('records.count')}</th>
                    <th scope="col">{t('records.bet')}</th>
                    <th scope="col">{t('records.win')}</th>
                    <th scope="col">{t('records.profit')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.list.length === 0 ? (
                    <tr>
                      <td colSpan={6}>{t('records.empty')}</td>
                    </tr>
                  ) : (
                    data.list.flatMap((m) => [
                      ...m.products.map((p, index) => (
                        <tr key={`${m.username}-${p.product}`}>
                          {index === 0 ? (
                            <th scope="rowgroup" rowSpan={m.products.length + 1}>
                              {m.username}
                            </th>
                          ) : null}
                          <td>{t(`records.products.${p.product}`)}</td>
                          <td>{p.count}</td>
                          <td>{money(p.bet)}</td>
                          <td>{money(p.win)}</td>
                          <Signed value={p.profit} money={money} />
                        </tr>
                      )),
                      <tr key={`${m.username}-total`} className="report__subtotal">
                        <td>{t('records.total')}</td>
                        <td>{m.totals.count}</td>
                        <td>{money(m.totals.bet)}</td>
                        <td>{money(m.totals.win)}</td>
                        <Signed value={m.totals.profit} money={money} />
                      </tr>,
                    ])
                  )}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={2}>
                      {t('agentCentre.teamTotal')}
                    </th>
                    <td>{data.totals.count}</td>
                    <td>{money(data.totals.bet)}</td>
                    <td>{money(data.totals.win)}</td>
                    <Signed value={data.totals.profit} money={money} />
                  </tr>
                </tfoot>
              </table>
            </div>
            <ReportPager pageNo={f.applied.pageNo} totalPages={data.totalPages} onPage={f.page} />
          </>
        )}
      </ReportState>
    </div>
  );
}

/** agentDownlineTransactionDetailsCopy: deposits, withdrawals, transfers, bonuses and corrections of the team. */
export function TransactionDetailsPage() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const f = useReportFilters({ type: '' as TransactionType | '' });
  const lines = useQuery(transactionsQuery({ ...f.applied, ...f.applied.range }));
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <div className="report">
      <Filters filters={f}>
        <label className="report__field">
          <span>{t('payments.history.types')}</span>
          <select
            className="form-field__input"
            value={f.draft.type}
            onChange={(event) => f.setDraft({ ...f.draft, type: event.target.value as TransactionType | '' })}
          >
            <option value="">{t('payments.history.allTypes')}</option>
            {teamTransactionTypes.map((type) => (
              <option key={type} value={type}>
                {t(`payments.history.entryTypes.${type}`)}
              </option>
            ))}
          </select>
        </label>
      </Filters>
      <ReportState query={lines}>
        {(data) => (
          <>
            <RangeCaption from={data.from} to={data.to} />
            {data.list.length === 0 ? (
              <p role="status" className="report__empty">
                {t('agentCentre.noTransactions')}
              </p>
            ) : (
              <div className="report__scroll">
                <table className="report__table" data-testid="team-transactions">
                  <thead>
                    <tr>
                      <th scope="col">{t('records.time')}</th>
                      <th scope="col">{t('agentCentre.account')}</th>
                      <th scope="col">{t('payments.history.types')}</th>
                      <th scope="col">{t('payments.amount')}</th>
                      <th scope="col">{t('payments.history.memo')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.list.map((line) => (
                      <tr key={`${line.entryId}-${line.username}`}>
                        <td>{time.format(new Date(line.createdAt))}</td>
                        <td>{line.username}</td>
                        <td>{t(`payments.history.entryTypes.${line.type as TransactionType}`)}</td>
                        <Signed value={line.amount} money={money} />
                        <td>{line.memo ?? ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <ReportPager pageNo={f.applied.pageNo} totalPages={data.totalPages} onPage={f.page} />
          </>
        )}
      </ReportState>
    </div>
  );
}
