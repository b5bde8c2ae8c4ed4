import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { formatDateTime } from '../../../lib/datetime.ts';
import { type SettlementProposal, useDecideSettlement, useProposals } from '../api/trading.ts';
import { marketRef, useTradingNames } from '../lib/market-names.ts';
import { feedKey } from './shared.tsx';

/**
 * Manual settlements waiting for a second operator (four eyes: the server refuses the proposer's own decision), and
 * those already approved or rejected.
 */
export function ApprovalsAdmin({ merchant, canDecide }: { merchant: string; canDecide: boolean }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState({ status: 'proposed', pageNo: 1 });
  const proposals = useProposals(merchant, filter);
  return (
    <section className="stack" aria-labelledby="sports-approvals">
      <h2 id="sports-approvals">{t('sportsTrading.approvals.title')}</h2>
      <p className="muted">{t('sportsTrading.approvals.intro')}</p>
      <div className="filters">
        <Field label={t('sportsTrading.status')}>
          <select
            className="input"
            value={filter.status}
            onChange={(e) => setFilter({ status: e.target.value, pageNo: 1 })}
          >
            <option value="">{t('sportsTrading.all')}</option>
            {(['proposed', 'approved', 'rejected'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`sportsTrading.proposalStatus.${s}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {proposals.isError ? <Notice tone="error">{proposals.error.message}</Notice> : null}
      <ProposalsTable
        list={proposals.data?.list ?? []}
        merchant={merchant}
        canDecide={canDecide}
        busy={proposals.isFetching}
      />
      {proposals.data ? (
        <Pager
          pageNo={proposals.data.pageNo}
          totalPages={proposals.data.totalPages}
          total={proposals.data.total}
          onPage={(pageNo) => setFilter({ ...filter, pageNo })}
        />
      ) : null}
    </section>
  );
}

export function ProposalsTable({
  list,
  merchant,
  canDecide,
  busy = false,
}: {
  list: SettlementProposal[];
  merchant: string;
  canDecide: boolean;
  busy?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const names = useTradingNames();
  const decide = useDecideSettlement(merchant);
  const [notes, setNotes] = useState<Record<number, string>>({});
  const columns = [
    t('sportsTrading.market'),
    t('sportsTrading.approvals.result'),
    t('sportsTrading.reason'),
    t('sportsTrading.approvals.proposedBy'),
    t('sportsTrading.status'),
    ...(canDecide ? [{ label: t('sportsTrading.actions'), hidden: true as const }] : []),
  ];
  const label = (i: number) => {
    const c = columns[i];
    return typeof c === 'string' ? c : (c?.label ?? '');
  };
  return (
    <>
      {decide.isError ? <Notice tone="error">{decide.error.message}</Notice> : null}
      <DataTable
        caption={t('sportsTrading.approvals.title')}
        busy={busy}
        empty={t('sportsTrading.approvals.empty')}
        columns={columns}
        rows={list}
        row={(p) => {
          const ref = marketRef(p);
          return (
            <tr key={p.id}>
              <td data-label={label(0)} title={feedKey(ref)}>
                {`${p.eventName} · ${names.market(ref)}`}
                <br />
                <span className="muted">{`#${p.id} · ${names.sport(p.sport)}`}</span>
              </td>
              <td data-label={label(1)}>
                {p.outcomes
                  .map((o) => `${names.outcome(ref, o)}: ${t(`sportsTrading.results.${o.result}`)}`)
                  .join(', ')}
              </td>
              <td data-label={label(2)}>{p.reason}</td>
              <td data-label={label(3)}>
                {p.proposedBy}
                <br />
                <span className="muted">{formatDateTime(p.createdAt, i18n.language)}</span>
              </td>
              <td data-label={label(4)}>
                {t(`sportsTrading.proposalStatus.${p.status}`)}
                {p.decidedBy ? ` · ${p.decidedBy}` : ''}
                {p.note ? ` · ${p.note}` : ''}
                {p.settled !== null ? ` · ${t('sportsTrading.approvals.settled', { count: p.settled })}` : ''}
              </td>
              {canDecide ? (
                <td data-label={label(5)}>
                  {p.status === 'proposed' ? (
                    <div className="stack">
                      <Field label={t('sportsTrading.approvals.note')}>
                        <input
                          className="input"
                          maxLength={500}
                          value={notes[p.id] ?? ''}
                          onChange={(e) => setNotes({ ...notes, [p.id]: e.target.value })}
                        />
                      </Field>
                      <button
                        type="button"
                        className="button button-primary"
                        disabled={decide.isPending}
                        onClick={() => decide.mutate({ id: p.id, action: 'approve', note: notes[p.id] })}
                        aria-label={t('sportsTrading.approvals.approveOne', { id: p.id })}
                      >
                        {t('sportsTrading.approvals.approve')}
                      </button>
                      <button
                        type="button"
                        className="button button-danger"
                        disabled={decide.isPending}
                        onClick={() => decide.mutate({ id: p.id, action: 'reject', note: notes[p.id] })}
                        aria-label={t('sportsTrading.approvals.rejectOne', { id: p.id })}
                      >
                        {t('sportsTrading.approvals.reject')}
                      </button>
                    </div>
                  ) : null}
                </td>
              ) : null}
            </tr>
          );
        }}
      />
    </>
  );
}
