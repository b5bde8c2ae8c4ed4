import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { MerchantFilter } from '../../../components/merchant-scope.tsx';
import { Notice } from '../../../components/notice.tsx';
import { api } from '../../../lib/api-client.ts';
import { money } from '../../../lib/money.ts';
import { type AdminDeposit, type Page, paymentsKey, usePaymentAction } from '../api/payments.ts';
import { CsvButton } from './csv-button.tsx';
import { Proofs } from './proofs.tsx';
import { OrderCells, QueueTable } from './queue-table.tsx';
import { RejectForm } from './reject-form.tsx';

const statuses = ['pending', 'approved', 'rejected', 'expired'] as const;
type Filter = { pageNo: number; merchantCode: string; status: string; channel: string; q: string };

/** Deposits, pending first by default: bank transfers are approved or rejected here. */
export function DepositQueue({ mayDecide }: { mayDecide: boolean }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>({
    pageNo: 1,
    merchantCode: '',
    status: 'pending',
    channel: '',
    q: '',
  });
  const [q, setQ] = useState('');
  const query = useQuery({
    queryKey: [...paymentsKey, 'deposits', filter],
    queryFn: ({ signal }) =>
      api<Page<AdminDeposit>>('/admin-api/payments/deposits', {
        signal,
        query: {
          pageNo: filter.pageNo,
          pageSize: 20,
          merchantCode: filter.merchantCode || undefined,
          status: filter.status || undefined,
          channel: filter.channel || undefined,
          q: filter.q || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
  const action = usePaymentAction<AdminDeposit>();
  const set = (change: Partial<Filter>) => setFilter((f) => ({ ...f, ...change, pageNo: 1 }));
  const search = (event: FormEvent) => {
    event.preventDefault();
    set({ q: q.trim() });
  };
  const exportQuery = {
    merchantCode: filter.merchantCode || undefined,
    status: filter.status || undefined,
    channel: filter.channel || undefined,
    q: filter.q || undefined,
  };

  return (
    <div className="stack">
      <search className="card" aria-label={t('payments.tabs.deposits')}>
        <form className="filters" onSubmit={search}>
          <Field label={t('common.merchant')}>
            <MerchantFilter value={filter.merchantCode} onChange={(merchantCode) => set({ merchantCode })} />
          </Field>
          <Field label={t('payments.status')}>
            <select className="input" value={filter.status} onChange={(e) => set({ status: e.target.value })}>
              <option value="">{t('common.any')}</option>
              {statuses.map((s) => (
                <option key={s} value={s}>
                  {t(`payments.statuses.${s}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('payments.channel')}>
            <select
              className="input"
              value={filter.channel}
              onChange={(e) => set({ channel: e.target.value })}
            >
              <option value="">{t('common.any')}</option>
              <option value="bank">{t('payments.channels.bank')}</option>
              <option value="gateway">{t('payments.channels.gateway')}</option>
            </select>
          </Field>
          <Field label={t('payments.search')}>
            <input className="input" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
          </Field>
          <div className="filters-actions">
            <button type="submit" className="button button-primary">
              {t('payments.searchButton')}
            </button>
            <CsvButton path="/admin-api/payments/deposits.csv" query={exportQuery} />
          </div>
        </form>
      </search>
      {action.isError ? <Notice tone="error">{action.error.message}</Notice> : null}
      <QueueTable
        caption={t('payments.tabs.deposits')}
        columns={[
          t('payments.order'),
          t('payments.member'),
          t('payments.amount'),
          t('payments.channel'),
          t('payments.deposit.reference'),
          t('payments.status'),
          t('payments.actions'),
        ]}
        query={query}
        onPage={(pageNo) => setFilter((f) => ({ ...f, pageNo }))}
        row={(d) => (
          <>
            <OrderCells item={d} />
            <td data-label={t('payments.amount')}>{money(d.amount, d.merchantCode)}</td>
            <td data-label={t('payments.channel')}>{t(`payments.channels.${d.channel}`)}</td>
            <td data-label={t('payments.deposit.reference')}>
              {d.reference ?? d.gatewayTxnId}
              {d.payerName ? (
                <span className="block muted">
                  {t('payments.deposit.payer')}: {d.payerName}
                </span>
              ) : null}
              {d.bankAccount ? (
                <span className="block muted">
                  {d.bankAccount.bankName} {d.bankAccount.accountNumber}
                </span>
              ) : null}
              {d.proofCount > 0 ? <Proofs kind="deposits" id={d.id} /> : null}
            </td>
            <td data-label={t('payments.status')}>
              {t(`payments.statuses.${d.status}`)}
              {d.decidedBy ? (
                <span className="block muted">{t('payments.deposit.decidedBy', { name: d.decidedBy })}</span>
              ) : null}
              {d.rejectReason ? <span className="block muted">{d.rejectReason}</span> : null}
            </td>
            <td data-label={t('payments.actions')}>
              {mayDecide && d.channel === 'bank' && (d.status === 'pending' || d.status === 'expired') ? (
                <div className="stack">
                  <button
                    type="button"
                    className="button button-primary button-small"
                    disabled={action.isPending}
                    aria-label={`${t('payments.approve')} ${d.orderNo}`}
                    onClick={() => action.mutate({ path: `/admin-api/payments/deposits/${d.id}/approve` })}
                  >
                    {t('payments.approve')}
                  </button>
                  <RejectForm
                    order={d.orderNo}
                    busy={action.isPending}
                    onReject={(reason) =>
                      action.mutate({ path: `/admin-api/payments/deposits/${d.id}/reject`, body: { reason } })
                    }
                  />
                </div>
              ) : null}
            </td>
          </>
        )}
      />
    </div>
  );
}
