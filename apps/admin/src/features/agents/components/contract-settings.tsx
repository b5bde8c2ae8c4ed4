import { periodTypes } from '@tala/contracts/agent-contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import {
  type ContractSettings,
  percent,
  settingsPath,
  toBasis,
  useAgentsAction,
  useContractSettings,
} from '../api/agents.ts';

const periodKinds = ['dividend', 'dailySalary', 'hourlySalary'] as const;

/** The merchant's contract settings: kinds on, top rates and tiers, dividend periods, who pays, daily cadence. */
export function ContractSettingsForm({ merchantCode, mayEdit }: { merchantCode: string; mayEdit: boolean }) {
  const query = useContractSettings(merchantCode);
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <SettingsEditor key={merchantCode} merchantCode={merchantCode} initial={query.data} mayEdit={mayEdit} />
  );
}

function SettingsEditor({
  merchantCode,
  initial,
  mayEdit,
}: {
  merchantCode: string;
  initial: ContractSettings;
  mayEdit: boolean;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [rates, setRates] = useState(() => ({
    dividend: String(initial.dividend.maxRate / 100),
    dailySalary: String(initial.dailySalary.maxRate / 100),
    hourlySalary: String(initial.hourlySalary.maxRate / 100),
    profit: String(initial.realtimeSalary.maxProfitRate / 100),
    loss: String(initial.realtimeSalary.maxLossRate / 100),
  }));
  const save = useAgentsAction<ContractSettings>();
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({
      method: 'PUT',
      path: settingsPath(merchantCode),
      body: {
        ...draft,
        dividend: { ...draft.dividend, maxRate: toBasis(rates.dividend) },
        dailySalary: { ...draft.dailySalary, maxRate: toBasis(rates.dailySalary) },
        hourlySalary: { ...draft.hourlySalary, maxRate: toBasis(rates.hourlySalary) },
        realtimeSalary: {
          ...draft.realtimeSalary,
          maxProfitRate: toBasis(rates.profit),
          maxLossRate: toBasis(rates.loss),
        },
      },
    });
  }
  return (
    <form className="stack" onSubmit={submit} aria-label={t('agents.settings.title')}>
      {save.isError ? <Notice tone="error">{save.error.message}</Notice> : null}
      {save.isSuccess ? <Notice tone="success">{t('agents.settings.saved')}</Notice> : null}
      <fieldset className="card section" disabled={!mayEdit}>
        {periodKinds.map((kind) => (
          <div key={kind} className="filters">
            <label className="checkbox">
              <input
                type="checkbox"
                checked={draft[kind].enabled}
                onChange={(e) =>
                  setDraft({ ...draft, [kind]: { ...draft[kind], enabled: e.target.checked } })
                }
              />{' '}
              {t(`agents.kinds.${kind}`)}
            </label>
            <Field label={t('agents.settings.maxRate')} help={percent(toBasis(rates[kind] || '0'))}>
              <input
                className="input"
                inputMode="decimal"
                value={rates[kind]}
                onChange={(e) => setRates({ ...rates, [kind]: e.target.value })}
              />
            </Field>
            <Field label={t('agents.settings.maxTiers')}>
              <input
                className="input"
                type="number"
                min={0}
                max={10}
                value={draft[kind].maxTiers}
                onChange={(e) =>
                  setDraft({ ...draft, [kind]: { ...draft[kind], maxTiers: Number(e.target.value) } })
                }
              />
            </Field>
          </div>
        ))}
        <fieldset className="filters">
          <legend>{t('agents.settings.periods')}</legend>
          {periodTypes.map((p) => (
            <label key={p} className="checkbox">
              <input
                type="checkbox"
                checked={draft.dividend.periods.includes(p)}
                onChange={(e) =>
                  setDraft({
                    ...draft,
                    dividend: {
                      ...draft.dividend,
                      periods: e.target.checked
                        ? [...draft.dividend.periods, p]
                        : draft.dividend.periods.filter((x) => x !== p),
                    },
                  })
                }
              />{' '}
              {t(`agents.periods.${p}`)}
            </label>
          ))}
        </fieldset>
        <div className="filters">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={draft.realtimeSalary.enabled}
              onChange={(e) =>
                setDraft({ ...draft, realtimeSalary: { ...draft.realtimeSalary, enabled: e.target.checked } })
              }
            />{' '}
            {t('agents.kinds.realtimeSalary')}
          </label>
          <Field label={t('agents.settings.maxProfitRate')}>
            <input
              className="input"
              inputMode="decimal"
              value={rates.profit}
              onChange={(e) => setRates({ ...rates, profit: e.target.value })}
            />
          </Field>
          <Field label={t('agents.settings.maxLossRate')}>
            <input
              className="input"
              inputMode="decimal"
              value={rates.loss}
              onChange={(e) => setRates({ ...rates, loss: e.target.value })}
            />
          </Field>
        </div>
        <div className="filters">
          <Field label={t('agents.settings.payer')}>
            <select
              className="input"
              value={draft.payer}
              onChange={(e) => setDraft({ ...draft, payer: e.target.value as ContractSettings['payer'] })}
            >
              <option value="merchant">{t('agents.settings.payers.merchant')}</option>
              <option value="upline">{t('agents.settings.payers.upline')}</option>
            </select>
          </Field>
          <Field label={t('agents.settings.everyDays')}>
            <input
              className="input"
              type="number"
              min={1}
              max={7}
              value={draft.dailySalaryEveryDays}
              onChange={(e) => setDraft({ ...draft, dailySalaryEveryDays: Number(e.target.value) })}
            />
          </Field>
          <Field label={t('agents.settings.unpaidBillDays')} help={t('agents.settings.unpaidBillDaysHint')}>
            <input
              className="input"
              type="number"
              min={1}
              max={30}
              value={draft.unpaidBillDays}
              onChange={(e) => setDraft({ ...draft, unpaidBillDays: Number(e.target.value) })}
            />
          </Field>
        </div>
        {mayEdit ? (
          <div>
            <button type="submit" className="button button-primary" disabled={save.isPending}>
              {t('agents.settings.save')}
            </button>
          </div>
        ) : null}
      </fieldset>
    </form>
  );
}
