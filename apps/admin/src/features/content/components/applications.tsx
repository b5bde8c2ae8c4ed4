import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { api } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import type { Page } from '../../../lib/page.ts';
import { merchantBase } from '../api/content.ts';

const statuses = ['new', 'contacted', 'approved', 'rejected'] as const;
type Status = (typeof statuses)[number];
/** A /join application as the back office lists it (contracts' affiliateApplication). */
type Application = {
  id: number;
  name: string;
  email: string;
  mobile: string;
  contactType: string;
  contactId: string;
  trafficSource: string;
  website: string | null;
  message: string;
  language: string;
  status: Status;
  operatorNote: string;
  handledBy: string | null;
  handledAt: string | null;
  ip: string | null;
  createdAt: string;
};

/** Affiliate applications from the /join form: read, mark contacted, approve or reject with a note. */
/** `mayPromote`: owners may make the applicant's member account an agent when approving. */
export function Applications({ merchantCode, mayPromote }: { merchantCode: string; mayPromote: boolean }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'' | Status>('new');
  const [pageNo, setPageNo] = useState(1);
  const key = ['admin', 'content', merchantCode, 'applications'] as const;
  const list = useQuery({
    queryKey: [...key, status, pageNo],
    queryFn: ({ signal }) =>
      api<Page<Application>>(`${merchantBase(merchantCode)}/affiliate-applications`, {
        signal,
        query: { status: status || undefined, pageNo, pageSize: 20 },
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="stack">
      <div className="toolbar">
        <Field label={t('common.status')}>
          <select
            className="input"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as '' | Status);
              setPageNo(1);
            }}
          >
            <option value="">{t('common.any')}</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {t(`applications.statuses.${s}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadError error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data ? (
        <>
          <ul className="item-list" aria-label={t('applications.title')}>
            {list.data.list.length === 0 ? <li className="muted">{t('applications.empty')}</li> : null}
            {list.data.list.map((a) => (
              <ApplicationItem
                key={a.id}
                merchantCode={merchantCode}
                application={a}
                listKey={key}
                mayPromote={mayPromote}
              />
            ))}
          </ul>
          <Pager
            pageNo={list.data.pageNo}
            totalPages={list.data.totalPages}
            total={list.data.total}
            onPage={setPageNo}
          />
        </>
      ) : null}
    </div>
  );
}

function ApplicationItem({
  merchantCode,
  application: a,
  listKey,
  mayPromote,
}: {
  merchantCode: string;
  application: Application;
  listKey: readonly unknown[];
  mayPromote: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>(a.status);
  const [note, setNote] = useState(a.operatorNote);
  const [account, setAccount] = useState('');
  const update = useMutation({
    mutationFn: () =>
      api<Application>(`${merchantBase(merchantCode)}/affiliate-applications/${a.id}`, {
        method: 'PATCH',
        body: {
          status,
          operatorNote: note,
          ...(mayPromote && status === 'approved' && account.trim() ? { memberAccount: account.trim() } : {}),
        },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: listKey }),
  });
  return (
    <li className="item">
      <div className="item-main stack">
        <div>
          <strong>{a.name}</strong> <span className="badge">{t(`applications.statuses.${a.status}`)}</span>
          <span className="block muted">
            {a.email} · {a.mobile} · {a.contactType}: {a.contactId} · {a.trafficSource}
            {a.website ? ` · ${a.website}` : ''} · {a.language} ·{' '}
            {formatDateTime(a.createdAt, currentLocale())}
          </span>
          {a.message ? <p className="feedback-text">{a.message}</p> : null}
          {a.handledBy ? (
            <span className="block muted">
              {t('applications.handledBy', {
                name: a.handledBy,
                when: a.handledAt ? formatDateTime(a.handledAt, currentLocale()) : '',
              })}
            </span>
          ) : null}
        </div>
        {update.isError ? <Notice tone="error">{update.error.message}</Notice> : null}
        <div className="grid-2">
          <Field label={t('common.status')}>
            <select
              className="input"
              value={status}
              onChange={(event) => setStatus(event.target.value as Status)}
            >
              {statuses.map((s) => (
                <option key={s} value={s}>
                  {t(`applications.statuses.${s}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('applications.note')}>
            <input
              className="input"
              maxLength={1000}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </Field>
          {mayPromote && status === 'approved' ? (
            <Field label={t('applications.memberAccount')} help={t('applications.memberAccountHelp')}>
              <input
                className="input"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={64}
                value={account}
                onChange={(event) => setAccount(event.target.value)}
              />
            </Field>
          ) : null}
        </div>
        <div>
          <button
            type="button"
            className="button"
            disabled={update.isPending || (status === a.status && note === a.operatorNote && !account.trim())}
            onClick={() => update.mutate()}
          >
            {t('applications.update', { name: a.name })}
          </button>
        </div>
      </div>
    </li>
  );
}
