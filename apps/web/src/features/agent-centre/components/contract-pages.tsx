import {
  countInput,
  percentInput,
  type TermsLimits,
  type TermsProblem,
  termsProblems,
} from '@tala/contracts/agent-contract-rules';
import type { ContractKind, ContractTerms, PeriodType } from '@tala/contracts/agent-contracts';
import { contractKinds } from '@tala/contracts/agent-contracts';
import { parseAmountInput } from '@tala/contracts/money-format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, FormField } from '../../../components/form-field.tsx';
import { ReportPager } from '../../../components/report-pager.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { fundsQuery } from '../../../lib/funds.ts';
import { siteCurrency } from '../../../lib/money.ts';
import {
  agentKey,
  type ContractView,
  contractPageQuery,
  contractRequest,
  incomeQuery,
  teamQuery,
} from '../api/agent-api.ts';
import { ReportState, useMoney } from './report-parts.tsx';

/** Basis points for people: 150 → "1.5%". */
export const percent = (bp: number) =>
  `${(bp / 100).toLocaleString(undefined, { maximumFractionDigits: 2 })}%`;

const blankTerms: ContractTerms = {
  rate: 0,
  minActiveMembers: 0,
  tiers: [],
  periodType: 'M',
  carryNegative: true,
  profitRate: 0,
  lossRate: 0,
  singleBetMin: 0,
};

/** The terms of a contract in a line or two. */
function Terms({ kind, terms }: { kind: ContractKind; terms: ContractTerms }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (kind === 'realtimeSalary')
    return (
      <span>
        {t('agentCentre.contracts.realtimeTerms', {
          profit: percent(terms.profitRate),
          loss: percent(terms.lossRate),
          min: money(terms.singleBetMin),
        })}
        {terms.minActiveMembers > 0
          ? ` · ${t('agentCentre.contracts.realtimeMembers', { members: terms.minActiveMembers })}`
          : ''}
      </span>
    );
  return (
    <span>
      {t('agentCentre.contracts.rateTerms', { rate: percent(terms.rate), members: terms.minActiveMembers })}
      {kind === 'dividend'
        ? ` · ${t(`agentCentre.contracts.periods.${terms.periodType}`)} · ${t(
            terms.carryNegative ? 'agentCentre.contracts.carries' : 'agentCentre.contracts.noCarry',
          )}`
        : ''}
      {terms.tiers.map((tier, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: tiers are positional and never reordered
        <span key={i} className="report__sub">
          {t('agentCentre.contracts.tier', {
            rate: percent(tier.rate),
            members: tier.minActiveMembers,
            volume: money(tier.minVolume),
          })}
        </span>
      ))}
    </span>
  );
}

type TierRow = { key: number; members: string; volume: string; rate: string };
type OfferFields = {
  username: string;
  rate: string;
  members: string;
  period: PeriodType;
  carry: boolean;
  profit: string;
  loss: string;
  min: string;
  tiers: TierRow[];
};

/**
 * The terms the form's text stands for, and the fields that are not numbers at all. Amounts are in the merchant's
 * currency (its decimals); empty optional fields are 0.
 */
function termsOf(kind: ContractKind, form: OfferFields, exponent: number) {
  const errors: Record<string, string> = {};
  const read = <T,>(
    field: string,
    text: string,
    parse: (text: string) => T | null,
    error: string,
    blank?: T,
  ) => {
    if (text.trim() === '' && blank !== undefined) return blank;
    const value = parse(text);
    if (value === null) errors[field] = error;
    return value ?? (blank as T);
  };
  const amount = (text: string) => {
    const minor = parseAmountInput(text, exponent);
    return typeof minor === 'number' && minor >= 0 ? minor : null;
  };
  const minActiveMembers = read('terms.minActiveMembers', form.members, countInput, 'count', 0);
  if (kind === 'realtimeSalary')
    return {
      errors,
      terms: {
        ...blankTerms,
        minActiveMembers,
        profitRate: read('terms.profitRate', form.profit, percentInput, 'percent', 0),
        lossRate: read('terms.lossRate', form.loss, percentInput, 'percent', 0),
        singleBetMin: read('terms.singleBetMin', form.min, amount, 'amount', 0),
      },
    };
  return {
    errors,
    terms: {
      ...blankTerms,
      rate: read('terms.rate', form.rate, percentInput, 'percent', 0),
      minActiveMembers,
      periodType: form.period,
      carryNegative: form.carry,
      tiers: form.tiers.map((tier, i) => ({
        minActiveMembers: read(`terms.tiers.${i}.minActiveMembers`, tier.members, countInput, 'count', 0),
        minVolume: read(`terms.tiers.${i}.minVolume`, tier.volume, amount, 'amount', 0),
        rate: read(`terms.tiers.${i}.rate`, tier.rate, percentInput, 'percent'),
      })),
    },
  };
}

