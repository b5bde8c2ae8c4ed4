import type { LiveTable } from '@tala/contracts/live';
import type { ReactNode } from 'react';
import { money } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { type Chips, chipClass, chipStack, spotLabel } from './logic.ts';

/** What every game's board gets: the stakes on each spot, whether a chip may go down, and the lit winners. */
export type BoardProps = {
  table: LiveTable;
  symbol: string;
  placed: Chips;
  pending: Chips;
  /** A chip may be put down now (betting open, signed in, nothing being sent). */
  enabled: boolean;
  /** Spots that won this round (lit after the deal). */
  winners: Set<string>;
  onSpot: (spot: string) => void;
};

/**
 * One spot: its name, what it pays, and the member's stake on it (placed, and added but not yet sent). A compact
 * spot (sic bo's and roulette's many) shows its stake as a figure only.
 */
export function SpotButton({
  code,
  pays,
  board,
  face,
  className = '',
  compact = false,
  showPays = true,
  style,
}: {
  code: string;
  pays: string;
  board: BoardProps;
  /** What the spot shows instead of its name (dice, a number); the name is still its accessible name. */
  face?: ReactNode;
  className?: string;
  compact?: boolean;
  /** Whether the button shows what it pays (a section of equal spots says it once in its heading). */
  showPays?: boolean;
  style?: React.CSSProperties;
}) {
  const { t } = useTranslation();
  const { placed, pending, symbol, enabled, winners, onSpot } = board;
  const mine = placed[code] ?? 0;
  const adding = pending[code] ?? 0;
  const name = spotLabel(t, code);
  return (
    <button
      type="button"
      className={`spot${compact ? ' spot--compact' : ''} spot--${code} ${className}${winners.has(code) ? ' spot--won' : ''}${mine + adding > 0 ? ' spot--staked' : ''}`}
      onClick={() => onSpot(code)}
      disabled={!enabled}
      aria-label={`${name}, ${t('pays', { pays })}${
        mine + adding > 0 ? `, ${t('onSpot', { amount: money(mine + adding, symbol) })}` : ''
      }`}
      data-testid={`spot-${code}`}
      style={style}
    >
      <span className="spot__name" aria-hidden={face ? true : undefined}>
        {face ?? name}
      </span>
      {showPays ? <span className="spot__pays">{compact ? pays : t('pays', { pays })}</span> : null}
      {compact ? null : (
        <span className="spot__chips" aria-hidden="true">
          {chipStack(mine + adding, board.table.chips)
            .slice(0, 5)
            .map((value, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a stack of equal chips has no other key
              <span key={i} className={`chip ${chipClass(value, board.table.chips)} chip--mini`} />
            ))}
        </span>
      )}
      {mine > 0 ? (
        <span className="spot__amount" data-testid={`placed-${code}`}>
          {money(mine, symbol)}
        </span>
      ) : null}
      {adding > 0 ? (
        <span className="spot__amount spot__amount--pending" data-testid={`pending-${code}`}>
          +{money(adding, symbol)}
        </span>
      ) : null}
    </button>
  );
}

/** The table's spots as the server lists them, one large button each (baccarat's five, dragon tiger's three). */
export function ListSpots(board: BoardProps) {
  return (
    <div className={`spots spots--${board.table.game}`}>
      {board.table.spots.map((spot) => (
        <SpotButton key={spot.code} code={spot.code} pays={spot.pays} board={board} />
      ))}
    </div>
  );
}
