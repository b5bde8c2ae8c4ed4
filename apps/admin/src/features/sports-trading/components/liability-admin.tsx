import { liabilitySorts } from '@tala/contracts/sports-trading';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import type { MoneyFormat } from '../../games/components/games-shared.tsx';
import { type TradingFilter, useLiability } from '../api/trading.ts';
import { marketRef, useTradingNames } from '../lib/market-names.ts';
import { feedKey, price, SuspendedBadge, TradingFilterFields } from './shared.tsx';

/**
 * The liability of the merchant's open bets per market and outcome: stakes, potential payouts and the house's result
 * if each outcome wins; a parlay counts on each of its open legs with its whole stake and return (the worst case).
 */
export function LiabilityAdmin({
  merchant,
  money,
  onOpen,
}: {
  merchant: string;
  money: MoneyFormat;
  onOpen: (marketId: number) => void;
}) {
  const { t } = useTranslation();
  const names = useTradingNames();
  const [draft, setDraft] = useState<TradingFilter & { sort: string }>({
    sport: '',
    league: '',
    event: '',
    sort: 'worstCase',
  });
  const [filter, setFilter] = useState(draft);
  const liability = useLiability(merchant, filter);
  const columns = [
    t('sportsTrading.event'),
    t('sportsTrading.market'),
    t('sportsTrading.bets'),
    t('sportsTrading.stakes'),
    t('sportsTrading.outcomes'),
    t('sportsTrading.worstCase'),
    { label: t('sportsTrading.actions'), hidden: true as const },
  ];
  const label = (i: number) => {
    const c = columns[i];
    return typeof c === 'string' ? c : (c?.label ?? '');
  };
  const totals = liability.data?.totals;
  return (
    <section className="stack" aria-labelledby="sports-liability">
      <h2 id="sports-liability">{t('sportsTrading.liability.title')}</h2>
      <p className="muted">{t('sportsTrading.liability.intro')}</p>
      <form
        className="filters"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          setFilter(draft);
        }}
      >
        <TradingFilterFields value={draft} onChange={(v) => setDraft({ ...draft, ...v })} />
        <Field label={t('sportsTrading.liability.sort')}>
          <select
            className="input"
            value={draft.sort}
            onChange={(e) => {
              const next = { ...draft, sort: e.target.value };
              setDraft(next);
              setFilter(next);
            }}
          >
            {liabilitySorts.map((s) => (
              <option key={s} value={s}>
                {t(`sportsTrading.liability.sorts.${s}`)}
              </option>
            ))}
          </select>
        </Field>
        <div className="filters-actions">
          <button type="submit" className="button button-primary">
            {t('sportsTrading.search')}
          </button>
        </div>
      </form>
      {liability.isError ? <Notice tone="error">{liability.error.message}</Notice> : null}
      <DataTable
        caption={t('sportsTrading.liability.title')}
        busy={liability.isFetching}
        empty={liability.isPending ? t('sportsTrading.loading') : t('sportsTrading.liability.empty')}
        columns={columns}
        rows={liability.data?.list ?? []}
        row={(m) => {
          const ref = marketRef(m);
          const market = names.market(ref);
          return (
            <tr key={m.marketId}>
              <td data-label={label(0)}>
                {m.eventName}
                <br />
                <span className="muted">{`${names.sport(m.sport)} · ${m.league.name}`}</span>
              </td>
              <td data-label={label(1)} title={feedKey(m)}>
                {market}
                <SuspendedBadge suspended={m.suspended} />
              </td>
              <td data-label={label(2)}>{m.bets}</td>
              <td data-label={label(3)}>{money.amount(m.stakes)}</td>
              <td data-label={label(4)}>
                <ul>
                  {m.outcomes.map((o) => (
                    <li key={o.id}>
                      {t('sportsTrading.liability.outcomeLine', {
                        name: names.outcome(ref, o),
                        price: price(o.price),
                        stakes: money.amount(o.stakes),
                        payout: money.amount(o.payout),
                        net: money.amount(o.net),
                      })}
                    </li>
                  ))}
                </ul>
              </td>
              <td data-label={label(5)}>
                <strong>{money.amount(m.worstCase)}</strong>
              </td>
              <td data-label={label(6)}>
                <button
                  type="button"
                  className="button"
                  onClick={() => onOpen(m.marketId)}
                  aria-label={t('sportsTrading.openMarket', { name: `${m.eventName} ${market}` })}
                >
                  {t('sportsTrading.open')}
                </button>
              </td>
            </tr>
          );
        }}
      />
      {totals && (liability.data?.list.length ?? 0) > 0 ? (
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
            <dt>{t('sportsTrading.worstCase')}</dt>
            <dd data-testid="sports-worst-case">{money.amount(totals.worstCase)}</dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}
