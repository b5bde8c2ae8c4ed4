import { type ManualResult, manualResults } from '@tala/contracts/sports-trading';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import type { MoneyFormat } from '../../games/components/games-shared.tsx';
import {
  type TradingMarketDetail,
  useProposeSettlement,
  useSuspension,
  useTradingMarket,
} from '../api/trading.ts';
import { marketRef, useTradingNames } from '../lib/market-names.ts';
import { ProposalsTable } from './approvals-admin.tsx';
import { feedKey, percent, price } from './shared.tsx';

/**
 * One market as the desk sees it: its outcomes with the feed's and the offered prices and the liability; suspend
 * and resume it (owners), propose its result for another operator to approve (owners), and its proposals.
 */
export function MarketDetail({
  merchant,
  marketId,
  money,
  canManage,
  onClose,
}: {
  merchant: string;
  marketId: number;
  money: MoneyFormat;
  canManage: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const names = useTradingNames();
  const detail = useTradingMarket(merchant, marketId);
  return (
    <section className="stack card" aria-labelledby="sports-market-detail">
      <div>
        <h2 id="sports-market-detail" title={detail.data ? feedKey(detail.data.market) : undefined}>
          {detail.data
            ? `${detail.data.market.eventName} · ${names.market(marketRef(detail.data.market))}`
            : t('sportsTrading.marketTitle')}
        </h2>
        <button type="button" className="button" onClick={onClose}>
          {t('sportsTrading.close')}
        </button>
      </div>
      {detail.isPending ? <Loading /> : null}
      {detail.isError ? <LoadError error={detail.error} onRetry={() => void detail.refetch()} /> : null}
      {detail.data ? (
        <MarketBody merchant={merchant} data={detail.data} money={money} canManage={canManage} />
      ) : null}
    </section>
  );
}

function MarketBody({
  merchant,
  data,
  money,
  canManage,
}: {
  merchant: string;
  data: TradingMarketDetail;
  money: MoneyFormat;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const names = useTradingNames();
  const m = data.market;
  const ref = marketRef(m);
  const suspension = useSuspension(merchant);
  const propose = useProposeSettlement(merchant);
  const [reason, setReason] = useState('');
  const [results, setResults] = useState<Record<string, ManualResult>>({});
  const [settleReason, setSettleReason] = useState('');
  const feed = new Map(data.feedPrices.map((p) => [p.id, p.price]));
  const columns = [
    t('sportsTrading.outcome'),
    t('sportsTrading.feedPrice'),
    t('sportsTrading.offeredPrice'),
    t('sportsTrading.bets'),
    t('sportsTrading.stakes'),
    t('sportsTrading.payout'),
    t('sportsTrading.net'),
  ];
  const complete = m.outcomes.every((o) => results[o.id] !== undefined);
  return (
    <>
      <dl className="facts">
        <div>
          <dt>{t('sportsTrading.sport')}</dt>
          <dd>{`${names.sport(m.sport)} · ${m.league.name}`}</dd>
        </div>
        <div>
          <dt>{t('sportsTrading.status')}</dt>
          <dd>
            {t(`sportsTrading.marketStatus.${m.status}`, { defaultValue: m.status })}
            {m.suspended ? ` · ${t('sportsTrading.suspendedByDesk')}` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('sportsTrading.margin')}</dt>
          <dd>{percent(data.marginBps)}</dd>
        </div>
        <div>
          <dt>{t('sportsTrading.worstCase')}</dt>
          <dd>{money.amount(m.worstCase)}</dd>
        </div>
      </dl>
      {data.suspensionReason ? (
        <Notice tone="warning">
          {t('sportsTrading.suspendedBecause', { reason: data.suspensionReason })}
        </Notice>
      ) : null}
      <DataTable
        caption={t('sportsTrading.outcomes')}
        columns={columns}
        rows={m.outcomes}
        row={(o) => (
          <tr key={o.id}>
            <td data-label={columns[0]}>{names.outcome(ref, o)}</td>
            <td data-label={columns[1]}>{price(feed.get(o.id) ?? null)}</td>
            <td data-label={columns[2]}>{price(o.price)}</td>
            <td data-label={columns[3]}>{o.bets}</td>
            <td data-label={columns[4]}>{money.amount(o.stakes)}</td>
            <td data-label={columns[5]}>{money.amount(o.payout)}</td>
            <td data-label={columns[6]}>{money.amount(o.net)}</td>
          </tr>
        )}
      />
      {canManage ? (
        <div className="stack">
          <h3>{t('sportsTrading.suspension')}</h3>
          {suspension.isError ? <Notice tone="error">{suspension.error.message}</Notice> : null}
          {m.suspended && !data.eventSuspended ? (
            <button
              type="button"
              className="button button-primary"
              disabled={suspension.isPending}
              onClick={() => suspension.mutate({ target: 'markets', id: m.marketId, action: 'resume' })}
            >
              {t('sportsTrading.resumeMarket')}
            </button>
          ) : m.suspended ? (
            <p className="muted">{t('sportsTrading.eventSuspendedNote')}</p>
          ) : (
            <form
              className="filters"
              onSubmit={(e: FormEvent) => {
                e.preventDefault();
                suspension.mutate(
                  { target: 'markets', id: m.marketId, action: 'suspend', reason },
                  { onSuccess: () => setReason('') },
                );
              }}
            >
              <Field label={t('sportsTrading.reason')}>
                <input
                  className="input"
                  value={reason}
                  required
                  maxLength={200}
                  onChange={(e) => setReason(e.target.value)}
                />
              </Field>
              <div className="filters-actions">
                <button type="submit" className="button button-danger" disabled={suspension.isPending}>
                  {t('sportsTrading.suspendMarket')}
                </button>
              </div>
            </form>
          )}
          <h3>{t('sportsTrading.propose.title')}</h3>
          <p className="muted">{t('sportsTrading.propose.intro')}</p>
          {propose.isError ? <Notice tone="error">{propose.error.message}</Notice> : null}
          {propose.isSuccess ? <Notice tone="success">{t('sportsTrading.propose.sent')}</Notice> : null}
          <form
            className="stack"
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              propose.mutate(
                { marketId: m.marketId, outcomes: results, reason: settleReason },
                {
                  onSuccess: () => {
                    setResults({});
                    setSettleReason('');
                  },
                },
              );
            }}
          >
            <div className="filters">
              {m.outcomes.map((o) => (
                <Field
                  key={o.id}
                  label={t('sportsTrading.propose.resultOf', { name: names.outcome(ref, o) })}
                >
                  <select
                    className="input"
                    required
                    value={results[o.id] ?? ''}
                    onChange={(e) => setResults({ ...results, [o.id]: e.target.value as ManualResult })}
                  >
                    <option value="">{t('sportsTrading.propose.choose')}</option>
                    {manualResults.map((r) => (
                      <option key={r} value={r}>
                        {t(`sportsTrading.results.${r}`)}
                      </option>
                    ))}
                  </select>
                </Field>
              ))}
            </div>
            <Field label={t('sportsTrading.reason')}>
              <textarea
                className="input"
                required
                maxLength={500}
                value={settleReason}
                onChange={(e) => setSettleReason(e.target.value)}
              />
            </Field>
            <div>
              <button
                type="submit"
                className="button button-primary"
                disabled={!complete || propose.isPending}
              >
                {t('sportsTrading.propose.submit')}
              </button>
            </div>
          </form>
        </div>
      ) : null}
      <h3>{t('sportsTrading.approvals.history')}</h3>
      <ProposalsTable list={data.proposals} merchant={merchant} canDecide={false} />
    </>
  );
}
