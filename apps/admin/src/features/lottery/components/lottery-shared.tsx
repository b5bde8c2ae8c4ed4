import { prizeModes } from '@tala/contracts/lottery';
import { parseAmountInput } from '@tala/contracts/money-format';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { formatDecimal, formatPercent } from '../../../lib/numbers.ts';
import type { OfficeGame } from '../api/lottery-office.ts';

export { prizeModes };

/** Odds in thousandths as operators read them: 3610 → "3.610". */
export const oddsText = (odds: number) => (odds / 1000).toFixed(3);
/** Odds typed as a multiplier ("97.5") into thousandths, or null. */
export function parseOdds(text: string): number | null {
  const value = parseAmountInput(text, 3);
  return typeof value === 'number' ? value : null;
}
/** A rebate in basis points as a percentage: 50 → "0.50". */
export const rebateText = (bp: number) => (bp / 100).toFixed(2);
export function parseRebate(text: string): number | null {
  const value = parseAmountInput(text, 2);
  return typeof value === 'number' ? value : null;
}
export const percentText = (share: number) => formatPercent(share);
/** Odds as shown (decimal separator of the language); `oddsText` is an input's value. */
export const oddsShown = (odds: number) => formatDecimal(odds / 1000, 3);

/** The game picker every lottery tab shares. */
export function GamePicker({
  games,
  value,
  onChange,
  filter = () => true,
}: {
  games: readonly OfficeGame[];
  value: string;
  onChange: (gameCode: string) => void;
  filter?: (game: OfficeGame) => boolean;
}) {
  const { t } = useTranslation();
  return (
    <Field label={t('lotteryAdmin.game')}>
      <select className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        {games.filter(filter).map((g) => (
          <option key={g.gameCode} value={g.gameCode}>
            {`${g.name} (${g.gameCode})`}
          </option>
        ))}
      </select>
    </Field>
  );
}