/** A refusal in words, under its field. */
function useProblemText() {
  const { t } = useTranslation();
  return (problem: TermsProblem) => {
    const max = percent(problem.max ?? 0);
    switch (problem.code) {
      case 'contract_rate_above_upline':
        return problem.field.startsWith('terms.tiers.')
          ? t('agentCentre.contracts.errors.aboveUplineTier', { max })
          : t('agentCentre.contracts.errors.aboveUpline', { max });
      case 'contract_rate_above_limit':
        return t('agentCentre.contracts.errors.aboveLimit', { max });
      case 'contract_too_many_tiers':
        return t('agentCentre.contracts.errors.tooManyTiers', { max: problem.max ?? 0 });
      case 'contract_period_not_allowed':
        return t('agentCentre.contracts.errors.period');
      case 'validation_failed':
        return problem.field === 'terms.profitRate'
          ? t('agentCentre.contracts.errors.zeroRealtime')
          : t('agentCentre.contracts.errors.zero');
      default:
        return null;
    }
  };
}

let tierKeys = 0;

function OfferForm({
  kind,
  limits,
  own,
  onDone,
}: {
  kind: ContractKind;
  limits: TermsLimits;
  /** The offerer's own terms: what an offer may not exceed. */
  own: ContractTerms;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const funds = useQuery(fundsQuery());
  const exponent = siteCurrency(funds.data).exponent;
  const team = useQuery(teamQuery({ scope: 'direct', q: '', pageNo: 1 }));
  const agents = (team.data?.list ?? []).filter((m) => m.type !== 0);
  const problemText = useProblemText();
  const id = useId();
  const blank: OfferFields = {
    username: '',
    rate: '',
    members: '0',
    period: own.periodType,
    carry: own.carryNegative,
    profit: '',
    loss: '',
    min: '0',
    tiers: [],
  };
  const [form, setForm] = useState(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const offer = useMutation({
    mutationFn: (terms: ContractTerms) =>
      contractRequest(kind, { action: 'offer', username: form.username, terms }),
    onSuccess: () => {
      setForm({ ...blank, username: form.username });
      onDone();
    },
    onError: (error) => {
      // The server's refusal of one field goes under it (the rules are the same; the upline's terms may have changed).
      if (error instanceof ApiError && error.field?.startsWith('terms.'))
        setErrors({ [error.field]: error.message });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = termsOf(kind, form, exponent);
    const found: Record<string, string> = {};
    if (!form.username) found.username = t('agentCentre.contracts.errors.pick');
    for (const [field, key] of Object.entries(parsed.errors))
      found[field] = t(`agentCentre.contracts.errors.${key as 'count'}`);
    if (Object.keys(parsed.errors).length === 0)
      for (const problem of termsProblems(kind, parsed.terms, limits, own)) {
        const text = problemText(problem);
        if (text && !found[problem.field]) found[problem.field] = text;
      }
    setErrors(found);
    if (Object.keys(found).length === 0) offer.mutate(parsed.terms);
  };
  const set = (field: Exclude<keyof OfferFields, 'tiers' | 'carry'>, error?: string) => (value: string) => {
    setForm({ ...form, [field]: value });
    if (error && errors[error]) setErrors({ ...errors, [error]: '' });
  };
  const setTier = (i: number, field: 'members' | 'volume' | 'rate', error: string) => (value: string) => {
    setForm({ ...form, tiers: form.tiers.map((row, j) => (j === i ? { ...row, [field]: value } : row)) });
    if (errors[error]) setErrors({ ...errors, [error]: '' });
  };
  const removeTier = (i: number) => {
    setForm({ ...form, tiers: form.tiers.filter((_, j) => j !== i) });
    setErrors({});
  };
  const addTier = () =>
    setForm({ ...form, tiers: [...form.tiers, { key: ++tierKeys, members: '', volume: '', rate: '' }] });
  const formError =
    offer.error && !(offer.error instanceof ApiError && offer.error.field?.startsWith('terms.'));
  return (
    <form className="security__card" onSubmit={submit} aria-labelledby={`offer-${kind}`} noValidate>
      <h3 id={`offer-${kind}`}>{t('agentCentre.contracts.offerTitle')}</h3>
      {agents.length === 0 ? (
        <p className="report__sub">{t('agentCentre.contracts.noSubAgents')}</p>
      ) : (
        <>
          <div className="report__field">
            <label htmlFor={`${id}-to`}>{t('agentCentre.contracts.to')}</label>
            <select
              id={`${id}-to`}
              className="form-field__input"
              value={form.username}
              required
              aria-invalid={errors.username ? true : undefined}
              aria-describedby={errors.username ? `${id}-to-error` : undefined}
              onChange={(event) => set('username', 'username')(event.target.value)}
            >
              <option value="">{t('agentCentre.contracts.pick')}</option>
              {agents.map((a) => (
                <option key={a.username} value={a.username}>
                  {a.username}
                </option>
              ))}
            </select>
            {errors.username ? (
              <p id={`${id}-to-error`} className="form-field__error">
                {errors.username}
              </p>
            ) : null}
          </div>
          {kind === 'realtimeSalary' ? (
            <div className="agent-offer__grid">
              <FormField
                label={t('agentCentre.contracts.profitRate')}
                value={form.profit}
                onChange={set('profit', 'terms.profitRate')}
                error={errors['terms.profitRate'] || undefined}
                inputMode="decimal"
              />
              <FormField
                label={t('agentCentre.contracts.lossRate')}
                value={form.loss}
                onChange={set('loss', 'terms.lossRate')}
                error={errors['terms.lossRate'] || undefined}
                inputMode="decimal"
              />
              <FormField
                label={t('agentCentre.contracts.singleBetMin')}
                value={form.min}
                onChange={set('min', 'terms.singleBetMin')}
                error={errors['terms.singleBetMin'] || undefined}
                inputMode="decimal"
              />
              <FormField
                label={t('agentCentre.contracts.minActive')}
                hint={t('agentCentre.contracts.minActiveRealtime')}
                value={form.members}
                onChange={set('members', 'terms.minActiveMembers')}
                error={errors['terms.minActiveMembers'] || undefined}
                inputMode="numeric"
              />
            </div>
          ) : (
            <>
              <div className="agent-offer__grid">
                <FormField
                  label={t('agentCentre.contracts.ratePercent')}
                  value={form.rate}
                  onChange={set('rate', 'terms.rate')}
                  error={errors['terms.rate'] || undefined}
                  inputMode="decimal"
                  required
                />
                <FormField
                  label={t('agentCentre.contracts.minActive')}
                  value={form.members}
                  onChange={set('members', 'terms.minActiveMembers')}
                  error={errors['terms.minActiveMembers'] || undefined}
                  inputMode="numeric"
                />
                {kind === 'dividend' ? (
                  <div className="report__field">
                    <label htmlFor={`${id}-period`}>{t('agentCentre.contracts.period')}</label>
                    <select
                      id={`${id}-period`}
                      className="form-field__input"
                      value={form.period}
                      aria-invalid={errors['terms.periodType'] ? true : undefined}
                      aria-describedby={errors['terms.periodType'] ? `${id}-period-error` : undefined}
                      onChange={(event) => set('period', 'terms.periodType')(event.target.value)}
                    >
                      {limits.periods.map((p) => (
                        <option key={p} value={p}>
                          {t(`agentCentre.contracts.periods.${p}`)}
                        </option>
                      ))}
                    </select>
                    {errors['terms.periodType'] ? (
                      <p id={`${id}-period-error`} className="form-field__error">
                        {errors['terms.periodType']}
                      </p>
                    ) : null}
                  </div>
                ) : null}
              </div>
              {kind === 'dividend' ? (
                <Checkbox checked={form.carry} onChange={(carry) => setForm({ ...form, carry })}>
                  {t('agentCentre.contracts.carryNegative')}
                </Checkbox>
              ) : null}
              {limits.maxTiers > 0 ? (
                <fieldset className="agent-tiers">
                  <legend>{t('agentCentre.contracts.tiers')}</legend>
                  <p className="report__sub">
                    {t('agentCentre.contracts.tiersHelp', { max: limits.maxTiers })}
                  </p>
                  {form.tiers.map((tier, i) => (
                    <fieldset key={tier.key} className="agent-tier">
                      <legend className="agent-tier__legend">
                        {t('agentCentre.contracts.tierN', { n: i + 1 })}
                      </legend>
                      <FormField
                        label={t('agentCentre.contracts.tierMembers')}
                        value={tier.members}
                        onChange={setTier(i, 'members', `terms.tiers.${i}.minActiveMembers`)}
                        error={errors[`terms.tiers.${i}.minActiveMembers`] || undefined}
                        inputMode="numeric"
                      />
                      <FormField
                        label={t('agentCentre.contracts.tierVolume')}
                        value={tier.volume}
                        onChange={setTier(i, 'volume', `terms.tiers.${i}.minVolume`)}
                        error={errors[`terms.tiers.${i}.minVolume`] || undefined}
                        inputMode="decimal"
                      />
                      <FormField
                        label={t('agentCentre.contracts.tierRate')}
                        value={tier.rate}
                        onChange={setTier(i, 'rate', `terms.tiers.${i}.rate`)}
                        error={errors[`terms.tiers.${i}.rate`] || undefined}
                        inputMode="decimal"
                        required
                      />
                      <button
                        type="button"
                        className="btn btn-ghost agent-action agent-tier__remove"
                        aria-label={t('agentCentre.contracts.removeTierN', { n: i + 1 })}
                        onClick={() => removeTier(i)}
                      >
                        {t('agentCentre.contracts.removeTier')}
                      </button>
                    </fieldset>
                  ))}
                  {errors['terms.tiers'] ? (
                    <p className="form-field__error" role="alert">
                      {errors['terms.tiers']}
                    </p>
                  ) : null}
                  {form.tiers.length < limits.maxTiers ? (
                    <button type="button" className="btn btn-secondary agent-tiers__add" onClick={addTier}>
                      {t('agentCentre.contracts.addTier')}
                    </button>
                  ) : null}
                </fieldset>
              ) : null}
            </>
          )}
          {formError ? (
            <p className="form-message form-message--error" role="alert">
              {offer.error?.message}
            </p>
          ) : null}
          {Object.values(errors).some(Boolean) ? (
            <p className="form-message form-message--error" role="alert">
              {t('agentCentre.contracts.errors.fix')}
            </p>
          ) : null}
          {offer.isSuccess ? (
            <p className="form-message form-message--success" role="status">
              {t('agentCentre.contracts.offered')}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={offer.isPending}>
            {t('agentCentre.contracts.offer')}
          </button>
        </>
      )}
    </form>
  );
}

/** An open request with the actions its viewer may take; an acceptance that would end sub-contracts asks first. */
function Request({
  kind,
  request,
  me,
  onDone,
}: {
  kind: ContractKind;
  request: ContractView;
  me: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [confirm, setConfirm] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: (action: { action: 'accept' | 'reject' | 'withdraw'; confirmEndSubContracts?: boolean }) =>
      contractRequest(kind, {
        ...action,
        contractId: request.id,
        ...(action.action === 'accept'
          ? { confirmEndSubContracts: action.confirmEndSubContracts ?? false }
          : {}),
      } as never),
    onSuccess: onDone,
    onError: (error) => {
      if (error instanceof ApiError && error.errorCode === 'contract_ends_sub_contracts')
        setConfirm(error.message);
    },
  });
  const incoming = !me;
  return (
    <li className="agent-request">
      <p>
        <strong>
          {request.request === 'termination'
            ? t('agentCentre.contracts.terminationOf', { name: request.username })
            : t('agentCentre.contracts.offerTo', { name: request.username, upline: request.upline ?? '—' })}
        </strong>
        <br />
        <Terms kind={kind} terms={request.terms} />
      </p>
      {confirm ? (
        <div
          role="alertdialog"
          aria-label={t('agentCentre.contracts.confirmTitle')}
          className="agent-request__confirm"
        >
          <p>{confirm}</p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => act.mutate({ action: 'accept', confirmEndSubContracts: true })}
          >
            {t('agentCentre.contracts.confirmAccept')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setConfirm(null)}>
            {t('agentCentre.contracts.cancel')}
          </button>
        </div>
      ) : (
        <div className="agent-request__actions">
          {incoming ? (
            <>
              <button
                type="button"
                className="btn btn-primary agent-action"
                onClick={() => act.mutate({ action: 'accept' })}
              >
                {t('agentCentre.contracts.accept')}
              </button>
              <button
                type="button"
                className="btn btn-ghost agent-action"
                onClick={() => act.mutate({ action: 'reject' })}
              >
                {t('agentCentre.contracts.reject')}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="btn btn-ghost agent-action"
              onClick={() => act.mutate({ action: 'withdraw' })}
            >
              {t('agentCentre.contracts.withdraw')}
            </button>
          )}
        </div>
      )}
      {act.error && !confirm ? (
        <p className="form-message form-message--error" role="alert">
          {act.error.message}
        </p>
      ) : null}
    </li>
  );
}

/** agentDividendRecordCopy2, agentDailyWages2, agentHourSalary, agentRealtimeSalary: one kind's contracts. */
export function ContractPage({ kind, username }: { kind: ContractKind; username: string }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const client = useQueryClient();
  const contracts = useQuery(contractPageQuery(kind));
  const refresh = () => client.invalidateQueries({ queryKey: agentKey('contracts') });
  const terminate = useMutation({
    mutationFn: (contractId: number) => contractRequest(kind, { action: 'terminate', contractId }),
    onSuccess: refresh,
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ReportState query={contracts}>
      {(data) => (
        <div className="security">
          <section className="security__card" aria-labelledby={`mine-${kind}`}>
            <h3 id={`mine-${kind}`}>{t('agentCentre.contracts.mine')}</h3>
            {data.mine ? (
              <>
                <p data-testid="my-contract">
                  <Terms kind={kind} terms={data.mine.terms} />
                </p>
                <p className="report__sub">
                  {t('agentCentre.contracts.since', {
                    time: date.format(new Date(data.mine.startedAt ?? data.mine.createdAt)),
                    upline: data.mine.upline ?? t('agentCentre.contracts.merchant'),
                  })}
                </p>
                {data.mine.upline ? (
                  <button
                    type="button"
                    className="btn btn-ghost"
                    onClick={() => data.mine && terminate.mutate(data.mine.id)}
                  >
                    {t('agentCentre.contracts.askEnd')}
                  </button>
                ) : null}
              </>
            ) : (
              <p>{t('agentCentre.contracts.none')}</p>
            )}
            {terminate.error ? (
              <p className="form-message form-message--error" role="alert">
                {terminate.error.message}
              </p>
            ) : null}
          </section>

          {data.open.length > 0 ? (
            <section className="security__card" aria-labelledby={`open-${kind}`}>
              <h3 id={`open-${kind}`}>{t('agentCentre.contracts.requests')}</h3>
              <ul className="agent-requests">
                {data.open.map((request) => (
                  <Request
                    key={request.id}
                    kind={kind}
                    request={request}
                    me={request.requestedBy === username}
                    onDone={refresh}
                  />
                ))}
              </ul>
            </section>
          ) : null}

          {data.mine ? (
            <OfferForm kind={kind} limits={data.settings} own={data.mine.terms} onDone={refresh} />
          ) : null}

          <section className="security__card" aria-labelledby={`downline-${kind}`}>
            <h3 id={`downline-${kind}`}>{t('agentCentre.contracts.downline')}</h3>
            {data.downline.length === 0 ? (
              <p className="report__empty">{t('agentCentre.contracts.noDownline')}</p>
            ) : (
              <ul className="agent-requests">
                {data.downline.map((c) => (
                  <li key={c.id} className="agent-request">
                    <p>
                      <strong>{c.username}</strong>
                      <br />
                      <Terms kind={kind} terms={c.terms} />
                    </p>
                    <button
                      type="button"
                      className="btn btn-ghost agent-action"
                      onClick={() => terminate.mutate(c.id)}
                    >
                      {t('agentCentre.contracts.askEnd')}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>

          {data.bills.length > 0 ? (
            <section className="security__card" aria-labelledby={`bills-${kind}`}>
              <h3 id={`bills-${kind}`}>{t('agentCentre.contracts.bills')}</h3>
              <div className="report__scroll">
                <table className="report__table">
                  <thead>
                    <tr>
                      <th scope="col">{t('agentCentre.income.period')}</th>
                      <th scope="col">{t('records.status')}</th>
                      <th scope="col">{t('agentCentre.income.paid')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.bills.map((b) => (
                      <tr key={b.id}>
                        <td>{date.format(new Date(b.periodStart))}</td>
                        <td>{t(`agentCentre.income.statuses.${b.status as 'paid'}`)}</td>
                        <td>{money(b.amountPaid)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          ) : null}
        </div>
      )}
    </ReportState>
  );
}

/** agentRevenueReport: every salary and dividend paid to the agent, each with how it was computed. */
export function MyIncomePage() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const [filters, setFilters] = useState({ kind: '' as ContractKind | '', pageNo: 1 });
  const income = useQuery(incomeQuery(filters));
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="report">
      <div className="report__filters">
        <label className="report__field">
          <span>{t('agentCentre.income.kind')}</span>
          <select
            className="form-field__input"
            value={filters.kind}
            onChange={(event) => setFilters({ kind: event.target.value as ContractKind | '', pageNo: 1 })}
          >
            <option value="">{t('agentCentre.income.allKinds')}</option>
            {contractKinds.map((k) => (
              <option key={k} value={k}>
                {t(`agentCentre.income.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ReportState query={income}>
        {(data) =>
          data.list.length === 0 ? (
            <p role="status" className="report__empty">
              {t('agentCentre.income.empty')}
            </p>
          ) : (
            <>
              <ul className="agent-requests" data-testid="income">
                {data.list.map((bill) => (
                  <li key={bill.id} className="agent-request agent-bill">
                    <p>
                      <strong>{t(`agentCentre.income.kinds.${bill.kind}`)}</strong> ·{' '}
                      {t(`agentCentre.income.statuses.${bill.status}`)} · {money(bill.amountPaid)}
                      <span className="report__sub">
                        {date.format(new Date(bill.periodStart))} – {date.format(new Date(bill.periodEnd))}
                      </span>
                    </p>
                    <details>
                      <summary>{t('agentCentre.income.how')}</summary>
                      <dl className="report__totals">
                        <div>
                          <dt>{t('agentCentre.overview.validBet')}</dt>
                          <dd>{money(bill.statement.volume)}</dd>
                        </div>
                        <div>
                          <dt>{t('agentCentre.income.houseResult')}</dt>
                          <dd>{money(bill.statement.houseResult)}</dd>
                        </div>
                        <div>
                          <dt>{t('agentCentre.overview.activeMembers')}</dt>
                          <dd>{bill.statement.activeMembers}</dd>
                        </div>
                        <div>
                          <dt>{t('agentCentre.income.rate')}</dt>
                          <dd>
                            {bill.kind === 'realtimeSalary'
                              ? `${percent(bill.statement.profitRate)} / ${percent(bill.statement.lossRate)}`
                              : percent(bill.statement.rate)}
                          </dd>
                        </div>
                        <div>
                          <dt>{t('agentCentre.income.gross')}</dt>
                          <dd>{money(bill.statement.gross)}</dd>
                        </div>
                        <div>
                          <dt>{t('agentCentre.income.granted')}</dt>
                          <dd>{money(bill.statement.granted)}</dd>
                        </div>
                        <div>
                          <dt>{t('agentCentre.income.due')}</dt>
                          <dd>{money(bill.amountDue)}</dd>
                        </div>
                        {bill.statement.carryOut < 0 ? (
                          <div>
                            <dt>{t('agentCentre.income.carry')}</dt>
                            <dd>{money(bill.statement.carryOut)}</dd>
                          </div>
                        ) : null}
                      </dl>
                    </details>
                  </li>
                ))}
              </ul>
              <ReportPager
                pageNo={filters.pageNo}
                totalPages={data.totalPages}
                onPage={(pageNo) => setFilters({ ...filters, pageNo })}
              />
            </>
          )
        }
      </ReportState>
    </div>
  );
}
