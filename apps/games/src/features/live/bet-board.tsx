import type { ReactNode } from 'react';
import { money, symbolPosition, unitScale } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { type Chips, chipClass, chipTotal } from './logic.ts';

/**
 * Short chip faces in units of the merchant's currency, its symbol where the currency puts it: ₱10, ₱50, ₱1K; a dong
 * table's 10K ₫, 100K ₫, 1M ₫.
 */
export function chipFace(amount: number, symbol: string) {
  const units = amount / unitScale();
  const figure =
    units >= 1_000_000 ? `${units / 1_000_000}M` : units >= 1000 ? `${units / 1000}K` : String(units);
  return symbolPosition() === 'suffix' ? `${figure} ${symbol}` : `${symbol}${figure}`;
}

/** The game's board of spots (`children`), then the chip picker and Clear / Place for a signed-in member. */
export function BetBoard({
  symbol,
  chips,
  canBet,
  controls,
  pending,
  chip,
  busy,
  onChip,
  onClear,
  onPlace,
  children,
}: {
  symbol: string;
  /** The table's chips in the merchant's currency, smallest first. */
  chips: readonly number[];
  /** Betting is open and the member signed in. */
  canBet: boolean;
  /** The chip picker and buttons (not for a guest, who only watches). */
  controls: boolean;
  pending: Chips;
  chip: number;
  busy: boolean;
  onChip: (amount: number) => void;
  onClear: () => void;
  onPlace: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const pendingTotal = chipTotal(pending);
  return (
    <section className="board" aria-label={t('betSpots')}>
      {children}
      {controls ? (
        <>
          <fieldset className="chips" disabled={!canBet || busy}>
            <legend>{t('chooseChip')}</legend>
            {chips.map((value) => (
              <label
                key={value}
                className={`chip ${chipClass(value, chips)}${value === chip ? ' chip--chosen' : ''}`}
              >
                <input
                  type="radio"
                  name="chip"
                  value={value}
                  checked={value === chip}
                  onChange={() => onChip(value)}
                  className="visually-hidden"
                />
                <span aria-hidden="true">{chipFace(value, symbol)}</span>
                <span className="visually-hidden">{money(value, symbol)}</span>
              </label>
            ))}
          </fieldset>
          <div className="board__actions">
            <button type="button" onClick={onClear} disabled={!canBet || busy || pendingTotal === 0}>
              {t('clearBets')}
            </button>
            <button
              type="button"
              className="button--primary place"
              onClick={onPlace}
              disabled={!canBet || busy || pendingTotal === 0}
            >
              {busy ? t('placing') : t('placeBets', { amount: money(pendingTotal, symbol) })}
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}
