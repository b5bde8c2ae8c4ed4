import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
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
import type { enPayments } from '../../../locales/en-payments.ts';
import { type Page, paymentsKey } from '../api/payments.ts';
import { CsvButton } from './csv-button.tsx';

/** An order's status, as the payment texts name it. */
type Status = keyof typeof enPayments.payments.statuses;

/** A queue's filter; a deposit queue also filters by channel. */
export type QueueFilter = {
  pageNo: number;
  merchantCode: string;
  status: string;
  channel?: string;
  q: string;
};

/**
 * A queue's filter and its page (`kind`: 'deposits' or 'withdrawals'): a changed filter goes back to the first
 * page; `listed` is the filter without the page, empty choices left out, as the list and its CSV export read it.
 */
export function useQueue<T>(kind: 'deposits' | 'withdrawals', initial: QueueFilter) {
  const [filter, setFilter] = useState<QueueFilter>(initial);
  const { pageNo, ...rest } = filter;
  const listed = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, value || undefined]));
  const query = useQuery({
    queryKey: [...paymentsKey, kind, filter],
    queryFn: ({ signal }) =>
      api<Page<T>>(`/admin-api/payments/${kind}`, { signal, query: { pageNo, pageSize: 20, ...listed } }),
    placeholderData: keepPreviousData,
  });
  const set = (change: Partial<QueueFilter>) => setFilter((f) => ({ ...f, ...change, pageNo: 1 }));
  const page = (next: number) => setFilter((f) => ({ ...f, pageNo: next }));
  return { filter, listed, query, set, page };
}

/**
 * A queue's filters: the merchant and the status apply at once, the search text on Search; the queue's own filters
 * (children) sit before the search; and the CSV export of what the list shows.
 */
export function QueueFilters({
  label,
  filter,
  statuses,
  set,
  csv,
  children,
}: {
  label: string;
  filter: QueueFilter;
  statuses: readonly Status[];
  set: (change: Partial<QueueFilter>) => void;
  csv: { path: string; query: Record<string, string | undefined> };
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const search = (event: FormEvent) => {
    event.preventDefault();
    set({ q: q.trim() });
  };
  return (
    <search className="card" aria-label={label}>
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
        {children}
        <Field label={t('payments.search')}>
          <input className="input" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        </Field>
        <div className="filters-actions">
          <button type="submit" className="button button-primary">
            {t('payments.searchButton')}
          </button>
          <CsvButton path={csv.path} query={csv.query} />
        </div>
      </form>
    </search>
  );
}

/**
 * A page of a payments queue as a table: loading, error and empty states, the column heads, one row per item and
 * the pager. The deposit and withdrawal queues differ only in their columns and actions.
 */
export function QueueTable<T extends { id: number }>({
  caption,
  columns,
  query,
  onPage,
  row,
}: {
  caption: string;
  columns: string[];
  query: UseQueryResult<Page<T>>;
  onPage: (pageNo: number) => void;
  row: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      <DataTable
        caption={caption}
        busy={query.isFetching}
        columns={columns}
        rows={query.data.list}
        empty={t('payments.empty')}
        row={(item) => <tr key={item.id}>{row(item)}</tr>}
      />
      <Pager
        pageNo={query.data.pageNo}
        totalPages={query.data.totalPages}
        total={query.data.total}
        onPage={onPage}
      />
    </>
  );
}

/** The first two cells of a queue row: the order number with its time, and the member with the merchant. */
export function OrderCells({
  item,
}: {
  item: { orderNo: string; createdAt: string; username: string; merchantCode: string };
}) {
  const { t } = useTranslation();
  return (
    <>
      <td data-label={t('payments.order')}>
        <code>{item.orderNo}</code>
        <span className="block muted">{formatDateTime(item.createdAt, currentLocale())}</span>
      </td>
      <td data-label={t('payments.member')}>
        {item.username} <span className="muted">({item.merchantCode})</span>
      </td>
    </>
  );
}
