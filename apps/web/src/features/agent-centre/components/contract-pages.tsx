import type { ContractKind, ContractTerms, PeriodType } from '@tala/contracts/agent-contracts';
import { contractKinds } from '@tala/contracts/agent-contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { ReportPager } from '../../../components/report-pager.tsx';
import { ApiError } from '../../../lib/api-client.ts';
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
const toBasis = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);

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
      </span>
    );
  return (
    <span>
      {t('agentCentre.contracts.rateTerms', { rate: percent(terms.rate), members: terms.minActiveMembers })}
      {kind === 'dividend' ? ` · ${t(`agentCentre.contracts.periods.${terms.periodType}`)}` : ''}
      {terms.tiers.map((tier) => (
        <span key={`${tier.minActiveMembers}-${tier.minVolume}`} className="report__sub">
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

function OfferForm({
  kind,
  periods,
  onDone,
}: {
  kind: ContractKind;
  periods: PeriodType[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const team = useQuery(teamQuery({ scope: 'direct', q: '', pageNo: 1 }));
  const agents = (team.data?.list ?? []).filter((m) => m.type !== 0);
  const [form, setForm] = useState({
    username: '',
    rate: '',
    members: '0',
    period: periods[0] ?? 'M',
    profit: '',
    loss: '',
    min: '0',
  });
  const offer = useMutation({
    mutationFn: () => {
      const terms: ContractTerms =
        kind === 'realtimeSalary'
          ? {
              ...blankTerms,
              profitRate: toBasis(form.profit || '0'),
              lossRate: toBasis(form.loss || '0'),
              singleBetMin: Math.round(Number(form.min || '0') * 100),
            }
          : {
              ...blankTerms,
              rate: toBasis(form.rate || '0'),
              minActiveMembers: Number(form.members || '0'),
              periodType: form.period,
            };
      return contractRequest(kind, { action: 'offer', username: form.username, terms });
    },
    onSuccess: onDone,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    offer.mutate();
  };
  const set = (field: keyof typeof form) => (value: string) => setForm({ ...form, [field]: value });
  return (
    <form className="security__card" onSubmit={submit} aria-labelledby={`offer-${kind}`}>
      <h3 id={`offer-${kind}`}>{t('agentCentre.contracts.offerTitle')}</h3>
      {agents.length === 0 ? (
        <p className="report__sub">{t('agentCentre.contracts.noSubAgents')}</p>
      ) : (
        <>
          <label className="report__field">
            <span>{t('agentCentre.contracts.to')}</span>
            <select
              className="form-field__input"
              value={form.username}
              required
              onChange={(event) => set('username')(event.target.value)}
            >
              <option value="">{t('agentCentre.contracts.pick')}</option>
              {agents.map((a) => (
                <option key={a.username} value={a.username}>
                  {a.username}
                </option>
              ))}
            </select>
          </label>
          {kind === 'realtimeSalary' ? (
            <>
              <FormField
                label={t('agentCentre.contracts.profitRate')}
                value={form.profit}
                onChange={set('profit')}
                inputMode="decimal"
              />
              <FormField
                label={t('agentCentre.contracts.lossRate')}
                value={form.loss}
                onChange={set('loss')}
                inputMode="decimal"
              />
              <FormField
                label={t('agentCentre.contracts.singleBetMin')}
                value={form.min}
                onChange={set('min')}
                inputMode="decimal"
              />
            </>
          ) : (
            <>
              <FormField
                label={t('agentCentre.contracts.ratePercent')}
                value={form.rate}
                onChange={set('rate')}
                inputMode="decimal"
                required
              />
              <FormField
                label={t('agentCentre.contracts.minActive')}
                value={form.members}
                onChange={set('members')}
                inputMode="numeric"
              />
              {kind === 'dividend' ? (
                <label className="report__field">
                  <span>{t('agentCentre.contracts.period')}</span>
                  <select
                    className="form-field__input"
                    value={form.period}
                    onChange={(event) => set('period')(event.target.value)}
                  >
                    {periods.map((p) => (
                      <option key={p} value={p}>
                        {t(`agentCentre.contracts.periods.${p}`)}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
            </>
          )}
          {offer.error ? (
            <p className="form-message form-message--error" role="alert">
              {offer.error.message}
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

          {data.mine ? <OfferForm kind={kind} periods={data.settings.periods} onDone={refresh} /> : null}

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
