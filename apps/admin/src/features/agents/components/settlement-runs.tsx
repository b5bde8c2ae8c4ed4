import { contractKinds, periodTypes } from '@tala/contracts/agent-contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { money } from '../../../lib/money.ts';
import {
  type ContractKind,
  runNowPath,
  runPath,
  type SettlementRun,
  useAgentsAction,
  useRuns,
} from '../api/agents.ts';

/**
 * Settlement runs of a merchant: status and totals, retry of a failed run, and cancel with four eyes (one operator
 * asks with a reason, another approves; the payments are reversed and the period may be settled again).
 */
export function SettlementRuns({ merchantCode, mayDecide }: { merchantCode: string; mayDecide: boolean }) {
  const { t, i18n } = useTranslation();
  const runs = useRuns(merchantCode);
  const action = useAgentsAction<SettlementRun | null>();
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [now, setNow] = useState({ kind: 'dailySalary' as ContractKind, periodType: 'M', day: '' });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  function runNow(event: FormEvent) {
    event.preventDefault();
    if (!now.day) return;
    action.mutate({
      path: runNowPath(merchantCode),
      body: {
        kind: now.kind,
        periodType: now.periodType,
        at: new Date(`${now.day}T12:00:00Z`).toISOString(),
      },
    });
  }

  return (
    <div className="stack">
      {mayDecide ? (
        <form className="filters" onSubmit={runNow} aria-label={t('agents.runs.runNow')}>
          <Field label={t('agents.kind')}>
            <select
              className="input"
              value={now.kind}
              onChange={(e) => setNow({ ...now, kind: e.target.value as ContractKind })}
            >
              {contractKinds.map((k) => (
                <option key={k} value={k}>
                  {t(`agents.kinds.${k}`)}
                </option>
              ))}
            </select>
          </Field>
          {now.kind === 'dividend' ? (
            <Field label={t('agents.period')}>
              <select
                className="input"
                value={now.periodType}
                onChange={(e) => setNow({ ...now, periodType: e.target.value })}
              >
                {periodTypes.map((p) => (
                  <option key={p} value={p}>
                    {t(`agents.periods.${p}`)}
                  </option>
                ))}
              </select>
            </Field>
          ) : null}
          <Field label={t('agents.runs.day')}>
            <input
              className="input"
              type="date"
              required
              value={now.day}
              onChange={(e) => setNow({ ...now, day: e.target.value })}
            />
          </Field>
          <div className="filters-actions">
            <button type="submit" className="button button-primary" disabled={action.isPending}>
              {t('agents.runs.runNow')}
            </button>
          </div>
        </form>
      ) : null}
      {action.isError ? <Notice tone="error">{action.error.message}</Notice> : null}
      {action.isSuccess ? <Notice tone="success">{t('agents.runs.done')}</Notice> : null}
      {runs.isPending ? <Loading /> : null}
      {runs.isError ? <LoadError error={runs.error} onRetry={() => void runs.refetch()} /> : null}
      {runs.data ? (
        <DataTable
          caption={t('agents.runs.title')}
          columns={[
            t('agents.kind'),
            t('agents.runs.period'),
            t('agents.runs.status'),
            t('agents.runs.bills'),
            t('agents.runs.paid'),
            { label: t('agents.runs.actions'), hidden: true },
          ]}
          rows={runs.data}
          empty={t('agents.runs.empty')}
          row={(run) => (
            <tr key={run.id}>
              <td data-label={t('agents.kind')}>{t(`agents.kinds.${run.kind}`)}</td>
              <td data-label={t('agents.runs.period')}>
                {date.format(new Date(run.periodStart))} – {date.format(new Date(run.periodEnd))}
              </td>
              <td data-label={t('agents.runs.status')}>
                {t(`agents.runs.statuses.${run.status as 'done'}`)}
                {run.error ? <div className="muted">{run.error}</div> : null}
                {run.cancelReason ? <div className="muted">{run.cancelReason}</div> : null}
              </td>
              <td data-label={t('agents.runs.bills')}>{run.bills}</td>
              <td data-label={t('agents.runs.paid')}>{money(run.totalPaid)}</td>
              <td data-label={t('agents.runs.actions')}>
                {mayDecide && run.status === 'failed' ? (
                  <button
                    type="button"
                    className="button"
                    onClick={() => action.mutate({ path: runPath(merchantCode, run.id, 'retry') })}
                  >
                    {t('agents.runs.retry')}
                  </button>
                ) : null}
                {mayDecide && (run.status === 'done' || run.status === 'failed') ? (
                  <span className="inline-form">
                    <input
                      className="input"
                      aria-label={t('agents.runs.reason')}
                      placeholder={t('agents.runs.reason')}
                      maxLength={500}
                      value={reasons[run.id] ?? ''}
                      onChange={(e) => setReasons({ ...reasons, [run.id]: e.target.value })}
                    />
                    <button
                      type="button"
                      className="button"
                      disabled={(reasons[run.id] ?? '').trim().length < 3}
                      onClick={() =>
                        action.mutate({
                          path: runPath(merchantCode, run.id, 'cancel'),
                          body: { reason: reasons[run.id] },
                        })
                      }
                    >
                      {t('agents.runs.cancel')}
                    </button>
                  </span>
                ) : null}
                {mayDecide && run.status === 'cancel_requested' ? (
                  <button
                    type="button"
                    className="button button-danger"
                    onClick={() => action.mutate({ path: runPath(merchantCode, run.id, 'cancel/approve') })}
                  >
                    {t('agents.runs.approveCancel')}
                  </button>
                ) : null}
              </td>
            </tr>
          )}
        />
      ) : null}
    </div>
  );
}
