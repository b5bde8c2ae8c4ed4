import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { money } from '../../../lib/money.ts';
import { rejectBillPath, useAgentsAction, useOwedBills } from '../api/agents.ts';

/**
 * Bills an upline has not covered in full (decision 045): collected from its wallet as money arrives until they
 * expire; finance or the owner may reject what is still owed, with a reason.
 */
export function OwedBills({ merchantCode, mayDecide }: { merchantCode: string; mayDecide: boolean }) {
  const { t, i18n } = useTranslation();
  const bills = useOwedBills(merchantCode);
  const action = useAgentsAction<{ id: number; status: string }>();
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <div className="stack">
      <p className="muted">{t('agents.owed.intro')}</p>
      {action.isError ? <Notice tone="error">{action.error.message}</Notice> : null}
      {action.isSuccess ? <Notice tone="success">{t('agents.owed.rejected')}</Notice> : null}
      {bills.isPending ? <Loading /> : null}
      {bills.isError ? <LoadError error={bills.error} onRetry={() => void bills.refetch()} /> : null}
      {bills.data ? (
        <DataTable
          caption={t('agents.owed.title')}
          columns={[
            t('agents.owed.agent'),
            t('agents.owed.payer'),
            t('agents.kind'),
            t('agents.runs.period'),
            t('agents.runs.status'),
            t('agents.owed.paidOfDue'),
            t('agents.owed.expires'),
            { label: t('agents.runs.actions'), hidden: true },
          ]}
          rows={bills.data}
          empty={t('agents.owed.empty')}
          row={(bill) => (
            <tr key={bill.id}>
              <td data-label={t('agents.owed.agent')}>{bill.username}</td>
              <td data-label={t('agents.owed.payer')}>{bill.payerUsername ?? '—'}</td>
              <td data-label={t('agents.kind')}>{t(`agents.kinds.${bill.kind}`)}</td>
              <td data-label={t('agents.runs.period')}>
                {date.format(new Date(bill.periodStart))} – {date.format(new Date(bill.periodEnd))}
              </td>
              <td data-label={t('agents.runs.status')}>
                {t(`agents.owed.statuses.${bill.status as 'partly_paid'}`)}
              </td>
              <td data-label={t('agents.owed.paidOfDue')}>
                {money(bill.amountPaid)} / {money(bill.amountDue)}
              </td>
              <td data-label={t('agents.owed.expires')}>{date.format(new Date(bill.expiresAt))}</td>
              <td data-label={t('agents.runs.actions')}>
                {mayDecide ? (
                  <span className="inline-form">
                    <input
                      className="input"
                      aria-label={t('agents.owed.reason')}
                      placeholder={t('agents.owed.reason')}
                      maxLength={200}
                      value={reasons[bill.id] ?? ''}
                      onChange={(e) => setReasons({ ...reasons, [bill.id]: e.target.value })}
                    />
                    <button
                      type="button"
                      className="button button-danger"
                      disabled={(reasons[bill.id] ?? '').trim().length < 3 || action.isPending}
                      onClick={() =>
                        action.mutate({
                          path: rejectBillPath(merchantCode, bill.id),
                          body: { reason: reasons[bill.id] },
                        })
                      }
                    >
                      {t('agents.owed.reject')}
                    </button>
                  </span>
                ) : null}
              </td>
            </tr>
          )}
        />
      ) : null}
    </div>
  );
}
