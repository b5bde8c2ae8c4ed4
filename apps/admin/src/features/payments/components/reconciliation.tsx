import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { MerchantFilter } from '../../../components/merchant-scope.tsx';
import { Notice } from '../../../components/notice.tsx';
import { api } from '../../../lib/api-client.ts';
import { moneyIn } from '../../../lib/money.ts';
import { paymentsKey, type Reconciliation as Report } from '../api/payments.ts';
import { CsvButton } from './csv-button.tsx';

/** The ledger's invariants recomputed from the postings, and the house's totals. */
export function Reconciliation() {
  const { t } = useTranslation();
  const [merchantCode, setMerchantCode] = useState('');
  const query = useQuery({
    queryKey: [...paymentsKey, 'reconciliation', merchantCode],
    queryFn: ({ signal }) =>
      api<Report>('/admin-api/payments/reconciliation', {
        signal,
        query: { merchantCode: merchantCode || undefined },
      }),
  });
  const report = query.data;
  const check = (label: string, passed: boolean) => (
    <li>
      <span className={`badge ${passed ? 'badge-on' : 'badge-off'}`}>
        {passed ? t('payments.reconciliation.passed') : t('payments.reconciliation.failed')}
      </span>{' '}
      {label}
    </li>
  );
  return (
    <div className="stack">
      <div className="filters">
        <Field label={t('common.merchant')}>
          <MerchantFilter value={merchantCode} onChange={setMerchantCode} />
        </Field>
        <div className="filters-actions">
          <CsvButton
            path="/admin-api/payments/reconciliation.csv"
            query={{ merchantCode: merchantCode || undefined }}
          />
        </div>
      </div>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {report ? (
        <>
          <Notice tone={report.ok ? 'success' : 'error'}>
            {report.ok ? t('payments.reconciliation.ok') : t('payments.reconciliation.broken')}
          </Notice>
          <section className="card">
            <h2>{t('payments.reconciliation.checks')}</h2>
            <ul className="stack">
              {check(
                t('payments.reconciliation.entriesZero', { count: report.entries }),
                report.unbalancedEntries.length === 0,
              )}
              {check(
                t('payments.reconciliation.projections', { count: report.postings }),
                report.projectionMismatches.length === 0,
              )}
              {check(t('payments.reconciliation.negative'), report.negativeMemberBalances.length === 0)}
            </ul>
          </section>
          {/* One section per currency: a platform operator's report spans merchants whose amounts never add up. */}
          {report.currencies.map((c) => (
            <section className="card stack" key={c.currency} aria-label={c.currency}>
              <h2>{t('payments.reconciliation.currencyTotals', { currency: c.currency })}</h2>
              <ul className="stack">
                {check(
                  t('payments.reconciliation.totalZero', { total: moneyIn(c.total, c.currency) }),
                  c.total === 0,
                )}
              </ul>
              <p>
                {t('payments.reconciliation.members', {
                  accounts: c.members.accounts,
                  balance: moneyIn(c.members.balance, c.currency),
                })}
              </p>
              <DataTable
                visibleCaption
                caption={`${t('payments.reconciliation.house')} (${c.currency})`}
                columns={[t('payments.reconciliation.kind'), t('payments.reconciliation.balance')]}
                rows={c.house}
                row={(h) => (
                  <tr key={`${h.kind}-${h.vendorCode ?? ''}-${h.trial}`}>
                    <td data-label={t('payments.reconciliation.kind')}>
                      {h.kind}
                      {h.vendorCode ? ` ${h.vendorCode}` : ''}
                      {h.trial ? ' (trial)' : ''}
                    </td>
                    <td data-label={t('payments.reconciliation.balance')}>
                      {moneyIn(h.balance, c.currency)}
                    </td>
                  </tr>
                )}
              />
            </section>
          ))}
        </>
      ) : null}
    </div>
  );
}
