import type { LiveTable } from '@tala/contracts/live';
import { money } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { type Chips, chipStack, chipTotal, chipValues } from './logic.ts';

/** Short chip faces: ₱10, ₱50, ₱100, ₱500, ₱1K. */
function chipFace(amount: number, symbol: string) {
  const pesos = amount / 100;
  return `${symbol}${pesos >= 1000 ? `${pesos / 1000}K` : pesos}`;
}

/** The five spots with what they pay and the chips on each, the chip picker, and Clear / Place. */
export function BetBoard({
  table,
  symbol,
  canBet,
  controls,
  placed,
  pending,
  chip,
  busy,
  winners,
  onChip,
  onSpot,
  onClear,
  onPlace,
}: {
  table: LiveTable;
  symbol: string;
  /** Betting is open and the member signed in. */
  canBet: boolean;
  /** The chip picker and buttons (not for a guest, who only watches). */
  controls: boolean;
  placed: Chips;
  pending: Chips;
  chip: number;
  busy: boolean;
  /** Spots that won this round (lit after the deal). */
  winners: Set<string>;
  onChip: (amount: number) => void;
  onSpot: (spot: string) => void;
  onClear: () => void;
  onPlace: () => void;
}) {
  const { t } = useTranslation();
  const pendingTotal = chipTotal(pending);
  return (
    <section className="board" aria-label={t('betSpots')}>
      <div className="spots">
        {table.spots.map((spot) => {
          const mine = placed[spot.code] ?? 0;
          const adding = pending[spot.code] ?? 0;
          const name = t(`spot_${spot.code}`);
          return (
            <button
              key={spot.code}
              type="button"
              className={`spot spot--${spot.code}${winners.has(spot.code) ? ' spot--won' : ''}`}
              onClick={() => onSpot(spot.code)}
              disabled={!canBet || busy}
              aria-label={`${name}, ${t('pays', { pays: spot.pays })}${
                mine + adding > 0 ? `, ${t('onSpot', { amount: money(mine + adding, symbol) })}` : ''
              }`}
              data-testid={`spot-${spot.code}`}
            >
              <span className="spot__name">{name}</span>
              <span className="spot__pays">{t('pays', { pays: spot.pays })}</span>
              <span className="spot__chips" aria-hidden="true">
                {chipStack(mine + adding)
                  .slice(0, 5)
                  .map((value, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a stack of equal chips has no other key
                    <span key={i} className={`chip chip--${value} chip--mini`} />
                  ))}
              </span>
              {mine > 0 ? (
                <span className="spot__amount" data-testid={`placed-${spot.code}`}>
                  {money(mine, symbol)}
                </span>
              ) : null}
              {adding > 0 ? (
                <span className="spot__amount spot__amount--pending" data-testid={`pending-${spot.code}`}>
                  +{money(adding, symbol)}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      {controls ? (
        <>
          <fieldset className="chips" disabled={!canBet || busy}>
            <legend>{t('chooseChip')}</legend>
            {chipValues.map((value) => (
              <label key={value} className={`chip chip--${value}${value === chip ? ' chip--chosen' : ''}`}>
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
