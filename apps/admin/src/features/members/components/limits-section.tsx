import type { AdminLimits, LimitKey, LimitView } from '@tala/contracts/limits';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Pager } from '../../../components/pager.tsx';
import { api } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { money } from '../../../lib/money.ts';

/**
 * A member's own limits (docs/decisions/046-player-limits.md), read only: each limit set, what its period used and
 * when it resets, a raise or removal waiting with when the member may confirm it and when it lapses, and the change
 * history, newest first. Only the member changes them.
 */
export function LimitsSection({ id, merchantCode }: { id: number; merchantCode: string }) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const query = useQuery({
    queryKey: ['admin', 'members', 'limits', merchantCode, id, pageNo],
    queryFn: ({ signal }) =>
      api<AdminLimits>(`/admin-api/merchants/${merchantCode}/members/${id}/limits`, {
        signal,
        query: { pageNo, pageSize: 10 },
      }),
    // The limits stay on screen while another page of the history loads.
    placeholderData: keepPreviousData,
  });
  const when = (iso: string | null) => (iso ? formatDateTime(iso, currentLocale()) : '—');
  const amount = (key: LimitKey, value: number | null) =>
    value === null
      ? t('memberLimits.none')
      : key === 'session'
        ? t('memberLimits.minutes', { count: value })
        : money(value);
  const data = query.data;
  const shown = (data?.limits ?? []).filter((l) => l.value !== null || l.pending);
  const used = (l: LimitView) =>
    l.key === 'session'
      ? data?.sessionStartedAt
        ? t('memberLimits.sessionUsed', { count: l.used, since: when(data.sessionStartedAt) })
        : t('memberLimits.noSession')
      : money(l.used);

  return (
    <section className="card section" aria-labelledby="member-limits">
      <header className="section-header">
        <h2 id="member-limits">{t('memberLimits.title')}</h2>
        <p className="muted">{t('memberLimits.help', { zone: data?.timeZone ?? '—' })}</p>
      </header>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {data ? (
        <>
          <DataTable
            caption={t('memberLimits.current')}
            visibleCaption
            columns={[
              t('memberLimits.limit'),
              t('memberLimits.value'),
              t('memberLimits.used'),
              t('memberLimits.resets'),
              t('memberLimits.pending'),
            ]}
            rows={shown}
            empty={t('memberLimits.noLimits')}
            row={(l) => (
              <tr key={l.key}>
                <td data-label={t('memberLimits.limit')}>{t(`memberLimits.keys.${l.key}`)}</td>
                <td data-label={t('memberLimits.value')}>{amount(l.key, l.value)}</td>
                <td data-label={t('memberLimits.used')}>{l.value === null ? '—' : used(l)}</td>
                <td data-label={t('memberLimits.resets')}>
                  {l.key === 'session' ? t('memberLimits.atLogin') : when(l.resetsAt)}
                </td>
                <td data-label={t('memberLimits.pending')}>
                  {l.pending ? (
                    <>
                      {l.pending.value === null
                        ? t('memberLimits.removal')
                        : t('memberLimits.raiseTo', { value: amount(l.key, l.pending.value) })}
                      <div className="muted">
                        {l.pending.confirmable
                          ? t('memberLimits.confirmableNow', { lapses: when(l.pending.lapsesAt) })
                          : t('memberLimits.confirmableFrom', {
                              from: when(l.pending.confirmableAt),
                              lapses: when(l.pending.lapsesAt),
                            })}
                      </div>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            )}
          />
          <DataTable
            caption={t('memberLimits.history')}
            visibleCaption
            busy={query.isFetching}
            columns={[
              t('memberLimits.requested'),
              t('memberLimits.limit'),
              t('memberLimits.change'),
              t('memberLimits.status'),
              t('memberLimits.decided'),
            ]}
            rows={data.history.list}
            empty={t('memberLimits.noHistory')}
            row={(c) => (
              <tr key={c.id}>
                <td data-label={t('memberLimits.requested')}>{when(c.requestedAt)}</td>
                <td data-label={t('memberLimits.limit')}>{t(`memberLimits.keys.${c.key}`)}</td>
                <td data-label={t('memberLimits.change')}>
                  {t('memberLimits.fromTo', {
                    from: amount(c.key, c.oldValue),
                    to: amount(c.key, c.newValue),
                  })}
                </td>
                <td data-label={t('memberLimits.status')}>
                  {t(`memberLimits.statuses.${c.status}`)}
                  {c.status === 'pending' && c.confirmableAt && c.lapsesAt ? (
                    <div className="muted">
                      {t('memberLimits.confirmableFrom', {
                        from: when(c.confirmableAt),
                        lapses: when(c.lapsesAt),
                      })}
                    </div>
                  ) : null}
                </td>
                <td data-label={t('memberLimits.decided')}>{when(c.decidedAt)}</td>
              </tr>
            )}
          />
          {data.history.totalPages > 1 ? (
            <Pager
              pageNo={pageNo}
              totalPages={data.history.totalPages}
              total={data.history.total}
              onPage={setPageNo}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
