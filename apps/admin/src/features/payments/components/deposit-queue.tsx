import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { MerchantFilter } from '../../../components/merchant-scope.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { api } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { type AdminDeposit, money, type Page, paymentsKey, usePaymentAction } from '../api/payments.ts';
import { CsvButton } from './csv-button.tsx';
import { Proofs } from './proofs.tsx';
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
      {query.isPending ? <Loading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <>
          <div className="table-wrap">
            <table className="table" aria-busy={query.isFetching}>
              <caption className="visually-hidden">{t('payments.tabs.deposits')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('payments.order')}</th>
                  <th scope="col">{t('payments.member')}</th>
                  <th scope="col">{t('payments.amount')}</th>
                  <th scope="col">{t('payments.channel')}</th>
                  <th scope="col">{t('payments.deposit.reference')}</th>
                  <th scope="col">{t('payments.status')}</th>
                  <th scope="col">{t('payments.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {query.data.list.length === 0 ? (
                  <tr>
                    <td colSpan={7} className="empty">
                      {t('payments.empty')}
                    </td>
                  </tr>
                ) : null}
                {query.data.list.map((d) => (
                  <tr key={d.id}>
                    <td data-label={t('payments.order')}>
                      <code>{d.orderNo}</code>
                      <span className="block muted">{formatDateTime(d.createdAt, currentLocale())}</span>
                    </td>
                    <td data-label={t('payments.member')}>
                      {d.username} <span className="muted">({d.merchantCode})</span>
                    </td>
                    <td data-label={t('payments.amount')}>{money(d.amount)}</td>
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
                        <span className="block muted">
                          {t('payments.deposit.decidedBy', { name: d.decidedBy })}
                        </span>
                      ) : null}
                      {d.rejectReason ? <span className="block muted">{d.rejectReason}</span> : null}
                    </td>
                    <td data-label={t('payments.actions')}>
                      {mayDecide &&
                      d.channel === 'bank' &&
                      (d.status === 'pending' || d.status === 'expired') ? (
                        <div className="stack">
                          <button
                            type="button"
                            className="button button-primary button-small"
                            disabled={action.isPending}
                            aria-label={`${t('payments.approve')} ${d.orderNo}`}
                            onClick={() =>
                              action.mutate({ path: `/admin-api/payments/deposits/${d.id}/approve` })
                            }
                          >
                            {t('payments.approve')}
                          </button>
                          <RejectForm
                            order={d.orderNo}
                            busy={action.isPending}
                            onReject={(reason) =>
                              action.mutate({
                                path: `/admin-api/payments/deposits/${d.id}/reject`,
                                body: { reason },
                              })
                            }
                          />
                        </div>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            pageNo={query.data.pageNo}
            totalPages={query.data.totalPages}
            total={query.data.total}
            onPage={(pageNo) => setFilter((f) => ({ ...f, pageNo }))}
          />
        </>
      ) : null}
    </div>
  );
}
