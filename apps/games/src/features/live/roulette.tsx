import type { RouletteResult } from '@tala/live/roulette';
import { roulettePayouts } from '@tala/live/roulette';
import { type CSSProperties, Fragment } from 'react';
import { money } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { chipFace } from './bet-board.tsx';
import { isRouletteResult, rouletteColour, spotLabel } from './logic.ts';
import { type LineSpot, lineSpots } from './roulette-layout.ts';
import { type BoardProps, SpotButton } from './spots.tsx';
import type { HistoryItem } from './use-table.ts';

/** The numbers in their order round a single-zero wheel, for drawing it. */
const wheelOrder = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
];
const colours = { red: '#b91c1c', black: '#1f2937', green: '#15803d' };
const wheelGradient = `conic-gradient(${wheelOrder
  .map((n, i) => `${colours[rouletteColour(n)]} ${(i * 360) / 37}deg ${((i + 1) * 360) / 37}deg`)
  .join(', ')})`;

/** Roulette's spin: the wheel turns while the ball is out (`revealed` 0), then the number shows in its colour. */
export function RouletteDeal({ result, revealed }: { result: unknown; revealed: number }) {
  const { t } = useTranslation();
  const r = isRouletteResult(result) ? result : null;
  const done = r !== null && revealed >= 1;
  const spinning = r !== null && !done;
  return (
    <div className="deal deal--roulette" aria-live="polite">
      <div
        className={`wheel${spinning ? ' wheel--spinning' : ''}`}
        style={{ backgroundImage: wheelGradient }}
        aria-hidden="true"
      >
        <span className="wheel__hub" />
      </div>
      <div className="ball-result">
        {done && r ? (
          <span
            className={`ball-number ball-number--${rouletteColour(r.number)}`}
            data-testid="roulette-number"
          >
            {r.number}
          </span>
        ) : (
          <span className="ball-number ball-number--waiting">{spinning ? '…' : '?'}</span>
        )}
      </div>
      {done && r ? (
        <p
          className={`deal__winner deal__winner--${rouletteColour(r.number)}`}
          data-testid="winner"
          role="status"
        >
          {describeRoulette(t, r)}
        </p>
      ) : (
        <p className="deal__waiting">{spinning ? t('wheelSpinning') : t('wheelWaiting')}</p>
      )}
    </div>
  );
}

const pays = (kind: keyof typeof roulettePayouts) => `${roulettePayouts[kind]}:1`;

/** The layout's rows 1–12, each with its numbers and the line spots whose block starts in it (the zero's with row 1). */
const rows = Array.from({ length: 12 }, (_, i) => i + 1).map((row) => ({
  row,
  numbers: [1, 2, 3].map((across) => 3 * (row - 1) + across),
  lines: lineSpots().filter((spot) => Math.max(1, spot.rows[0]) === row),
}));

/**
 * A chip spot on a line or corner between numbers: a small dot, a chip with the stake once one is on it. It sits in
 * the block of cells it covers (`--a0`…`--r1`: places across and rows, the zero's row 0), at its centre or on its
 * outer edge; the stylesheet turns the block with the board.
 */
function LineSpotButton({ spot, board }: { spot: LineSpot; board: BoardProps }) {
  const { t } = useTranslation();
  const { placed, pending, symbol, enabled, winners, onSpot } = board;
  const amount = (placed[spot.code] ?? 0) + (pending[spot.code] ?? 0);
  const label = `${spotLabel(t, spot.code)}, ${t('pays', { pays: pays(spot.kind) })}${
    amount > 0 ? `, ${t('onSpot', { amount: money(amount, symbol) })}` : ''
  }`;
  const style = {
    '--a0': spot.across[0],
    '--a1': spot.across[1],
    '--r0': spot.rows[0],
    '--r1': spot.rows[1],
  } as CSSProperties;
  return (
    <button
      type="button"
      className={`roulette__line roulette__line--${spot.kind}${spot.edge ? ' roulette__line--edge' : ''}${
        amount > 0 ? ' roulette__line--staked' : ''
      }${winners.has(spot.code) ? ' roulette__line--won' : ''}`}
      style={style}
      onClick={() => onSpot(spot.code)}
      disabled={!enabled}
      aria-label={label}
      title={label}
      data-testid={`spot-${spot.code}`}
    >
      {amount > 0 ? (
        <span className="roulette__chip" aria-hidden="true">
          {chipFace(amount, symbol)}
        </span>
      ) : null}
    </button>
  );
}

