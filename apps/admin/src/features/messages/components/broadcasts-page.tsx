import './broadcasts.css';
import type { Operator } from '@tala/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { type Broadcast, useBroadcasts, useWithdrawBroadcast } from '../api/broadcasts.ts';
import { broadcastRoles } from '../lib/roles.ts';
import { BroadcastComposer } from './broadcast-composer.tsx';

function useSegmentText() {
  const { t } = useTranslation();
  return (b: Broadcast) => {
    const s = b.segment;
    if (s.kind === 'ranks') return t('broadcasts.segmentText.ranks', { ranks: (s.ranks ?? []).join(', ') });
    if (s.kind === 'agent_line') return t('broadcasts.segmentText.agent_line', { agent: s.agent ?? '' });
    if (s.kind === 'usernames')
      return t('broadcasts.segmentText.usernames', { count: (s.usernames ?? []).length });
    return t('broadcasts.segmentText.all');
  };
}

/** Sent and scheduled messages with recipients and reads; senders may withdraw one. */
function BroadcastList({ merchantCode, maySend }: { merchantCode: string; maySend: boolean }) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const list = useBroadcasts(merchantCode, pageNo);
  const withdraw = useWithdrawBroadcast(merchantCode);
  const segmentText = useSegmentText();
  const titleOf = (b: Broadcast) => b.texts.EN?.title ?? Object.values(b.texts)[0]?.title ?? '';
  const when = (iso: string) => formatDateTime(iso, currentLocale());
  const columns = [
    t('broadcasts.columns.title'),
    t('broadcasts.columns.segment'),
    t('broadcasts.columns.status'),
    t('broadcasts.columns.when'),
    t('broadcasts.columns.recipients'),
    t('broadcasts.columns.reads'),
    t('broadcasts.columns.by'),
    ...(maySend ? [{ label: t('broadcasts.columns.actions'), hidden: true as const }] : []),
  ];
  return (
    <section className="stack" aria-label={t('broadcasts.list')}>
      <h2>{t('broadcasts.list')}</h2>
      {withdraw.isError ? <Notice tone="error">{withdraw.error.message}</Notice> : null}
      {withdraw.isSuccess ? <Notice tone="success">{t('broadcasts.withdrawn')}</Notice> : null}
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadError error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data ? (
        <>
          <DataTable
            caption={t('broadcasts.list')}
            columns={columns}
            rows={list.data.list}
            busy={list.isPlaceholderData}
            empty={t('broadcasts.empty')}
            row={(b) => (
              <tr key={b.id} data-broadcast-id={b.id}>
                <td data-label={t('broadcasts.columns.title')}>{titleOf(b)}</td>
                <td data-label={t('broadcasts.columns.segment')}>{segmentText(b)}</td>
                <td data-label={t('broadcasts.columns.status')}>{t(`broadcasts.statuses.${b.status}`)}</td>
                <td data-label={t('broadcasts.columns.when')}>
                  {when(b.sentAt ?? b.scheduledAt ?? b.createdAt)}
                  {b.expiresAt ? (
                    <div className="muted">{t('broadcasts.expires', { when: when(b.expiresAt) })}</div>
                  ) : null}
                </td>
                <td data-label={t('broadcasts.columns.recipients')}>{b.recipients}</td>
                <td data-label={t('broadcasts.columns.reads')}>{b.reads}</td>
                <td data-label={t('broadcasts.columns.by')}>{b.createdBy}</td>
                {maySend ? (
                  <td data-label={t('broadcasts.columns.actions')}>
                    {b.status === 'withdrawn' ? null : (
                      <button
                        type="button"
                        className="button button-small button-danger"
                        disabled={withdraw.isPending}
                        aria-label={`${t('broadcasts.withdraw')}: ${titleOf(b)}`}
                        onClick={() => {
                          if (window.confirm(t('broadcasts.withdrawConfirm', { title: titleOf(b) })))
                            withdraw.mutate(b.id);
                        }}
                      >
                        {t('broadcasts.withdraw')}
                      </button>
                    )}
                  </td>
                ) : null}
              </tr>
            )}
          />
          <Pager
            pageNo={list.data.pageNo}
            totalPages={list.data.totalPages}
            total={list.data.total}
            onPage={setPageNo}
          />
        </>
      ) : null}
    </section>
  );
}

/** Platform messages of one merchant: the composer (owners and support) and the list (everyone). */
export function BroadcastsPage({ operator, merchantCode }: { operator: Operator; merchantCode: string }) {
  const { t } = useTranslation();
  const maySend = broadcastRoles.send(operator.role);
  return (
    <div className="stack">
      {maySend ? (
        <BroadcastComposer key={merchantCode} merchantCode={merchantCode} />
      ) : (
        <Notice tone="info">{t('broadcasts.mayNotSend')}</Notice>
      )}
      <BroadcastList merchantCode={merchantCode} maySend={maySend} />
    </div>
  );
}
