import { type AdminBreaks, type AdminExclusion, exclusionPeriods } from '@tala/contracts/exclusions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { ApiError, api } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';

const key = (id: number) => ['admin', 'members', 'exclusions', id];

/**
 * A member's breaks (docs/decisions/047-time-out-and-self-exclusion.md): what applies now, the history with linked
 * accounts' exclusions that cover this one, and, for owners and support, family and operator exclusions recorded
 * with a reason, lifted with a reason, and a closed account reopened after its wait.
 */
export function ExclusionsSection({
  id,
  account,
  canManage,
}: {
  id: number;
  account: string;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: key(id),
    queryFn: ({ signal }) => api<AdminBreaks>(`/admin-api/members/${id}/exclusions`, { signal }),
  });
  const [kind, setKind] = useState<'family' | 'operator'>('family');
  const [period, setPeriod] = useState<(typeof exclusionPeriods)[number]>('6m');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const record = useMutation({
    mutationFn: () =>
      api<AdminBreaks>(`/admin-api/members/${id}/exclusions`, {
        method: 'POST',
        body: { kind, period, reason: reason.trim() },
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(key(id), data);
      setReason('');
    },
  });
  const lift = useMutation({
    mutationFn: (change: { exclusionId: number; reason: string }) =>
      api<AdminBreaks>(`/admin-api/members/${id}/exclusions/${change.exclusionId}/lift`, {
        method: 'POST',
        body: { reason: change.reason },
      }),
    onSuccess: (data) => queryClient.setQueryData(key(id), data),
  });
  const when = (iso: string | null) => (iso ? formatDateTime(iso, currentLocale()) : '—');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setReasonError(t('exclusions.reasonRequired'));
      return;
    }
    setReasonError(undefined);
    if (
      !window.confirm(t('exclusions.recordConfirm', { account, period: t(`exclusions.periods.${period}`) }))
    )
      return;
    record.mutate();
  }

  function askLift(entry: AdminExclusion) {
    const given = window.prompt(t('exclusions.liftReasonPrompt'));
    if (given === null) return;
    lift.mutate({ exclusionId: entry.id, reason: given });
  }

  const data = query.data;
  return (
    <section className="card section" aria-labelledby="member-exclusions">
      <header className="section-header">
        <h2 id="member-exclusions">{t('exclusions.title')}</h2>
        <p className="muted">{t('exclusions.help')}</p>
      </header>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {data ? (
        <>
          <Notice tone={data.restriction ? 'warning' : 'info'}>
            <strong>{t('exclusions.now')}:</strong>{' '}
            {data.restriction
              ? data.restriction.endsAt
                ? t(`exclusions.active.${data.restriction.kind}`, { time: when(data.restriction.endsAt) })
                : t('exclusions.active.closure')
              : t('exclusions.none')}
          </Notice>
          {lift.isError ? <Notice tone="error">{lift.error.message}</Notice> : null}
          {lift.isSuccess ? <Notice tone="success">{t('exclusions.lifted')}</Notice> : null}
          <DataTable
            caption={t('exclusions.history')}
            visibleCaption
            columns={[
              t('exclusions.kind'),
              t('exclusions.started'),
              t('exclusions.ends'),
              t('exclusions.state'),
              t('exclusions.by'),
              t('exclusions.reason'),
              { label: t('common.actions'), hidden: true },
            ]}
            rows={data.history}
            empty={t('exclusions.empty')}
            row={(entry) => (
              <tr key={entry.id}>
                <td data-label={t('exclusions.kind')}>
                  {t(`exclusions.kinds.${entry.kind}`)}
                  {entry.inherited ? (
                    <div className="muted">
                      {t('exclusions.linked', { merchant: entry.merchantCode })}: {entry.account}
                    </div>
                  ) : null}
                </td>
                <td data-label={t('exclusions.started')}>{when(entry.startsAt)}</td>
                <td data-label={t('exclusions.ends')}>{when(entry.endsAt)}</td>
                <td data-label={t('exclusions.state')}>
                  <span className={`badge ${entry.active ? 'badge-off' : 'badge-on'}`}>
                    {entry.active ? t('exclusions.activeState') : t('exclusions.ended')}
                  </span>
                  {entry.liftsAt && entry.active ? (
                    <div className="muted">{t('exclusions.liftsAt', { time: when(entry.liftsAt) })}</div>
                  ) : null}
                </td>
                <td data-label={t('exclusions.by')}>{entry.createdByName}</td>
                <td data-label={t('exclusions.reason')}>
                  {entry.reason ?? '—'}
                  {entry.liftReason ? (
                    <div className="muted">
                      {t('exclusions.liftedBy', { name: entry.liftedByName ?? '', reason: entry.liftReason })}
                    </div>
                  ) : null}
                </td>
                <td data-label={t('common.actions')}>
                  {canManage &&
                  entry.active &&
                  !entry.inherited &&
                  ['family', 'operator', 'closure'].includes(entry.kind) ? (
                    <button
                      type="button"
                      className="button"
                      disabled={lift.isPending}
                      aria-label={t('exclusions.liftReason', { kind: t(`exclusions.kinds.${entry.kind}`) })}
                      onClick={() => askLift(entry)}
                    >
                      {entry.kind === 'closure' ? t('exclusions.reopen') : t('exclusions.lift')}
                    </button>
                  ) : null}
                </td>
              </tr>
            )}
          />
        </>
      ) : null}
      {canManage ? (
        <form className="stack" onSubmit={submit} noValidate aria-labelledby="record-exclusion">
          <h3 id="record-exclusion">{t('exclusions.record')}</h3>
          {record.isError ? <Notice tone="error">{record.error.message}</Notice> : null}
          {record.isSuccess ? <Notice tone="success">{t('exclusions.recorded')}</Notice> : null}
          <div className="grid-2">
            <Field label={t('exclusions.kind')}>
              <select
                className="input"
                value={kind}
                onChange={(event) => setKind(event.target.value === 'operator' ? 'operator' : 'family')}
              >
                <option value="family">{t('exclusions.kinds.family')}</option>
                <option value="operator">{t('exclusions.kinds.operator')}</option>
              </select>
            </Field>
            <Field label={t('exclusions.period')}>
              <select
                className="input"
                value={period}
                onChange={(event) =>
                  setPeriod(exclusionPeriods.find((p) => p === event.target.value) ?? '6m')
                }
              >
                {exclusionPeriods.map((p) => (
                  <option key={p} value={p}>
                    {t(`exclusions.periods.${p}`)}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <Field
            label={t('exclusions.reason')}
            help={t('exclusions.reasonHelp')}
            error={
              reasonError ??
              (record.error instanceof ApiError && record.error.field === 'reason'
                ? record.error.message
                : undefined)
            }
          >
            <textarea
              className="input"
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </Field>
          <div>
            <button type="submit" className="button button-danger" disabled={record.isPending}>
              {t('exclusions.recordButton')}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
