import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { amountFromInput, money } from '../../../lib/money.ts';
import { type AdminWithdrawal, usePaymentAction } from '../api/payments.ts';
import { Proofs } from './proofs.tsx';
import { OrderCells, QueueFilters, QueueTable, useQueue } from './queue-table.tsx';
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
  const { filter, listed, query, set, page } = useQueue<AdminWithdrawal>('withdrawals', {
    pageNo: 1,
    merchantCode: '',
    status: '',
    q: '',
  });
  const action = usePaymentAction<AdminWithdrawal>();

  return (
    <div className="stack">
      <QueueFilters
        label={t('payments.tabs.withdrawals')}
        filter={filter}
        statuses={statuses}
        set={set}
        csv={{ path: '/admin-api/payments/withdrawals.csv', query: listed }}
      />
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
        onPage={page}
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
