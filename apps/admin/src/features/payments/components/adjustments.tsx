import type { MemberDetail } from '@tala/contracts/members';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { api } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { amountFromInput, money } from '../../../lib/money.ts';
import { type Adjustment, type Page, paymentsKey, usePaymentAction } from '../api/payments.ts';
import { CsvButton } from './csv-button.tsx';

function NewAdjustment({ memberId: initial }: { memberId: string }) {
  const { t } = useTranslation();
  const [memberId, setMemberId] = useState(initial);
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const action = usePaymentAction<Adjustment>();
  // The amount is read in the member's merchant's currency (a dong amount has no decimals, a peso amount two): the
  // member is looked up first, and nothing is sent until their merchant is known.
  const id = Number(memberId);
  const member = useQuery({
    queryKey: ['admin', 'members', 'detail', id],
    queryFn: ({ signal }) => api<MemberDetail>(`/admin-api/members/${id}`, { signal }),
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: false,
  });
  const merchantCode = member.data?.merchantCode;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.mutate(
      {
        path: '/admin-api/payments/adjustments',
        body: {
          memberId: Number(memberId),
          direction,
          amount: amountFromInput(amount, merchantCode),
          reason: reason.trim(),
        },
      },
      {
        onSuccess: () => {
          setAmount('');
          setReason('');
        },
      },
    );
  };
  return (
    <form className="card stack" onSubmit={submit} aria-label={t('payments.adjustment.newTitle')}>
      <h2>{t('payments.adjustment.newTitle')}</h2>
      <div className="grid-3">
        <Field label={t('payments.adjustment.memberId')}>
          <input
            className="input"
            inputMode="numeric"
            required
            value={memberId}
            onChange={(e) => setMemberId(e.target.value)}
          />
        </Field>
        <Field label={t('payments.adjustment.direction')}>
          <select
            className="input"
            value={direction}
            onChange={(e) => setDirection(e.target.value as 'credit' | 'debit')}
          >
            <option value="credit">{t('payments.adjustment.credit')}</option>
            <option value="debit">{t('payments.adjustment.debit')}</option>
          </select>
        </Field>
        <Field
          label={t('payments.amount')}
          error={
            action.error && 'field' in action.error && action.error.field === 'amount'
              ? action.error.message
              : undefined
          }
        >
          <input
            className="input"
            inputMode="decimal"
            required
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </Field>
      </div>
      <Field label={t('payments.reason')} help={t('payments.adjustment.reasonHelp')}>
        <input
          className="input"
          required
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      {action.isError ? <Notice tone="error">{action.error.message}</Notice> : null}
      {action.isSuccess ? <Notice tone="success">{t('payments.done')}</Notice> : null}
      <div>
        <button
          type="submit"
          className="button button-primary"
          disabled={action.isPending || merchantCode === undefined}
        >
          {t('payments.adjustment.submit')}
        </button>
      </div>
    </form>
  );
}

/** Manual adjustments: asked for by one operator, approved by another. */
export function Adjustments({
  mayDecide,
  operatorName,
  memberId,
}: {
  mayDecide: boolean;
  operatorName: string;
  memberId: string;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState({ pageNo: 1, status: '' });
  const query = useQuery({
    queryKey: [...paymentsKey, 'adjustments', filter],
    queryFn: ({ signal }) =>
      api<Page<Adjustment>>('/admin-api/payments/adjustments', {
        signal,
        query: { pageNo: filter.pageNo, pageSize: 20, status: filter.status || undefined },
      }),
    placeholderData: keepPreviousData,
  });
  const action = usePaymentAction<Adjustment>();
  return (
    <div className="stack">
      {mayDecide ? <NewAdjustment memberId={memberId} /> : null}
      <div className="filters">
        <Field label={t('payments.status')}>
          <select
            className="input"
            value={filter.status}
            onChange={(e) => setFilter({ pageNo: 1, status: e.target.value })}
          >
            <option value="">{t('common.any')}</option>
            {(['pending', 'approved', 'rejected'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`payments.statuses.${s}`)}
              </option>
            ))}
          </select>
        </Field>
        <div className="filters-actions">
          <CsvButton
            path="/admin-api/payments/adjustments.csv"
            query={{ status: filter.status || undefined }}
          />
        </div>
      </div>
      {action.isError ? <Notice tone="error">{action.error.message}</Notice> : null}
      {query.isPending ? <Loading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <>
          <DataTable
            caption={t('payments.tabs.adjustments')}
            busy={query.isFetching}
            columns={[
              t('payments.created'),
              t('payments.member'),
              t('payments.amount'),
              t('payments.reason'),
              t('payments.status'),
              t('payments.actions'),
            ]}
            rows={query.data.list}
            empty={t('payments.empty')}
            row={(a) => (
              <tr key={a.id}>
                <td data-label={t('payments.created')}>{formatDateTime(a.createdAt, currentLocale())}</td>
                <td data-label={t('payments.member')}>
                  {a.username}{' '}
                  <span className="muted">
                    #{a.memberId} ({a.merchantCode})
                  </span>
                </td>
                <td data-label={t('payments.amount')}>{money(a.amount, a.merchantCode)}</td>
                <td data-label={t('payments.reason')} className="cell-text">
                  {a.reason}
                </td>
                <td data-label={t('payments.status')}>
                  {t(`payments.statuses.${a.status}`)}
                  <span className="block muted">
                    {t('payments.adjustment.requestedBy')}: {a.requestedBy}
                  </span>
                  {a.decidedBy ? (
                    <span className="block muted">
                      {t('payments.adjustment.decidedBy')}: {a.decidedBy}
                    </span>
                  ) : null}
                </td>
                <td data-label={t('payments.actions')}>
                  {mayDecide && a.status === 'pending' ? (
                    a.requestedBy === operatorName ? (
                      <span className="muted">{t('payments.adjustment.needsSecond')}</span>
                    ) : (
                      <div className="stack">
                        <button
                          type="button"
                          className="button button-primary button-small"
                          disabled={action.isPending}
                          aria-label={`${t('payments.approve')} #${a.id}`}
                          onClick={() =>
                            action.mutate({ path: `/admin-api/payments/adjustments/${a.id}/approve` })
                          }
                        >
                          {t('payments.approve')}
                        </button>
                        <button
                          type="button"
                          className="button button-danger button-small"
                          disabled={action.isPending}
                          aria-label={`${t('payments.reject')} #${a.id}`}
                          onClick={() =>
                            action.mutate({ path: `/admin-api/payments/adjustments/${a.id}/reject` })
                          }
                        >
                          {t('payments.reject')}
                        </button>
                      </div>
                    )
                  ) : null}
                </td>
              </tr>
            )}
          />
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
