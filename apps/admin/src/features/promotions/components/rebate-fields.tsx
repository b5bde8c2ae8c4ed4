import { gameTypes } from '@tala/contracts/games';
import { rebateBases } from '@tala/contracts/promotions';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { money } from '../../../lib/money.ts';
import { type PromotionBody, useRebateRuns } from '../api/promotions.ts';

type Rules = PromotionBody['rules'];

/**
 * A rebate's own rules in the builder: what it is a share of, and each product's rate in percent where it differs
 * from the rate of every other product (empty: that rate; 0 leaves the product out).
 */
export function RebateFields({
  rules,
  setRules,
  rates,
  setRates,
}: {
  rules: Rules;
  setRules: (change: Partial<Rules>) => void;
  /** The rate inputs as typed (percent), by product. */
  rates: Record<string, string>;
  setRates: (rates: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="filters">
        <Field label={t('promotions.rebate.basis')}>
          <select
            className="input"
            value={rules.rebateBasis}
            onChange={(e) => setRules({ rebateBasis: e.target.value as Rules['rebateBasis'] })}
          >
            {rebateBases.map((b) => (
              <option key={b} value={b}>
                {t(`promotions.rebate.bases.${b}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <fieldset className="filters">
        <legend>{t('promotions.rebate.rates')}</legend>
        {gameTypes.map((g) => (
          <Field key={g} label={g}>
            <input
              className="input"
              inputMode="decimal"
              placeholder={t('promotions.rebate.sameRate')}
              value={rates[g] ?? ''}
              onChange={(e) => setRates({ ...rates, [g]: e.target.value })}
            />
          </Field>
        ))}
      </fieldset>
    </>
  );
}

/** Per-product rates (basis points) from the typed percentages; empty ones are left to the common rate. */
export function ratesFromInputs(inputs: Record<string, string>): Rules['rebateRates'] {
  const out: Record<string, number> = {};
  for (const [product, typed] of Object.entries(inputs)) {
    if (typed.trim() === '') continue;
    out[product] = Math.round(Number(typed.replace(',', '.')) * 100);
  }
  return out as Rules['rebateRates'];
}

/** The closed periods a rebate has paid: members, total, what the budget left out, what members on a break forfeited. */
export function RebateRuns({ merchantCode, promotionId }: { merchantCode: string; promotionId: number }) {
  const { t } = useTranslation();
  const runs = useRebateRuns(merchantCode, promotionId);
  if (runs.isPending) return <Loading />;
  if (runs.isError) return <LoadError error={runs.error} onRetry={() => runs.refetch()} />;
  return (
    <DataTable
      caption={t('promotions.rebate.runs')}
      visibleCaption
      columns={[
        t('promotions.rebate.period'),
        t('promotions.rebate.status'),
        t('promotions.rebate.members'),
        t('promotions.rebate.total'),
        t('promotions.rebate.overBudget'),
        t('promotions.rebate.forfeited'),
      ]}
      rows={runs.data}
      empty={t('promotions.rebate.noRuns')}
      row={(r) => (
        <tr key={r.period}>
          <td data-label={t('promotions.rebate.period')}>{r.period}</td>
          <td data-label={t('promotions.rebate.status')}>{t(`promotions.rebate.statuses.${r.status}`)}</td>
          <td data-label={t('promotions.rebate.members')}>{r.members}</td>
          <td data-label={t('promotions.rebate.total')}>{money(r.total)}</td>
          <td data-label={t('promotions.rebate.overBudget')}>{money(r.overBudget)}</td>
          <td data-label={t('promotions.rebate.forfeited')}>
            {t('promotions.rebate.forfeitedValue', { amount: money(r.forfeited), count: r.forfeitedMembers })}
          </td>
        </tr>
      )}
    />
  );
}
