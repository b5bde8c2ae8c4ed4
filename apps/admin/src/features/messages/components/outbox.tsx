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
import type { Page } from '../../../lib/page.ts';

/** One message of the outbox as the server shows it: contacts masked, codes and link tokens replaced by •. */
export type OutboxEntry = {
  id: number;
  merchantCode: string;
  channel: 'sms' | 'email';
  purpose: string;
  destination: string;
  subject: string | null;
  body: string;
  status: 'sent' | 'failed';
  error: string | null;
  providerMessageId: string | null;
  createdAt: string;
};
type Filter = { pageNo: number; merchantCode: string; channel: '' | 'sms' | 'email'; destination: string };

/** GET /admin-api/messages (owners and support): SMS and e-mail sent to members, newest first. */
export function Outbox() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>({ pageNo: 1, merchantCode: '', channel: '', destination: '' });
  const [destination, setDestination] = useState('');
  const query = useQuery({
    queryKey: ['admin', 'outbox', filter],
    queryFn: ({ signal }) =>
      api<Page<OutboxEntry>>('/admin-api/messages', {
        signal,
        query: {
          pageNo: filter.pageNo,
          pageSize: 20,
          merchantCode: filter.merchantCode || undefined,
          channel: filter.channel || undefined,
          destination: filter.destination.trim() || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
  const set = (change: Partial<Filter>) => setFilter((f) => ({ ...f, ...change, pageNo: 1 }));
  const search = (event: FormEvent) => {
    event.preventDefault();
    set({ destination });
  };

  return (
    <div className="stack">
      <search className="card" aria-label={t('outbox.search')}>
        <form className="filters" onSubmit={search}>
          <Field label={t('common.merchant')}>
            <MerchantFilter value={filter.merchantCode} onChange={(merchantCode) => set({ merchantCode })} />
          </Field>
          <Field label={t('outbox.channel')}>
            <select
              className="input"
              value={filter.channel}
              onChange={(event) => set({ channel: event.target.value as Filter['channel'] })}
            >
              <option value="">{t('common.any')}</option>
              <option value="sms">{t('outbox.channels.sms')}</option>
              <option value="email">{t('outbox.channels.email')}</option>
            </select>
          </Field>
          <Field label={t('outbox.destination')} help={t('outbox.destinationHelp')}>
            <input
              className="input"
              type="search"
              value={destination}
              onChange={(event) => setDestination(event.target.value)}
            />
          </Field>
          <div className="filters-actions">
            <button type="submit" className="button button-primary">
              {t('members.searchButton')}
            </button>
          </div>
        </form>
      </search>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <>
          <DataTable
            caption={t('outbox.title')}
            busy={query.isFetching}
            columns={[
              t('members.when'),
              t('common.merchant'),
              t('outbox.channel'),
              t('outbox.destination'),
              t('outbox.purpose'),
              t('outbox.text'),
              t('outbox.status'),
            ]}
            rows={query.data.list}
            empty={t('outbox.empty')}
            row={(entry) => (
              <tr key={entry.id}>
                <td data-label={t('members.when')}>{formatDateTime(entry.createdAt, currentLocale())}</td>
                <td data-label={t('common.merchant')}>{entry.merchantCode}</td>
                <td data-label={t('outbox.channel')}>{t(`outbox.channels.${entry.channel}`)}</td>
                <td data-label={t('outbox.destination')}>
                  <code>{entry.destination}</code>
                </td>
                <td data-label={t('outbox.purpose')}>{entry.purpose}</td>
                <td data-label={t('outbox.text')} className="cell-text">
                  {entry.subject ? <strong className="block">{entry.subject}</strong> : null}
                  {entry.body}
                </td>
                <td data-label={t('outbox.status')}>
                  <span className={`badge ${entry.status === 'failed' ? 'badge-off' : 'badge-on'}`}>
                    {t(`outbox.statuses.${entry.status}`)}
                  </span>
                  {entry.error ? <span className="block muted">{entry.error}</span> : null}
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