/**
 * The layout: 0, then the numbers in three rows of twelve (3, 6 … 36 on top) with each row's column bet at its end;
 * on a phone it stands upright (1, 2, 3 across, twelve rows down). Clicking a number bets it straight up; the dots
 * on the lines between numbers take splits, corners and the zero's trios, those on the outer edge by 1, 4, 7 …
 * streets, six lines and the first four (`roulette-layout.ts`). Below: dozens and the even-money bets.
 */
export function RouletteBoard(board: BoardProps) {
  const { t } = useTranslation();
  // Across the row of three (1 at the bottom on a wide layout, on the left upright) and down the twelve.
  const place = (across: number, down: number): CSSProperties =>
    ({ '--across': across, '--down': down }) as CSSProperties;
  return (
    <div className="spots spots--roulette">
      <div className="roulette__grid">
        <SpotButton
          code="straight-0"
          pays={pays('straight')}
          board={board}
          compact
          showPays={false}
          className="roulette__zero roulette__n--green"
          face={<strong className="spot__number">0</strong>}
        />
        {/* Row by row, each row's numbers then the line spots below and beside them: the keyboard's order. */}
        {rows.map(({ row, numbers, lines }) => (
          <Fragment key={row}>
            {numbers.map((n) => (
              <SpotButton
                key={n}
                code={`straight-${n}`}
                pays={pays('straight')}
                board={board}
                compact
                showPays={false}
                className={`roulette__n roulette__n--${rouletteColour(n)}`}
                style={place(((n - 1) % 3) + 1, Math.ceil(n / 3) + 1)}
                face={<strong className="spot__number">{n}</strong>}
              />
            ))}
            {lines.map((spot) => (
              <LineSpotButton key={spot.code} spot={spot} board={board} />
            ))}
          </Fragment>
        ))}
        {[1, 2, 3].map((c) => (
          <SpotButton
            key={c}
            code={`column-${c}`}
            pays={pays('column')}
            board={board}
            compact
            showPays={false}
            className="roulette__column"
            style={place(c, 14)}
            face={<span>2:1</span>}
          />
        ))}
      </div>
      <div className="roulette__outside roulette__outside--dozens">
        {[1, 2, 3].map((d) => (
          <SpotButton
            key={d}
            code={`dozen-${d}`}
            pays={pays('dozen')}
            board={board}
            compact
            face={`${d * 12 - 11}–${d * 12}`}
          />
        ))}
      </div>
      <div className="roulette__outside roulette__outside--even">
        {(['low', 'even', 'red', 'black', 'odd', 'high'] as const).map((kind) => (
          <SpotButton
            key={kind}
            code={kind}
            pays={pays(kind)}
            board={board}
            compact
            className={kind === 'red' || kind === 'black' ? `roulette__n--${kind}` : ''}
          />
        ))}
      </div>
      <p className="roulette__note">{t('rouletteInsideNote')}</p>
    </div>
  );
}

/** The last numbers, newest first, each in its colour. */
export function RouletteHistory({ history }: { history: HistoryItem[] }) {
  const { t } = useTranslation();
  const spins = history
    .flatMap((h) => (isRouletteResult(h.result) ? [{ roundNo: h.roundNo, number: h.result.number }] : []))
    .slice(-30)
    .reverse();
  const count = (c: string) => spins.filter((r) => rouletteColour(r.number) === c).length;
  return (
    <section className="roads" aria-label={t('lastResults')}>
      <h2 className="roads__title">{t('lastResults')}</h2>
      {spins.length === 0 ? <p className="roads__empty">{t('roadsEmpty')}</p> : null}
      <ol className="history history--roulette" data-testid="history">
        {spins.map((r) => (
          <li
            key={r.roundNo}
            className={`history__number roulette__n--${rouletteColour(r.number)}`}
            title={describeRoulette(t, r)}
          >
            {r.number}
          </li>
        ))}
      </ol>
      {spins.length > 0 ? (
        <p className="roads__tally">
          <span className="tally tally--red">
            {t('spot_red')} {count('red')}
          </span>
          <span className="tally tally--black">
            {t('spot_black')} {count('black')}
          </span>
          <span className="tally tally--green">0 · {count('green')}</span>
        </p>
      ) : null}
    </section>
  );
}

/** A number in words: "17 Black · Odd · 19–36" (zero: "0 Green"). */
export function describeRoulette(t: (key: string) => string, r: RouletteResult): string {
  const n = r.number;
  const colour = rouletteColour(n);
  if (n === 0) return `0 ${t('colourGreen')}`;
  return `${n} ${t(`spot_${colour}`)} · ${t(n % 2 ? 'spot_odd' : 'spot_even')} · ${t(n <= 18 ? 'spot_low' : 'spot_high')}`;
}
