import type { Operator } from '@tala/contracts/admin';
import { interactionChannels, interactionOutcomes, signalRules } from '@tala/contracts/safer-gambling';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import type { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { money } from '../../../lib/money.ts';
import {
  type SignalFlag,
  type SignalRule,
  useFlagged,
  useMemberSignals,
  useRecordInteraction,
  useRunSignals,
} from '../api/signals.ts';
import { saferGamblingRoles } from '../lib/roles.ts';

/** Why a flag was raised, in the operator's words, from its figures. */
function useReason() {
  const { t } = useTranslation();
  return (flag: SignalFlag) => {
    const d = flag.detail;
    const day = d.day ? String(d.day).replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3') : '';
    return t(`saferGambling.reasons.${flag.rule}`, {
      recent: money(d.recent ?? 0),
      prior: money(d.prior ?? 0),
      count: d.count ?? 0,
      days: d.days ?? 0,
      hours: d.hours ?? 0,
      stakes: money(d.stakes ?? 0),
      loss: money(d.loss ?? 0),
      next: money(d.nextDayStakes ?? 0),
      amount: money(d.amount ?? 0),
      day,
    });
  };
}

function MemberPanel({
  merchantCode,
  memberId,
  onClose,
}: {
  merchantCode: string;
  memberId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const reason = useReason();
  const panel = useMemberSignals(merchantCode, memberId);
  const record = useRecordInteraction(merchantCode, memberId);
  const [channel, setChannel] = useState('phone');
  const [outcome, setOutcome] = useState('advised');
  const [note, setNote] = useState('');
  const [saved, setSaved] = useState(false);
  const error = record.error as ApiError | null;
  const locale = currentLocale();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    await record.mutateAsync({ channel, outcome, note }).then(
      () => {
        setNote('');
        setSaved(true);
      },
      () => undefined,
    );
  }

  if (panel.isPending) return <Loading />;
  if (panel.isError) return <LoadError error={panel.error} onRetry={() => void panel.refetch()} />;
  const data = panel.data;
  return (
    <section className="card stack" aria-labelledby="sg-member">
      <div className="toolbar">
        <h2 id="sg-member">{t('saferGambling.memberTitle', { username: data.username })}</h2>
        <button type="button" className="button" onClick={onClose}>
          {t('saferGambling.backToList')}
        </button>
      </div>
      <h3>{t('saferGambling.flagsCaption')}</h3>
      <DataTable
        caption={t('saferGambling.flagsCaption')}
        columns={[
          t('saferGambling.columns.rule'),
          t('saferGambling.columns.why'),
          t('saferGambling.columns.seen'),
          t('saferGambling.columns.state'),
        ]}
        rows={data.flags}
        empty={t('saferGambling.noFlags')}
        row={(flag) => (
          <tr key={flag.id}>
            <td data-label={t('saferGambling.columns.rule')}>{t(`saferGambling.rules.${flag.rule}`)}</td>
            <td data-label={t('saferGambling.columns.why')}>{reason(flag)}</td>
            <td data-label={t('saferGambling.columns.seen')}>
              {formatDateTime(flag.firstSeenAt, locale)} – {formatDateTime(flag.lastSeenAt, locale)}
            </td>
            <td data-label={t('saferGambling.columns.state')}>
              {flag.clearedAt
                ? t('saferGambling.cleared', { at: formatDateTime(flag.clearedAt, locale) })
                : t('saferGambling.active')}
            </td>
          </tr>
        )}
      />
      <form className="stack" onSubmit={submit} noValidate>
        <h3>{t('saferGambling.recordTitle')}</h3>
        {saved ? <Notice tone="success">{t('saferGambling.recorded')}</Notice> : null}
        <div className="grid-2">
          <Field
            label={t('saferGambling.channel')}
            error={error?.field === 'channel' ? error.message : undefined}
          >
            <select className="input" value={channel} onChange={(e) => setChannel(e.target.value)}>
              {interactionChannels.map((c) => (
                <option key={c} value={c}>
                  {t(`saferGambling.channels.${c}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label={t('saferGambling.outcome')}
            error={error?.field === 'outcome' ? error.message : undefined}
          >
            <select className="input" value={outcome} onChange={(e) => setOutcome(e.target.value)}>
              {interactionOutcomes.map((o) => (
                <option key={o} value={o}>
                  {t(`saferGambling.outcomes.${o}`)}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field
          label={t('saferGambling.note')}
          help={t('saferGambling.noteHelp')}
          error={error?.field === 'note' ? error.message : undefined}
        >
          <textarea
            className="input"
            rows={4}
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </Field>
        {error && !['channel', 'outcome', 'note'].includes(error.field ?? '') ? (
          <Notice tone="error">{error.message}</Notice>
        ) : null}
        <div>
          <button type="submit" className="button button-primary" disabled={record.isPending}>
            {t('saferGambling.record')}
          </button>
        </div>
      </form>
      <h3>{t('saferGambling.interactionsCaption')}</h3>
      <DataTable
        caption={t('saferGambling.interactionsCaption')}
        columns={[
          t('saferGambling.columns.when'),
          t('saferGambling.channel'),
          t('saferGambling.outcome'),
          t('saferGambling.note'),
          t('saferGambling.columns.operator'),
        ]}
        rows={data.interactions}
        empty={t('saferGambling.noInteractions')}
        row={(i) => (
          <tr key={i.id}>
            <td data-label={t('saferGambling.columns.when')}>{formatDateTime(i.createdAt, locale)}</td>
            <td data-label={t('saferGambling.channel')}>{t(`saferGambling.channels.${i.channel}`)}</td>
            <td data-label={t('saferGambling.outcome')}>{t(`saferGambling.outcomes.${i.outcome}`)}</td>
            <td data-label={t('saferGambling.note')} className="pre-wrap">
              {i.note}
            </td>
            <td data-label={t('saferGambling.columns.operator')}>{i.operatorName}</td>
          </tr>
        )}
      />
    </section>
  );
}

/**
 * Safer-gambling signals (issue 18 item 5): the members the nightly rules flag, each flag with why, and per member
 * the interactions operators recorded, with the form to record one.
 */
export function SignalsPage({ operator, merchantCode }: { operator: Operator; merchantCode: string }) {
  const { t } = useTranslation();
  const reason = useReason();
  const [rule, setRule] = useState<SignalRule | ''>('');
  const [pageNo, setPageNo] = useState(1);
  const [memberId, setMemberId] = useState<number | null>(null);
  const list = useFlagged(merchantCode, rule, pageNo);
  const run = useRunSignals(merchantCode);
  const locale = currentLocale();

  if (memberId !== null)
    return <MemberPanel merchantCode={merchantCode} memberId={memberId} onClose={() => setMemberId(null)} />;
  return (
    <div className="stack">
      <div className="toolbar">
        <Field label={t('saferGambling.filter')}>
          <select
            className="input"
            value={rule}
            onChange={(e) => {
              setRule(e.target.value as SignalRule | '');
              setPageNo(1);
            }}
          >
            <option value="">{t('saferGambling.allRules')}</option>
            {signalRules.map((r) => (
              <option key={r} value={r}>
                {t(`saferGambling.rules.${r}`)}
              </option>
            ))}
          </select>
        </Field>
        {saferGamblingRoles.run(operator.role) ? (
          <button type="button" className="button" disabled={run.isPending} onClick={() => run.mutate()}>
            {t('saferGambling.runNow')}
          </button>
        ) : null}
      </div>
      {run.data ? <Notice tone="success">{t('saferGambling.ran', run.data)}</Notice> : null}
      {list.data ? (
        <p className="muted">
          {list.data.lastRunAt
            ? t('saferGambling.lastRun', { at: formatDateTime(list.data.lastRunAt, locale) })
            : t('saferGambling.neverRun')}
        </p>
      ) : null}
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadError error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data ? (
        <>
          <DataTable
            caption={t('saferGambling.title')}
            columns={[
              t('saferGambling.columns.member'),
              t('saferGambling.columns.flags'),
              t('saferGambling.columns.lastInteraction'),
              { label: t('saferGambling.columns.actions'), hidden: true },
            ]}
            rows={list.data.list}
            empty={t('saferGambling.empty')}
            busy={list.isFetching}
            row={(m) => (
              <tr key={m.memberId}>
                <td data-label={t('saferGambling.columns.member')}>{m.username}</td>
                <td data-label={t('saferGambling.columns.flags')}>
                  <ul className="plain-list">
                    {m.flags.map((flag) => (
                      <li key={flag.id}>
                        <strong>{t(`saferGambling.rules.${flag.rule}`)}</strong>: {reason(flag)}
                      </li>
                    ))}
                  </ul>
                </td>
                <td data-label={t('saferGambling.columns.lastInteraction')}>
                  {m.lastInteractionAt
                    ? `${formatDateTime(m.lastInteractionAt, locale)} · ${t(`saferGambling.outcomes.${m.lastOutcome ?? 'advised'}`)}`
                    : t('saferGambling.noContact')}
                </td>
                <td>
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={t('saferGambling.openMember', { username: m.username })}
                    onClick={() => setMemberId(m.memberId)}
                  >
                    {t('saferGambling.open')}
                  </button>
                </td>
              </tr>
            )}
          />
          <Pager
            pageNo={pageNo}
            totalPages={list.data.totalPages}
            total={list.data.total}
            onPage={setPageNo}
          />
        </>
      ) : null}
    </div>
  );
}
