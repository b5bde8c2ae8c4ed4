import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import type { PromotionBody } from '../api/promotions.ts';

type Row = { first: string; second: string };

/**
 * A rank upgrade's ladder (level → bonus), a birthday bonus's optional higher bonus per level, or a raffle's prizes
 * (prize → weight) in the builder: rows of two inputs as typed; the server checks the numbers again.
 */
export function LadderFields({
  kind,
  rows,
  setRows,
}: {
  kind: 'rankUpgrade' | 'raffle' | 'birthday';
  rows: Row[];
  setRows: (rows: Row[]) => void;
}) {
  const { t } = useTranslation();
  const optional = kind === 'birthday';
  const labels =
    kind !== 'raffle'
      ? [t('promotions.ladder.level'), t('promotions.ladder.bonus')]
      : [t('promotions.ladder.prize'), t('promotions.ladder.weight')];
  const set = (index: number, change: Partial<Row>) =>
    setRows(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <fieldset className="stack">
      <legend>
        {t(
          kind === 'raffle'
            ? 'promotions.ladder.prizes'
            : optional
              ? 'promotions.ladder.birthdayLevels'
              : 'promotions.ladder.levels',
        )}
      </legend>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
        <div className="filters" key={index}>
          <Field label={`${labels[0]} ${index + 1}`}>
            <input
              className="input"
              inputMode="decimal"
              value={row.first}
              onChange={(e) => set(index, { first: e.target.value })}
              required
            />
          </Field>
          <Field label={`${labels[1]} ${index + 1}`}>
            <input
              className="input"
              inputMode="decimal"
              value={row.second}
              onChange={(e) => set(index, { second: e.target.value })}
              required
            />
          </Field>
          <button
            type="button"
            className="button button-small"
            disabled={rows.length === 1 && !optional}
            onClick={() => setRows(rows.filter((_, i) => i !== index))}
          >
            {t('promotions.ladder.remove')}
          </button>
        </div>
      ))}
      <div>
        <button
          type="button"
          className="button button-small"
          disabled={rows.length >= 20}
          onClick={() => setRows([...rows, { first: '', second: '' }])}
        >
          {t('promotions.ladder.add')}
        </button>
      </div>
    </fieldset>
  );
}

const major = (minor: number) => (minor / 100).toFixed(2);
const minor = (typed: string) => Math.round(Number(typed.replace(',', '.')) * 100);

/** The rows for a promotion's ladder or prizes as stored. */
export function ladderRows(kind: PromotionBody['kind'], rules: PromotionBody['rules']): Row[] {
  if ((kind === 'rankUpgrade' || kind === 'birthday') && rules.levelBonuses?.length)
    return rules.levelBonuses.map((l) => ({ first: String(l.level), second: major(l.amount) }));
  if (kind === 'birthday') return [];
  if (kind === 'raffle' && rules.prizes?.length)
    return rules.prizes.map((p) => ({ first: major(p.amount), second: String(p.weight) }));
  return [{ first: '', second: '' }];
}

/** The rules' ladder or prizes from the typed rows, and the largest amount (the promotion's largest bonus). */
export function ladderRules(kind: PromotionBody['kind'], rows: Row[]) {
  if (kind === 'rankUpgrade') {
    const levelBonuses = rows.map((r) => ({ level: Number(r.first), amount: minor(r.second) }));
    return { levelBonuses, prizes: [], maxBonus: Math.max(1, ...levelBonuses.map((l) => l.amount || 0)) };
  }
  if (kind === 'raffle') {
    const prizes = rows.map((r) => ({ amount: minor(r.first), weight: Number(r.second) }));
    return { levelBonuses: [], prizes, maxBonus: Math.max(1, ...prizes.map((p) => p.amount || 0)) };
  }
  if (kind === 'birthday') {
    // Optional rows: the base bonus is the promotion's own amount.
    return {
      levelBonuses: rows.map((r) => ({ level: Number(r.first), amount: minor(r.second) })),
      prizes: [],
    };
  }
  return { levelBonuses: [], prizes: [] };
}
