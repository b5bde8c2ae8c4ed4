import type { DocumentStatus } from '@tala/contracts/kyc';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { MerchantFilter } from '../../../components/merchant-scope.tsx';
import { Pager } from '../../../components/pager.tsx';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import type { Page } from '../../../lib/page.ts';
import { kycKey, type ReviewDocument } from '../api/kyc.ts';
import { MemberStatusBadge } from './member-status-badge.tsx';

const statuses: DocumentStatus[] = ['pending', 'approved', 'rejected', 'replaced'];
type Filter = { pageNo: number; merchantCode: string; status: DocumentStatus; q: string };

/** The review queue: pending documents oldest first (decided ones on request), each opening its viewer. */
export function ReviewQueue() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>({ pageNo: 1, merchantCode: '', status: 'pending', q: '' });
  const [q, setQ] = useState('');
  const query = useQuery({
    queryKey: [...kycKey, 'queue', filter],
    queryFn: ({ signal }) =>
      api<Page<ReviewDocument>>('/admin-api/kyc/documents', {
        signal,
        query: {
          pageNo: filter.pageNo,
          pageSize: 20,
          status: filter.status,
          merchantCode: filter.merchantCode || undefined,
          q: filter.q || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
  const set = (change: Partial<Filter>) => setFilter((f) => ({ ...f, ...change, pageNo: 1 }));
  const search = (event: FormEvent) => {
    event.preventDefault();
    set({ q: q.trim() });
  };
  return (
    <div className="stack">
      <search className="card" aria-label={t('kyc.filters')}>
        <form className="filters" onSubmit={search}>
          <Field label={t('common.merchant')}>
            <MerchantFilter value={filter.merchantCode} onChange={(merchantCode) => set({ merchantCode })} />
          </Field>
          <Field label={t('kyc.status')}>
            <select
              className="input"
              value={filter.status}
              onChange={(e) => set({ status: e.target.value as DocumentStatus })}
            >
              {statuses.map((s) => (
                <option key={s} value={s}>
                  {t(`kyc.documentStatus.${s}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('kyc.username')}>
            <input className="input" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
          </Field>
          <div className="filters-actions">
            <button type="submit" className="button button-primary">
              {t('kyc.search')}
            </button>
          </div>
        </form>
      </search>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <DataTable
            caption={t('kyc.queueCaption')}
            busy={query.isFetching}
            columns={[
              t('kyc.uploaded'),
              t('kyc.member'),
              t('kyc.document'),
              t('kyc.memberStatus'),
              { label: t('kyc.actions'), hidden: true },
            ]}
            rows={query.data.list}
            empty={t('kyc.empty')}
            row={(d) => (
              <tr key={d.id}>
                <td data-label={t('kyc.uploaded')}>{formatDateTime(d.uploadedAt, currentLocale())}</td>
                <td data-label={t('kyc.member')}>
                  {d.username}
                  <span className="block muted">{d.merchantCode}</span>
                </td>
                <td data-label={t('kyc.document')}>
                  {t(`kyc.kinds.${d.kind}`)}
                  <span className="block muted">
                    {t(`kyc.types.${d.contentType}`)} ·{' '}
                    {t('kyc.kilobytes', { kb: Math.ceil(d.sizeBytes / 1024) })}
                  </span>
                </td>
                <td data-label={t('kyc.memberStatus')}>
                  <MemberStatusBadge status={d.memberStatus} />
                </td>
                <td data-label={t('kyc.actions')}>
                  <Link
                    className="button button-primary button-small"
                    to={paths.verification.href(d.id)}
                    aria-label={t('kyc.openNamed', { kind: t(`kyc.kinds.${d.kind}`), member: d.username })}
                  >
                    {d.status === 'pending' ? t('kyc.review') : t('kyc.open')}
                  </Link>
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
      )}
    </div>
  );
}
