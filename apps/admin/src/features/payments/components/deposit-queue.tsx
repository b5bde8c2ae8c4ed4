import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { money } from '../../../lib/money.ts';
import { type AdminDeposit, usePaymentAction } from '../api/payments.ts';
import { Proofs } from './proofs.tsx';
import { OrderCells, QueueFilters, QueueTable, useQueue } from './queue-table.tsx';
import { RejectForm } from './reject-form.tsx';

const statuses = ['pending', 'approved', 'rejected', 'expired'] as const;

/** Deposits, pending first by default: bank transfers are approved or rejected here. */
export function DepositQueue({ mayDecide }: { mayDecide: boolean }) {
  const { t } = useTranslation();
  const { filter, listed, query, set, page } = useQueue<AdminDeposit>('deposits', {
    pageNo: 1,
    merchantCode: '',
    status: 'pending',
    channel: '',
    q: '',
  });
  const action = usePaymentAction<AdminDeposit>();

  return (
    <div className="stack">
      <QueueFilters
        label={t('payments.tabs.deposits')}
        filter={filter}
        statuses={statuses}
        set={set}
        csv={{ path: '/admin-api/payments/deposits.csv', query: listed }}
      >
        <Field label={t('payments.channel')}>
          <select className="input" value={filter.channel} onChange={(e) => set({ channel: e.target.value })}>
            <option value="">{t('common.any')}</option>
            <option value="bank">{t('payments.channels.bank')}</option>
            <option value="gateway">{t('payments.channels.gateway')}</option>
          </select>
        </Field>
      </QueueFilters>
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
        onPage={page}
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
