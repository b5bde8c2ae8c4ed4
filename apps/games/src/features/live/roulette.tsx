import type { RouletteResult } from '@tala/live/roulette';
import { roulettePayouts } from '@tala/live/roulette';
import type { CSSProperties } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { isRouletteResult, rouletteColour } from './logic.ts';
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

/**
 * The layout: 0, then the numbers in three rows of twelve (3, 6 … 36 on top) with each row's column bet at its end;
 * on a phone it stands upright (1, 2, 3 across, twelve rows down). Clicking a number bets it straight up. Below:
 * dozens and the even-money bets. Splits, streets, corners and six lines are taken by the server but not offered
 * here yet.
 */
export function RouletteBoard(board: BoardProps) {
  const { t } = useTranslation();
  const numbers = Array.from({ length: 36 }, (_, i) => i + 1);
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
