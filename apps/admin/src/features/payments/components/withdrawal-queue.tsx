import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { MerchantFilter } from '../../../components/merchant-scope.tsx';
import { Notice } from '../../../components/notice.tsx';
import { api } from '../../../lib/api-client.ts';
import { amountFromInput, money } from '../../../lib/money.ts';
import { type AdminWithdrawal, type Page, paymentsKey, usePaymentAction } from '../api/payments.ts';
import { CsvButton } from './csv-button.tsx';
import { Proofs } from './proofs.tsx';
import { OrderCells, QueueTable } from './queue-table.tsx';
import { RejectForm } from './reject-form.tsx';

const statuses = [
  'pending',
  'awaiting_second_approval',
  'approved',
  'paid',
  'disputed',
  'completed',
  'rejected',
] as const;
type Filter = { pageNo: number; merchantCode: string; status: string; q: string };
type Action = ReturnType<typeof usePaymentAction<AdminWithdrawal>>;

/** The amount actually sent (partial or full) before a withdrawal is marked paid. */
function PaidForm({ w, action }: { w: AdminWithdrawal; action: Action }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState(money(w.amount, w.merchantCode).replaceAll(',', ''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.mutate({
      path: `/admin-api/payments/withdrawals/${w.id}/paid`,
      body: { paidAmount: amountFromInput(amount, w.merchantCode) },
    });
  };
  return (
    <form className="stack" onSubmit={submit}>
      <Field
        label={t('payments.withdrawal.paidAmountLabel', { order: w.orderNo })}
        help={t('payments.withdrawal.paidHelp')}
      >
        <input
          className="input"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </Field>
      <button type="submit" className="button button-primary button-small" disabled={action.isPending}>
        {t('payments.withdrawal.markPaid')}
      </button>
    </form>
  );
}

/** Closing a disputed withdrawal: an optional refund to the member and a note. */
function ResolveForm({ w, action }: { w: AdminWithdrawal; action: Action }) {
  const { t } = useTranslation();
  const [refund, setRefund] = useState('');
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.mutate({
      path: `/admin-api/payments/withdrawals/${w.id}/resolve`,
      body: {
        note: note.trim(),
        ...(refund.trim() ? { refundAmount: amountFromInput(refund, w.merchantCode) } : {}),
      },
    });
  };
  return (
    <form className="stack" onSubmit={submit}>
      <Field label={t('payments.withdrawal.refundLabel', { order: w.orderNo })}>
        <input
          className="input"
          inputMode="decimal"
          value={refund}
          onChange={(e) => setRefund(e.target.value)}
        />
      </Field>
      <Field label={t('payments.withdrawal.noteLabel', { order: w.orderNo })}>
        <input
          className="input"
          required
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </Field>
      <button type="submit" className="button button-primary button-small" disabled={action.isPending}>
        {t('payments.withdrawal.resolve')}
      </button>
    </form>
  );
}

/** Withdrawals: approve (twice above the threshold, by two operators), reject, mark paid, resolve disputes. */
export function WithdrawalQueue({ mayDecide, operatorName }: { mayDecide: boolean; operatorName: string }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>({ pageNo: 1, merchantCode: '', status: '', q: '' });
  const [q, setQ] = useState('');
  const query = useQuery({
    queryKey: [...paymentsKey, 'withdrawals', filter],
    queryFn: ({ signal }) =>
      api<Page<AdminWithdrawal>>('/admin-api/payments/withdrawals', {
        signal,
        query: {
          pageNo: filter.pageNo,
          pageSize: 20,
          merchantCode: filter.merchantCode || undefined,
          status: filter.status || undefined,
          q: filter.q || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
  const action = usePaymentAction<AdminWithdrawal>();
  const set = (change: Partial<Filter>) => setFilter((f) => ({ ...f, ...change, pageNo: 1 }));
  const search = (event: FormEvent) => {
    event.preventDefault();
    set({ q: q.trim() });
  };

  return (
    <div className="stack">
      <search className="card" aria-label={t('payments.tabs.withdrawals')}>
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
          <Field label={t('payments.search')}>
            <input className="input" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
          </Field>
          <div className="filters-actions">
            <button type="submit" className="button button-primary">
              {t('payments.searchButton')}
            </button>
            <CsvButton
              path="/admin-api/payments/withdrawals.csv"
              query={{
                merchantCode: filter.merchantCode || undefined,
                status: filter.status || undefined,
                q: filter.q || undefined,
              }}
            />
          </div>
        </form>
      </search>
      {action.isError ? <Notice tone="error">{action.error.message}</Notice> : null}
      <QueueTable
        caption={t('payments.tabs.withdrawals')}
        columns={[
          t('payments.order'),
          t('payments.member'),
          t('payments.amount'),
          t('payments.withdrawal.bank'),
          t('payments.status'),
          t('payments.actions'),
        ]}
        query={query}
        onPage={(pageNo) => setFilter((f) => ({ ...f, pageNo }))}
        row={(w) => (
          <>
            <OrderCells item={w} />
            <td data-label={t('payments.amount')}>
              {money(w.amount, w.merchantCode)}
              {w.paidAmount !== null && w.payout ? (
                <span className="block muted">
                  {t(`payments.withdrawal.payout.${w.payout}`)}: {money(w.paidAmount, w.merchantCode)}
                </span>
              ) : null}
            </td>
            <td data-label={t('payments.withdrawal.bank')}>
              {w.bankCard.bankName} <code>{w.accountNumber}</code>
              <span className="block muted">{w.bankCard.payeeName}</span>
            </td>
            <td data-label={t('payments.status')}>
              {t(`payments.statuses.${w.status}`)}
              {w.requiresSecondApproval ? (
                <span className="block muted">{t('payments.withdrawal.secondNeeded')}</span>
              ) : null}
              {w.approvedBy.length > 0 ? (
                <span className="block muted">
                  {t('payments.withdrawal.approvals')}: {w.approvedBy.join(', ')}
                </span>
              ) : null}
              {w.receipt ? (
                <span className="block">
                  {t(`payments.withdrawal.receipt.${w.receipt}`, {
                    amount: money(w.receivedAmount ?? 0, w.merchantCode),
                  })}
                </span>
              ) : null}
              {w.rejectReason ? <span className="block muted">{w.rejectReason}</span> : null}
              {w.proofCount > 0 ? <Proofs kind="withdrawals" id={w.id} /> : null}
            </td>
            <td data-label={t('payments.actions')}>
              {mayDecide ? (
                <div className="stack">
                  {w.status === 'pending' ||
                  (w.status === 'awaiting_second_approval' && !w.approvedBy.includes(operatorName)) ? (
                    <button
                      type="button"
                      className="button button-primary button-small"
                      disabled={action.isPending}
                      aria-label={`${t('payments.approve')} ${w.orderNo}`}
                      onClick={() =>
                        action.mutate({ path: `/admin-api/payments/withdrawals/${w.id}/approve` })
                      }
                    >
                      {t('payments.approve')}
                    </button>
                  ) : null}
                  {w.status === 'approved' ? <PaidForm w={w} action={action} /> : null}
                  {w.status === 'disputed' ? <ResolveForm w={w} action={action} /> : null}
                  {['pending', 'awaiting_second_approval', 'approved'].includes(w.status) ? (
                    <RejectForm
                      order={w.orderNo}
                      busy={action.isPending}
                      onReject={(reason) =>
                        action.mutate({
                          path: `/admin-api/payments/withdrawals/${w.id}/reject`,
                          body: { reason },
                        })
                      }
                    />
                  ) : null}
                </div>
              ) : null}
            </td>
          </>
        )}
      />
    </div>
  );
}
