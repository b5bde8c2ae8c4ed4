import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Pager } from '../../../components/pager.tsx';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import type { Page } from '../api/payments.ts';

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
