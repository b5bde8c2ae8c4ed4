import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { money } from '../../../lib/money.ts';
import { useReport } from '../api/agents.ts';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The commission and salary report: bills by agent and kind for the periods that started in a range of days. */
export function ContractReport({ merchantCode }: { merchantCode: string }) {
  const { t } = useTranslation();
  const [range, setRange] = useState(() => {
    const today = new Date();
    return { from: isoDay(new Date(today.getTime() - 30 * 86_400_000)), to: isoDay(today) };
  });
  const report = useReport(merchantCode, range);
  const total = (report.data ?? []).reduce((sum, r) => sum + r.paid, 0);
  return (
    <div className="stack">
      <div className="filters">
        <Field label={t('agents.report.from')}>
          <input
            className="input"
            type="date"
            value={range.from}
            max={range.to}
            onChange={(e) => setRange({ ...range, from: e.target.value })}
          />
        </Field>
        <Field label={t('agents.report.to')}>
          <input
            className="input"
            type="date"
            value={range.to}
            min={range.from}
            onChange={(e) => setRange({ ...range, to: e.target.value })}
          />
        </Field>
      </div>
      {report.isPending ? <Loading /> : null}
      {report.isError ? <LoadError error={report.error} onRetry={() => void report.refetch()} /> : null}
      {report.data ? (
        <>
          <p className="muted">{t('agents.report.total', { total: money(total) })}</p>
          <DataTable
            caption={t('agents.report.title')}
            columns={[
              t('agents.report.agent'),
              t('agents.kind'),
              t('agents.runs.bills'),
              t('agents.report.due'),
              t('agents.runs.paid'),
            ]}
            rows={report.data}
            empty={t('agents.report.empty')}
            row={(r) => (
              <tr key={`${r.username}-${r.kind}`}>
                <td data-label={t('agents.report.agent')}>{r.username}</td>
                <td data-label={t('agents.kind')}>{t(`agents.kinds.${r.kind}`)}</td>
                <td data-label={t('agents.runs.bills')}>{r.bills}</td>
                <td data-label={t('agents.report.due')}>{money(r.due)}</td>
                <td data-label={t('agents.runs.paid')}>{money(r.paid)}</td>
              </tr>
            )}
          />
        </>
      ) : null}
    </div>
  );
}
