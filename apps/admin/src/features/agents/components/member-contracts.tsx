import {
  countInput,
  limitsOf,
  percentInput,
  type TermsProblem,
  termsProblems,
} from '@tala/contracts/agent-contract-rules';
import { contractKinds, type PeriodType, periodTypes } from '@tala/contracts/agent-contracts';
import { formatAmount, moneyDisplay, parseAmountInput } from '@tala/contracts/money-format';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Notice } from '../../../components/notice.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { settingsQueryOptions } from '../../settings/api/get-settings.ts';
import {
  type ContractKind,
  type ContractTerms,
  type ContractView,
  percent,
  useAgentsAction,
  useContractSettings,
  useMemberContracts,
} from '../api/agents.ts';

type TierRow = { key: number; members: string; volume: string; rate: string };
type Draft = {
  kind: ContractKind;
  rate: string;
  members: string;
  period: PeriodType;
  carry: boolean;
  profit: string;
  loss: string;
  min: string;
  tiers: TierRow[];
};

const blankDraft: Draft = {
  kind: 'dailySalary',
  rate: '',
  members: '0',
  period: 'M',
  carry: true,
  profit: '',
  loss: '',
  min: '0',
  tiers: [],
};

let tierKeys = 0;

/** The terms the draft stands for, and the fields whose text is not a number of their kind (by error key). */
function termsOf(draft: Draft, exponent: number) {
  const errors: Record<string, 'percent' | 'count' | 'amount'> = {};
  const read = (
    field: string,
    text: string,
    parse: (text: string) => number | null,
    error: 'percent' | 'count' | 'amount',
    blank?: number,
  ) => {
    if (text.trim() === '' && blank !== undefined) return blank;
    const value = parse(text);
    if (value === null) errors[field] = error;
    return value ?? 0;
  };
  const amount = (text: string) => {
    const minor = parseAmountInput(text, exponent);
    return typeof minor === 'number' && minor >= 0 ? minor : null;
  };
  const terms: ContractTerms = {
    rate: 0,
    minActiveMembers: read('terms.minActiveMembers', draft.members, countInput, 'count', 0),
    tiers: [],
    periodType: 'M',
    carryNegative: true,
    profitRate: 0,
    lossRate: 0,
    singleBetMin: 0,
  };
  if (draft.kind === 'realtimeSalary') {
    terms.profitRate = read('terms.profitRate', draft.profit, percentInput, 'percent', 0);
    terms.lossRate = read('terms.lossRate', draft.loss, percentInput, 'percent', 0);
    terms.singleBetMin = read('terms.singleBetMin', draft.min, amount, 'amount', 0);
  } else {
    terms.rate = read('terms.rate', draft.rate, percentInput, 'percent', 0);
    terms.tiers = draft.tiers.map((tier, i) => ({
      minActiveMembers: read(`terms.tiers.${i}.minActiveMembers`, tier.members, countInput, 'count', 0),
      minVolume: read(`terms.tiers.${i}.minVolume`, tier.volume, amount, 'amount', 0),
      rate: read(`terms.tiers.${i}.rate`, tier.rate, percentInput, 'percent'),
    }));
    if (draft.kind === 'dividend') {
      terms.periodType = draft.period;
      terms.carryNegative = draft.carry;
    }
  }
  return { terms, errors };
}

/**
 * A member's contracts and their history (back office); owners set or end the contract of an agent at the top of
 * the tree (the merchant is its upline), the others are agreed between uplines and downlines on the site.
 */
