import { contractKinds } from '@tala/contracts/agent-contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Notice } from '../../../components/notice.tsx';
import { type ContractKind, percent, toBasis, useAgentsAction, useMemberContracts } from '../api/agents.ts';

/**
 * A member's contracts and their history (back office); owners set or end the contract of an agent at the top of
 * the tree (the merchant is its upline), the others are agreed between uplines and downlines on the site.
 */
export function MemberContracts({ id, canEdit }: { id: number; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const contracts = useMemberContracts(id);
  const action = useAgentsAction<unknown>();
  const [form, setForm] = useState({
    kind: 'dailySalary' as ContractKind,
    rate: '',
    members: '0',
    period: 'M',
    profit: '',
    loss: '',
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const terms = (c: {
    kind: ContractKind;
    terms: {
      rate: number;
      profitRate: number;
      lossRate: number;
      minActiveMembers: number;
      periodType: string;
    };
  }) =>
    c.kind === 'realtimeSalary'
      ? `${percent(c.terms.profitRate)} / ${percent(c.terms.lossRate)}`
      : `${percent(c.terms.rate)} · ${t('agents.minActive', { count: c.terms.minActiveMembers })}${c.kind === 'dividend' ? ` · ${t(`agents.periods.${c.terms.periodType as 'M'}`)}` : ''}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    const body =
      form.kind === 'realtimeSalary'
        ? { terms: { profitRate: toBasis(form.profit || '0'), lossRate: toBasis(form.loss || '0') } }
        : {
            terms: {
              rate: toBasis(form.rate || '0'),
              minActiveMembers: Number(form.members || '0'),
              periodType: form.period,
            },
          };
    action.mutate({ method: 'PUT', path: `/admin-api/members/${id}/contracts/${form.kind}`, body });
  }

  return (
    <section className="card section" aria-labelledby="member-contracts">
      <header className="section-header">
        <h2 id="member-contracts">{t('agents.contracts.title')}</h2>
        <p className="muted">{t('agents.contracts.help')}</p>
      </header>
      {contracts.isError ? (
        <LoadError error={contracts.error} onRetry={() => void contracts.refetch()} />
      ) : null}
      {contracts.data ? (
        <DataTable
          caption={t('agents.contracts.title')}
          columns={[
            t('agents.kind'),
            t('agents.contracts.terms'),
            t('agents.contracts.from'),
            t('agents.runs.status'),
            { label: t('agents.runs.actions'), hidden: true },
          ]}
          rows={contracts.data.filter((c) => c.request === 'new')}
          empty={t('agents.contracts.empty')}
          row={(c) => (
            <tr key={c.id}>
              <td data-label={t('agents.kind')}>{t(`agents.kinds.${c.kind}`)}</td>
              <td data-label={t('agents.contracts.terms')}>{terms(c)}</td>
              <td data-label={t('agents.contracts.from')}>{c.upline ?? t('agents.contracts.merchant')}</td>
              <td data-label={t('agents.runs.status')}>
                {t(`agents.contracts.statuses.${c.status}`)}
                <div className="muted">
                  {c.startedAt ? date.format(new Date(c.startedAt)) : date.format(new Date(c.createdAt))}
                  {c.endedAt ? ` – ${date.format(new Date(c.endedAt))}` : ''}
                  {c.endReason ? ` · ${t(`agents.contracts.reasons.${c.endReason as 'terminated'}`)}` : ''}
                </div>
              </td>
              <td data-label={t('agents.runs.actions')}>
                {canEdit && c.status === 'active' && c.upline === null ? (
                  <button
                    type="button"
                    className="button"
                    onClick={() =>
                      action.mutate({
                        method: 'DELETE',
                        path: `/admin-api/members/${id}/contracts/${c.kind}`,
                      })
                    }
                  >
                    {t('agents.contracts.end')}
                  </button>
                ) : null}
              </td>
            </tr>
          )}
        />
      ) : null}
      {action.isError ? <Notice tone="error">{action.error.message}</Notice> : null}
      {action.isSuccess ? <Notice tone="success">{t('agents.contracts.saved')}</Notice> : null}
      {canEdit ? (
        <form className="filters" onSubmit={submit} aria-label={t('agents.contracts.set')}>
          <Field label={t('agents.kind')}>
            <select
              className="input"
              value={form.kind}
              onChange={(e) => setForm({ ...form, kind: e.target.value as ContractKind })}
            >
              {contractKinds.map((k) => (
                <option key={k} value={k}>
                  {t(`agents.kinds.${k}`)}
                </option>
              ))}
            </select>
          </Field>
          {form.kind === 'realtimeSalary' ? (
            <>
              <Field label={t('agents.settings.maxProfitRate')}>
                <input
                  className="input"
                  inputMode="decimal"
                  value={form.profit}
                  onChange={(e) => setForm({ ...form, profit: e.target.value })}
                />
              </Field>
              <Field label={t('agents.settings.maxLossRate')}>
                <input
                  className="input"
                  inputMode="decimal"
                  value={form.loss}
                  onChange={(e) => setForm({ ...form, loss: e.target.value })}
                />
              </Field>
            </>
          ) : (
            <>
              <Field label={t('agents.contracts.rate')}>
                <input
                  className="input"
                  inputMode="decimal"
                  required
                  value={form.rate}
                  onChange={(e) => setForm({ ...form, rate: e.target.value })}
                />
              </Field>
              <Field label={t('agents.contracts.minActive')}>
                <input
                  className="input"
                  type="number"
                  min={0}
                  value={form.members}
                  onChange={(e) => setForm({ ...form, members: e.target.value })}
                />
              </Field>
            </>
          )}
          {form.kind === 'dividend' ? (
            <Field label={t('agents.period')}>
              <select
                className="input"
                value={form.period}
                onChange={(e) => setForm({ ...form, period: e.target.value })}
              >
                {(['D', 'W', 'H', 'M'] as const).map((p) => (
                  <option key={p} value={p}>
                    {t(`agents.periods.${p}`)}
                  </option>
                ))}
              </select>
            </Field>
          ) : null}
          <div className="filters-actions">
            <button type="submit" className="button button-primary" disabled={action.isPending}>
              {t('agents.contracts.set')}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
