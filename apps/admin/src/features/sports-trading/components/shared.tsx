import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { formatDecimal, formatPercent } from '../../../lib/numbers.ts';
import type { TradingFilter } from '../api/trading.ts';

/** A decimal price from thousandths (1950 → 1.950); a dash while not priced. */
export const price = (thousandths: number | null) =>
  thousandths === null ? '–' : formatDecimal(thousandths / 1000, 3);

/** A margin in basis points as percentage points of overround (500 → 5.00%). */
export const percent = (bps: number) => formatPercent(bps / 10_000);

/** The feed's own key of a market (`asian_handicap hcp=-0.75`), shown on hover beside its name for the desk. */
export const feedKey = (m: { type?: string; specifiers: string }) =>
  [m.type, m.specifiers].filter(Boolean).join(' ');

/** The "Suspended" badge after an event's or a market's status or name, when it is suspended (nothing otherwise). */
export function SuspendedBadge({ suspended }: { suspended: boolean }) {
  const { t } = useTranslation();
  return suspended ? (
    <>
      {' '}
      <span className="badge badge-off">{t('sportsTrading.suspended')}</span>
    </>
  ) : null;
}

/** The sport, league and event filters of the trading lists. */
export function TradingFilterFields({
  value,
  onChange,
}: {
  value: TradingFilter;
  onChange: (value: TradingFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('sportsTrading.sport')}>
        <input
          className="input"
          value={value.sport}
          onChange={(e) => onChange({ ...value, sport: e.target.value.trim() })}
          placeholder="football"
        />
      </Field>
      <Field label={t('sportsTrading.league')}>
        <input
          className="input"
          value={value.league}
          onChange={(e) => onChange({ ...value, league: e.target.value.trim() })}
          placeholder="sr:tournament:17"
        />
      </Field>
      <Field label={t('sportsTrading.event')}>
        <input
          className="input"
          value={value.event}
          onChange={(e) => onChange({ ...value, event: e.target.value.trim() })}
          placeholder="sr:match:123"
        />
      </Field>
    </>
  );
}
