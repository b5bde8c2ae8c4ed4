import { entryTypes } from '@tala/contracts/wallet';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { MerchantFilter } from '../../../components/merchant-scope.tsx';
import { Pager } from '../../../components/pager.tsx';
import { api } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { money } from '../../../lib/money.ts';
import { type MemberBalance, type MemberLedger, type Page, paymentsKey } from '../api/payments.ts';
import { CsvButton } from './csv-button.tsx';

/** The ledger explorer of one member: accounts with balances, and every posting with filters. */
function Ledger({ member, onClose }: { member: MemberBalance; onClose: () => void }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState({ pageNo: 1, types: '', accountId: '' });
  const query = useQuery({
    queryKey: [...paymentsKey, 'ledger', member.memberId, filter],
    queryFn: ({ signal }) =>
      api<MemberLedger>(`/admin-api/payments/members/${member.memberId}/ledger`, {
        signal,
        query: {
          pageNo: filter.pageNo,
          pageSize: 20,
          types: filter.types || undefined,
          accountId: filter.accountId || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="card stack" aria-label={t('payments.balances.ledgerOf', { name: member.username })}>
      <div className="filters">
        <h2>{t('payments.balances.ledgerOf', { name: member.username })}</h2>
        <div className="filters-actions">
          <CsvButton
            path={`/admin-api/payments/members/${member.memberId}/ledger.csv`}
            query={{ types: filter.types || undefined, accountId: filter.accountId || undefined }}
          />
          <button type="button" className="button" onClick={onClose}>
            {t('payments.balances.close')}
          </button>
        </div>
      </div>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <>
          <div className="filters">
            <Field label={t('payments.balances.account')}>
              <select
                className="input"
                value={filter.accountId}
                onChange={(e) => setFilter({ ...filter, pageNo: 1, accountId: e.target.value })}
              >
                {query.data.accounts.map((a) => (
                  <option key={a.accountId} value={a.kind === 'member_main' ? '' : String(a.accountId)}>
                    {a.kind === 'member_main' ? t('payments.balances.main') : a.vendorCode} ·{' '}
                    {money(a.balance)}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('payments.balances.type')}>
              <select
                className="input"
                value={filter.types}
                onChange={(e) => setFilter({ ...filter, pageNo: 1, types: e.target.value })}
              >
                <option value="">{t('payments.balances.allTypes')}</option>
                {entryTypes.map((type) => (
                  <option key={type} value={type}>
                    {t(`payments.entryTypes.${type}`)}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <DataTable
            caption={t('payments.balances.ledgerOf', { name: member.username })}
            busy={query.isFetching}
            columns={[
              t('payments.balances.entry'),
              t('payments.created'),
              t('payments.balances.type'),
              t('payments.amount'),
              t('payments.balances.balanceAfter'),
              t('payments.balances.memo'),
            ]}
            rows={query.data.statement.list}
            empty={t('payments.empty')}
            row={(line) => (
              <tr key={`${line.entryId}-${line.line}`}>
                <td data-label={t('payments.balances.entry')}>#{line.entryId}</td>
                <td data-label={t('payments.created')}>{formatDateTime(line.createdAt, currentLocale())}</td>
                <td data-label={t('payments.balances.type')}>
                  {t(`payments.entryTypes.${line.type as (typeof entryTypes)[number]}`)}
                </td>
                <td data-label={t('payments.amount')}>{money(line.amount)}</td>
                <td data-label={t('payments.balances.balanceAfter')}>
                  {line.balanceAfter === null ? '' : money(line.balanceAfter)}
                </td>
                <td data-label={t('payments.balances.memo')} className="cell-text">
                  {line.memo}
                </td>
              </tr>
            )}
          />
          <Pager
            pageNo={query.data.statement.pageNo}
            totalPages={query.data.statement.totalPages}
            total={query.data.statement.total}
            onPage={(pageNo) => setFilter((f) => ({ ...f, pageNo }))}
          />
        </>
      ) : null}
    </section>
  );
}

/** Member balances (main wallet, vendor wallets, held withdrawals), each with its ledger. */
export function Balances() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState({ pageNo: 1, merchantCode: '', q: '' });
  const [q, setQ] = useState('');
  const [open, setOpen] = useState<MemberBalance | null>(null);
  const query = useQuery({
    queryKey: [...paymentsKey, 'balances', filter],
    queryFn: ({ signal }) =>
      api<Page<MemberBalance>>('/admin-api/payments/balances', {
        signal,
        query: {
          pageNo: filter.pageNo,
          pageSize: 20,
          merchantCode: filter.merchantCode || undefined,
          q: filter.q || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilter((f) => ({ ...f, pageNo: 1, q: q.trim() }));
  };
  return (
    <div className="stack">
      <search className="card" aria-label={t('payments.tabs.balances')}>
        <form className="filters" onSubmit={search}>
          <Field label={t('common.merchant')}>
            <MerchantFilter
              value={filter.merchantCode}
              onChange={(merchantCode) => setFilter((f) => ({ ...f, pageNo: 1, merchantCode }))}
            />
          </Field>
          <Field label={t('payments.member')}>
            <input className="input" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
          </Field>
          <div className="filters-actions">
            <button type="submit" className="button button-primary">
              {t('payments.searchButton')}
            </button>
            <CsvButton
              path="/admin-api/payments/balances.csv"
              query={{ merchantCode: filter.merchantCode || undefined, q: filter.q || undefined }}
            />
          </div>
        </form>
      </search>
      {open ? <Ledger key={open.memberId} member={open} onClose={() => setOpen(null)} /> : null}
      {query.isPending ? <Loading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <>
          <DataTable
            caption={t('payments.tabs.balances')}
            busy={query.isFetching}
            columns={[
              t('payments.member'),
              t('payments.balances.main'),
              t('payments.balances.vendor'),
              t('payments.balances.held'),
              t('payments.actions'),
            ]}
            rows={query.data.list}
            empty={t('payments.empty')}
            row={(b) => (
              <tr key={b.memberId}>
                <td data-label={t('payments.member')}>
                  {b.username}{' '}
                  <span className="muted">
                    #{b.memberId} ({b.merchantCode})
                  </span>
                </td>
                <td data-label={t('payments.balances.main')}>{money(b.mainBalance)}</td>
                <td data-label={t('payments.balances.vendor')}>{money(b.vendorBalance)}</td>
                <td data-label={t('payments.balances.held')}>{money(b.heldWithdrawals)}</td>
                <td data-label={t('payments.actions')}>
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={`${t('payments.balances.open')} ${b.username}`}
                    onClick={() => setOpen(b)}
                  >
                    {t('payments.balances.open')}
                  </button>
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