export function MemberContracts({
  id,
  merchantCode,
  canEdit,
}: {
  id: number;
  /** The member's merchant: its contract settings and currency (null until the member has loaded). */
  merchantCode: string | null;
  canEdit: boolean;
}) {
  const { t, i18n } = useTranslation();
  const contracts = useMemberContracts(id);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const exponent = useExponent(canEdit ? merchantCode : null);
  const amount = (minor: number) =>
    formatAmount(minor, { exponent, displayDecimals: exponent }, i18n.language);
  const terms = (c: ContractView) => {
    if (c.kind === 'realtimeSalary')
      return [
        t('agents.contracts.realtimeTerms', {
          profit: percent(c.terms.profitRate),
          loss: percent(c.terms.lossRate),
        }),
        c.terms.singleBetMin > 0
          ? t('agents.contracts.singleBetFrom', { amount: amount(c.terms.singleBetMin) })
          : '',
        c.terms.minActiveMembers > 0 ? t('agents.minActive', { count: c.terms.minActiveMembers }) : '',
      ]
        .filter(Boolean)
        .join(' · ');
    return [
      percent(c.terms.rate),
      t('agents.minActive', { count: c.terms.minActiveMembers }),
      c.kind === 'dividend' ? t(`agents.periods.${c.terms.periodType}`) : '',
      c.kind === 'dividend' && !c.terms.carryNegative ? t('agents.contracts.noCarry') : '',
    ]
      .filter(Boolean)
      .join(' · ');
  };

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
            <ContractRow
              key={c.id}
              id={id}
              contract={c}
              canEdit={canEdit}
              terms={terms(c)}
              amount={amount}
              date={date}
            />
          )}
        />
      ) : null}
      {canEdit && merchantCode ? (
        <SetContractForm id={id} merchantCode={merchantCode} exponent={exponent} />
      ) : null}
    </section>
  );
}

/** The merchant's currency decimals (amounts are typed in them); 2 until its settings load. */
function useExponent(merchantCode: string | null) {
  const settings = useQuery({ ...settingsQueryOptions(merchantCode ?? ''), enabled: merchantCode !== null });
  return merchantCode && settings.data ? moneyDisplay(settings.data.settings.whitelabel).currencyExponent : 2;
}

function ContractRow({
  id,
  contract: c,
  canEdit,
  terms,
  amount,
  date,
}: {
  id: number;
  contract: ContractView;
  canEdit: boolean;
  terms: string;
  amount: (minor: number) => string;
  date: Intl.DateTimeFormat;
}) {
  const { t } = useTranslation();
  const end = useAgentsAction<unknown>();
  return (
    <tr>
      <td data-label={t('agents.kind')}>{t(`agents.kinds.${c.kind}`)}</td>
      <td data-label={t('agents.contracts.terms')}>
        {terms}
        {c.terms.tiers.map((tier, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: tiers are positional and never reordered
          <div key={i} className="muted">
            {t('agents.contracts.tierLine', {
              rate: percent(tier.rate),
              members: tier.minActiveMembers,
              volume: amount(tier.minVolume),
            })}
          </div>
        ))}
      </td>
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
            disabled={end.isPending}
            onClick={() =>
              end.mutate({ method: 'DELETE', path: `/admin-api/members/${id}/contracts/${c.kind}` })
            }
          >
            {t('agents.contracts.end')}
          </button>
        ) : null}
        {end.isError ? <p className="field-error">{end.error.message}</p> : null}
      </td>
    </tr>
  );
}

