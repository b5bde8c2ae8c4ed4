import { drawStatuses } from '@tala/contracts/lottery';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { formatDateTime } from '../../../lib/datetime.ts';
import type { MoneyFormat } from '../../games/components/games-shared.tsx';
import { type OfficeDraw, type OfficeGame, useDrawActions, useLotteryDraws } from '../api/lottery-office.ts';

/**
 * A merchant's draws: status, result, settlement (bets open and settled, stakes, payouts, rebates); an operator
 * game's result entered by one operator and approved or rejected by another; cancelling a draw not yet drawn.
 */
export function DrawsAdmin({
  merchant,
  games,
  money,
  canManage,
  operatorName,
}: {
  merchant: string;
  games: readonly OfficeGame[];
  money: MoneyFormat;
  canManage: boolean;
  operatorName: string;
}) {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState({ gameCode: games[0]?.gameCode ?? '', status: '', pageNo: 1 });
  const draws = useLotteryDraws(merchant, filter);
  const actions = useDrawActions(merchant);
  const [selected, setSelected] = useState<number | null>(null);
  const game = games.find((g) => g.gameCode === filter.gameCode);
  const page = draws.data;
  const draw = page?.list.find((d) => d.drawId === selected);
  const error = [actions.enter, actions.approve, actions.reject, actions.cancel].find((m) => m.error)?.error;
  return (
    <section className="stack" aria-labelledby="lottery-draws">
      <h2 id="lottery-draws">{t('lotteryAdmin.draws.title')}</h2>
      <div className="filters">
        <Field label={t('lotteryAdmin.game')}>
          <select
            className="input"
            value={filter.gameCode}
            onChange={(e) => setFilter({ ...filter, gameCode: e.target.value, pageNo: 1 })}
          >
            {games.map((g) => (
              <option key={g.gameCode} value={g.gameCode}>{`${g.name} (${g.gameCode})`}</option>
            ))}
          </select>
        </Field>
        <Field label={t('lotteryAdmin.status')}>
          <select
            className="input"
            value={filter.status}
            onChange={(e) => setFilter({ ...filter, status: e.target.value, pageNo: 1 })}
          >
            <option value="">{t('lotteryAdmin.draws.anyStatus')}</option>
            {drawStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`lotteryAdmin.drawStatus.${s}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {error ? <Notice tone="error">{error.message}</Notice> : null}
      {draws.isError ? <Notice tone="error">{draws.error.message}</Notice> : null}
      <DataTable
        caption={t('lotteryAdmin.draws.title')}
        busy={draws.isFetching && draws.isPlaceholderData}
        empty={draws.isPending ? t('lotteryAdmin.loading') : t('lotteryAdmin.draws.empty')}
        columns={[
          t('lotteryAdmin.issue'),
          t('lotteryAdmin.drawAt'),
          t('lotteryAdmin.status'),
          t('lotteryAdmin.draws.result'),
          t('lotteryAdmin.draws.bets'),
          t('lotteryAdmin.report.stake'),
          t('lotteryAdmin.report.payout'),
          t('lotteryAdmin.report.rebate'),
          { label: t('lotteryAdmin.actions'), hidden: true },
        ]}
        rows={page?.list ?? []}
        row={(d) => (
          <tr key={d.drawId} aria-selected={d.drawId === selected}>
            <td data-label={t('lotteryAdmin.issue')}>{d.issueNo}</td>
            <td data-label={t('lotteryAdmin.drawAt')}>{formatDateTime(d.drawAt, i18n.language)}</td>
            <td data-label={t('lotteryAdmin.status')}>
              <span className={`badge ${d.status === 'cancelled' ? 'badge-off' : 'badge-on'}`}>
                {t(`lotteryAdmin.drawStatus.${d.status}`)}
              </span>
              {d.entries.some((e) => e.status === 'pending') ? (
                <span className="badge badge-changed">{t('lotteryAdmin.draws.awaitingApproval')}</span>
              ) : null}
            </td>
            <td data-label={t('lotteryAdmin.draws.result')}>
              {d.balls ? d.balls.join(d.balls.every((b) => b.length === 1) ? '' : ' ') : '—'}
            </td>
            <td data-label={t('lotteryAdmin.draws.bets')}>
              {t('lotteryAdmin.draws.betsCount', { open: d.openBets, total: d.bets })}
            </td>
            <td data-label={t('lotteryAdmin.report.stake')}>{money.amount(d.stake)}</td>
            <td data-label={t('lotteryAdmin.report.payout')}>{money.amount(d.win)}</td>
            <td data-label={t('lotteryAdmin.report.rebate')}>{money.amount(d.rebate)}</td>
            <td data-label={t('lotteryAdmin.actions')}>
              <button
                type="button"
                className="button"
                aria-label={t('lotteryAdmin.draws.open', { issue: d.issueNo })}
                onClick={() => setSelected(d.drawId)}
              >
                {t('lotteryAdmin.draws.details')}
              </button>
            </td>
          </tr>
        )}
      />
      {page ? (
        <Pager
          pageNo={page.pageNo}
          totalPages={page.totalPages}
          total={page.total}
          onPage={(pageNo: number) => setFilter({ ...filter, pageNo })}
        />
      ) : null}
      {draw && game ? (
        <DrawDetail
          key={draw.drawId}
          draw={draw}
          game={game}
          money={money}
          canManage={canManage}
          operatorName={operatorName}
          actions={actions}
        />
      ) : null}
    </section>
  );
}

function DrawDetail({
  draw,
  game,
  money,
  canManage,
  operatorName,
  actions,
}: {
  draw: OfficeDraw;
  game: OfficeGame;
  money: MoneyFormat;
  canManage: boolean;
  operatorName: string;
  actions: ReturnType<typeof useDrawActions>;
}) {
  const { t, i18n } = useTranslation();
  const tiers = game.resultTiers ?? [];
  const [lines, setLines] = useState<string[]>(() => tiers.map(() => ''));
  const [reason, setReason] = useState('');
  const pending = draw.entries.find((e) => e.status === 'pending');
  const due = new Date(draw.drawAt).getTime() <= Date.now();
  const prizes = (result: Record<string, unknown>) => (result.prizes as string[][] | undefined) ?? [];

  function enter(event: FormEvent) {
    event.preventDefault();
    actions.enter.mutate({
      drawId: draw.drawId,
      prizes: lines.map((line) => line.split(/[\s,]+/).filter(Boolean)),
    });
  }

  return (
    <section className="card stack" aria-labelledby="lottery-draw-detail">
      <h3 id="lottery-draw-detail">
        {t('lotteryAdmin.draws.detail', { issue: draw.issueNo, game: game.name })}
      </h3>
      <dl className="facts">
        <div>
          <dt>{t('lotteryAdmin.status')}</dt>
          <dd data-testid="draw-status">{t(`lotteryAdmin.drawStatus.${draw.status}`)}</dd>
        </div>
        <div>
          <dt>{t('lotteryAdmin.draws.source')}</dt>
          <dd>
            {draw.resultSource === 'operator'
              ? t('lotteryAdmin.draws.sourceOperator')
              : t('lotteryAdmin.draws.sourceSeed', { hash: draw.serverSeedHash.slice(0, 16) })}
          </dd>
        </div>
        <div>
          <dt>{t('lotteryAdmin.draws.settlement')}</dt>
          <dd data-testid="draw-settlement">
            {t('lotteryAdmin.draws.settlementText', {
              open: draw.openBets,
              total: draw.bets,
              stake: money.amount(draw.stake),
              win: money.amount(draw.win),
              rebate: money.amount(draw.rebate),
            })}
          </dd>
        </div>
      </dl>
      {draw.result ? (
        <table className="table">
          <caption>{t('lotteryAdmin.draws.result')}</caption>
          <tbody>
            {prizes(draw.result).map((tier, i) => (
              <tr key={tiers[i]?.name ?? i}>
                <th scope="row">
                  {t(`lotteryAdmin.tiers.${tiers[i]?.name ?? 'special'}`, {
                    defaultValue: tiers[i]?.name ?? '',
                  })}
                </th>
                <td>{tier.join(' ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {draw.entries.length > 0 ? (
        <DataTable
          caption={t('lotteryAdmin.entries.title')}
          visibleCaption
          columns={[
            t('lotteryAdmin.entries.enteredBy'),
            t('lotteryAdmin.status'),
            t('lotteryAdmin.entries.special'),
            t('lotteryAdmin.entries.decidedBy'),
          ]}
          rows={draw.entries}
          row={(e) => (
            <tr key={e.entryId}>
              <td data-label={t('lotteryAdmin.entries.enteredBy')}>
                {e.enteredBy} · {formatDateTime(e.enteredAt, i18n.language)}
              </td>
              <td data-label={t('lotteryAdmin.status')}>{t(`lotteryAdmin.entries.status.${e.status}`)}</td>
              <td data-label={t('lotteryAdmin.entries.special')}>{prizes(e.result)[0]?.join(' ')}</td>
              <td data-label={t('lotteryAdmin.entries.decidedBy')}>
                {e.decidedBy ? `${e.decidedBy}${e.reason ? ` — ${e.reason}` : ''}` : '—'}
              </td>
            </tr>
          )}
        />
      ) : null}
      {canManage && pending ? (
        pending.enteredBy === operatorName ? (
          <Notice tone="info">{t('lotteryAdmin.entries.waitForOther')}</Notice>
        ) : (
          <div className="stack">
            <p>{t('lotteryAdmin.entries.check', { name: pending.enteredBy })}</p>
            <table className="table">
              <caption className="visually-hidden">{t('lotteryAdmin.entries.pending')}</caption>
              <tbody>
                {prizes(pending.result).map((tier, i) => (
                  <tr key={tiers[i]?.name ?? i}>
                    <th scope="row">
                      {t(`lotteryAdmin.tiers.${tiers[i]?.name ?? 'special'}`, {
                        defaultValue: tiers[i]?.name ?? '',
                      })}
                    </th>
                    <td>{tier.join(' ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div className="filters">
              <button
                type="button"
                className="button button-primary"
                disabled={actions.approve.isPending}
                onClick={() => actions.approve.mutate({ drawId: draw.drawId, entryId: pending.entryId })}
              >
                {t('lotteryAdmin.entries.approve')}
              </button>
              <Field label={t('lotteryAdmin.entries.rejectReason')}>
                <input className="input" value={reason} onChange={(e) => setReason(e.target.value)} />
              </Field>
              <button
                type="button"
                className="button"
                disabled={actions.reject.isPending || reason.trim() === ''}
                onClick={() =>
                  actions.reject.mutate({ drawId: draw.drawId, entryId: pending.entryId, reason })
                }
              >
                {t('lotteryAdmin.entries.reject')}
              </button>
            </div>
          </div>
        )
      ) : null}
      {canManage && draw.status === 'open' && draw.resultSource === 'operator' && !pending ? (
        due ? (
          <form className="stack" onSubmit={enter} noValidate aria-labelledby="lottery-enter-result">
            <h4 id="lottery-enter-result">{t('lotteryAdmin.entries.enter')}</h4>
            <p className="muted">{t('lotteryAdmin.entries.enterHelp')}</p>
            {tiers.map((tier, i) => (
              <Field
                key={tier.name}
                label={t('lotteryAdmin.entries.tierLabel', {
                  tier: t(`lotteryAdmin.tiers.${tier.name}`, { defaultValue: tier.name }),
                  count: tier.count,
                  digits: tier.digits,
                })}
              >
                <input
                  className="input"
                  inputMode="numeric"
                  autoComplete="off"
                  value={lines[i] ?? ''}
                  onChange={(e) => setLines(lines.map((l, j) => (j === i ? e.target.value : l)))}
                />
              </Field>
            ))}
            <div className="filters-actions">
              <button type="submit" className="button button-primary" disabled={actions.enter.isPending}>
                {t('lotteryAdmin.entries.submit')}
              </button>
            </div>
          </form>
        ) : (
          <Notice tone="info">{t('lotteryAdmin.entries.notYet')}</Notice>
        )
      ) : null}
      {canManage && draw.status === 'open' ? (
        <CancelForm
          onCancel={(why) => actions.cancel.mutate({ drawId: draw.drawId, reason: why })}
          busy={actions.cancel.isPending}
        />
      ) : null}
    </section>
  );
}

function CancelForm({ onCancel, busy }: { onCancel: (reason: string) => void; busy: boolean }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  return (
    <form
      className="filters"
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim() && window.confirm(t('lotteryAdmin.cancel.confirm'))) onCancel(reason.trim());
      }}
    >
      <Field label={t('lotteryAdmin.cancel.reason')} help={t('lotteryAdmin.cancel.help')}>
        <input className="input" value={reason} onChange={(e) => setReason(e.target.value)} />
      </Field>
      <div className="filters-actions">
        <button type="submit" className="button button-danger" disabled={busy || reason.trim() === ''}>
          {t('lotteryAdmin.cancel.submit')}
        </button>
      </div>
    </form>
  );
}