/** Sets a top agent's contract: checked against the merchant's settings field by field before it is sent. */
function SetContractForm({
  id,
  merchantCode,
  exponent,
}: {
  id: number;
  merchantCode: string;
  exponent: number;
}) {
  const { t } = useTranslation();
  const settings = useContractSettings(merchantCode);
  const action = useAgentsAction<unknown>();
  const [draft, setDraft] = useState(blankDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const limits = settings.data ? limitsOf(draft.kind, settings.data) : null;

  const problemText = (problem: TermsProblem) => {
    const max = percent(problem.max ?? 0);
    switch (problem.code) {
      case 'contract_kind_off':
        return t('agents.contracts.errors.kindOff');
      case 'contract_rate_above_limit':
        return t('agents.contracts.errors.aboveLimit', { max });
      case 'contract_too_many_tiers':
        return t('agents.contracts.errors.tooManyTiers', { max: problem.max ?? 0 });
      case 'contract_period_not_allowed':
        return t('agents.contracts.errors.periodOff');
      case 'validation_failed':
        return problem.field === 'terms.profitRate'
          ? t('agents.contracts.errors.zeroRealtime')
          : t('agents.contracts.errors.zero');
      default:
        return null;
    }
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = termsOf(draft, exponent);
    const found: Record<string, string> = {};
    for (const [field, key] of Object.entries(parsed.errors))
      found[field] = t(`agents.contracts.errors.${key}`);
    if (limits && Object.keys(found).length === 0)
      for (const problem of termsProblems(draft.kind, parsed.terms, limits, null)) {
        const text = problemText(problem);
        if (text && !found[problem.field]) found[problem.field] = text;
      }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    action.mutate(
      {
        method: 'PUT',
        path: `/admin-api/members/${id}/contracts/${draft.kind}`,
        body: { terms: parsed.terms },
      },
      {
        onSuccess: () => setDraft({ ...blankDraft, kind: draft.kind }),
        onError: (error) => {
          if (error instanceof ApiError && error.field?.startsWith('terms.'))
            setErrors({ [error.field]: error.message });
        },
      },
    );
  }

  const edit = (patch: Partial<Draft>, ...fields: string[]) => {
    setDraft({ ...draft, ...patch });
    if (fields.some((f) => errors[f]))
      setErrors({ ...errors, ...Object.fromEntries(fields.map((f) => [f, ''])) });
  };
  const editTier = (i: number, patch: Partial<TierRow>, field: string) =>
    edit({ tiers: draft.tiers.map((row, j) => (j === i ? { ...row, ...patch } : row)) }, field);
  const error = (field: string) => errors[field] || undefined;
  const fieldError =
    action.error instanceof ApiError && action.error.field?.startsWith('terms.') ? action.error.field : null;
  const maxTiers = limits?.maxTiers ?? 0;

  return (
    <form className="stack" onSubmit={submit} aria-label={t('agents.contracts.set')} noValidate>
      {action.isError && !fieldError ? <Notice tone="error">{action.error.message}</Notice> : null}
      {action.isSuccess ? <Notice tone="success">{t('agents.contracts.saved')}</Notice> : null}
      {settings.isError ? <LoadError error={settings.error} onRetry={() => void settings.refetch()} /> : null}
      <div className="filters">
        <Field label={t('agents.kind')} error={error('kind')}>
          <select
            className="input"
            value={draft.kind}
            onChange={(e) => {
              setDraft({ ...blankDraft, kind: e.target.value as ContractKind });
              setErrors({});
            }}
          >
            {contractKinds.map((k) => (
              <option key={k} value={k}>
                {t(`agents.kinds.${k}`)}
              </option>
            ))}
          </select>
        </Field>
        {draft.kind === 'realtimeSalary' ? (
          <>
            <Field label={t('agents.contracts.profitRate')} error={error('terms.profitRate')}>
              <input
                className="input"
                inputMode="decimal"
                value={draft.profit}
                onChange={(e) => edit({ profit: e.target.value }, 'terms.profitRate')}
              />
            </Field>
            <Field label={t('agents.contracts.lossRate')} error={error('terms.lossRate')}>
              <input
                className="input"
                inputMode="decimal"
                value={draft.loss}
                onChange={(e) => edit({ loss: e.target.value }, 'terms.lossRate', 'terms.profitRate')}
              />
            </Field>
            <Field label={t('agents.contracts.singleBetMin')} error={error('terms.singleBetMin')}>
              <input
                className="input"
                inputMode="decimal"
                value={draft.min}
                onChange={(e) => edit({ min: e.target.value }, 'terms.singleBetMin')}
              />
            </Field>
          </>
        ) : (
          <Field label={t('agents.contracts.rate')} error={error('terms.rate')}>
            <input
              className="input"
              inputMode="decimal"
              aria-required
              value={draft.rate}
              onChange={(e) => edit({ rate: e.target.value }, 'terms.rate')}
            />
          </Field>
        )}
        <Field
          label={t('agents.contracts.minActive')}
          help={draft.kind === 'realtimeSalary' ? t('agents.contracts.minActiveRealtime') : undefined}
          error={error('terms.minActiveMembers')}
        >
          <input
            className="input"
            inputMode="numeric"
            value={draft.members}
            onChange={(e) => edit({ members: e.target.value }, 'terms.minActiveMembers')}
          />
        </Field>
        {draft.kind === 'dividend' ? (
          <>
            <Field label={t('agents.period')} error={error('terms.periodType')}>
              <select
                className="input"
                value={draft.period}
                onChange={(e) => edit({ period: e.target.value as PeriodType }, 'terms.periodType')}
              >
                {(limits?.periods.length ? limits.periods : periodTypes).map((p) => (
                  <option key={p} value={p}>
                    {t(`agents.periods.${p}`)}
                  </option>
                ))}
              </select>
            </Field>
            <label className="check filters-wide">
              <input
                type="checkbox"
                checked={draft.carry}
                onChange={(e) => edit({ carry: e.target.checked })}
              />
              <span>{t('agents.contracts.carryNegative')}</span>
            </label>
          </>
        ) : null}
      </div>
      {draft.kind !== 'realtimeSalary' && maxTiers > 0 ? (
        <fieldset className="contract-tiers">
          <legend>{t('agents.contracts.tiers')}</legend>
          <p className="muted">{t('agents.contracts.tiersHelp', { max: maxTiers })}</p>
          {draft.tiers.map((tier, i) => (
            <fieldset key={tier.key} className="contract-tier">
              <legend className="contract-tier-legend">{t('agents.contracts.tierN', { n: i + 1 })}</legend>
              <Field
                label={t('agents.contracts.tierMembers')}
                error={error(`terms.tiers.${i}.minActiveMembers`)}
              >
                <input
                  className="input"
                  inputMode="numeric"
                  value={tier.members}
                  onChange={(e) =>
                    editTier(i, { members: e.target.value }, `terms.tiers.${i}.minActiveMembers`)
                  }
                />
              </Field>
              <Field label={t('agents.contracts.tierVolume')} error={error(`terms.tiers.${i}.minVolume`)}>
                <input
                  className="input"
                  inputMode="decimal"
                  value={tier.volume}
                  onChange={(e) => editTier(i, { volume: e.target.value }, `terms.tiers.${i}.minVolume`)}
                />
              </Field>
              <Field label={t('agents.contracts.tierRate')} error={error(`terms.tiers.${i}.rate`)}>
                <input
                  className="input"
                  inputMode="decimal"
                  aria-required
                  value={tier.rate}
                  onChange={(e) => editTier(i, { rate: e.target.value }, `terms.tiers.${i}.rate`)}
                />
              </Field>
              <button
                type="button"
                className="button button-ghost contract-tier-remove"
                aria-label={t('agents.contracts.removeTierN', { n: i + 1 })}
                onClick={() => {
                  setDraft({ ...draft, tiers: draft.tiers.filter((_, j) => j !== i) });
                  setErrors({});
                }}
              >
                {t('agents.contracts.removeTier')}
              </button>
            </fieldset>
          ))}
          {errors['terms.tiers'] ? <p className="field-error">{errors['terms.tiers']}</p> : null}
          {draft.tiers.length < maxTiers ? (
            <button
              type="button"
              className="button"
              onClick={() =>
                setDraft({
                  ...draft,
                  tiers: [...draft.tiers, { key: ++tierKeys, members: '', volume: '', rate: '' }],
                })
              }
            >
              {t('agents.contracts.addTier')}
            </button>
          ) : null}
        </fieldset>
      ) : null}
      {Object.values(errors).some(Boolean) ? (
        <p className="field-error" role="alert">
          {t('agents.contracts.errors.fix')}
        </p>
      ) : null}
      <div className="filters-actions">
        <button type="submit" className="button button-primary" disabled={action.isPending}>
          {t('agents.contracts.set')}
        </button>
      </div>
    </form>
  );
}
