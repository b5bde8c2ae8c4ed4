import { joinPick, makeLines, splitPick } from '@tala/contracts/lottery-lines';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotteryBetType } from '../api/lottery-api.ts';

/*
 * The number picker of every game family (decision 041), driven by the bet type's metadata from game_menu: a row
 * per position where the type has positions, option buttons for named options (big, small, dragon, colours), a
 * number grid for a range, typed numbers for three-digit Vietnam types; per-pick odds under each pick where picks
 * pay differently. Every pick is a button (keyboard and touch); the line count comes from the same rule the server
 * settles by (@tala/contracts/lottery-lines).
 */

const pad = (n: number, digits: number) => String(n).padStart(digits, '0');
const odds = (thousandths: number) =>
  (thousandths / 1000).toLocaleString(undefined, { maximumFractionDigits: 3 });

/** The family whose rules (and texts) a game uses: CHAIN sells SSC's bet types. */
export const rulesFamily = (family: string) => (family === 'CHAIN' ? 'SSC' : family);

/** How many lines a selection makes (0: not a complete selection yet). */
export function lineCount(type: LotteryBetType, picks: readonly number[]): number {
  if (picks.length < type.picks.min || picks.length > type.picks.max) return 0;
  return makeLines(type.rule ?? { kind: 'each' }, picks).length;
}

function values(type: LotteryBetType): number[] {
  if (type.pickOdds && !type.positions) return type.pickOdds.map((p) => p.pick);
  const count = type.options ? type.options.length : type.numbers.max - type.numbers.min + 1;
  const first = type.options ? 0 : type.numbers.min;
  return Array.from({ length: count }, (_, i) => first + i);
}

/** Every pick the type accepts. */
function universe(type: LotteryBetType): number[] {
  const row = values(type);
  return type.positions
    ? type.positions.flatMap((_, position) => row.map((v) => joinPick(position, v)))
    : row;
}

const randomOf = <T,>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;

/** A random complete selection: one value per position for a direct bet, else the fewest picks the type takes. */
export function quickPick(type: LotteryBetType): number[] {
  for (let attempt = 0; attempt < 50; attempt++) {
    let chosen: number[];
    if (type.rule?.kind === 'product' && type.positions) {
      const row = values(type);
      chosen = type.positions.map((_, position) => joinPick(position, randomOf(row)));
    } else {
      const all = universe(type);
      const set = new Set<number>();
      while (set.size < Math.min(type.picks.min, all.length)) set.add(randomOf(all));
      chosen = [...set];
    }
    if (lineCount(type, chosen) > 0) return chosen;
  }
  return [];
}

/** A pick as the player reads it: "1st 7", "Big", "07". */
export function usePickLabel() {
  const { t } = useTranslation(undefined, { keyPrefix: 'lottery' });
  return (type: LotteryBetType | undefined, pick: number) => {
    if (!type) return String(pick);
    const { position, value } = type.positions ? splitPick(pick) : { position: -1, value: pick };
    const shown = type.options
      ? t(`options.${type.options[value] ?? 'big'}` as 'options.big')
      : pad(value, type.numbers.digits);
    const place = type.positions?.[position];
    return place ? `${t(`positions.${place}` as 'positions.pos1')} ${shown}` : shown;
  };
}

/** A bet type's name and rule text: Vietnam's own keys, the other families' under `types.<family>.<code>`. */
export function useBetTypeText() {
  const { t } = useTranslation(undefined, { keyPrefix: 'lottery' });
  return {
    name: (family: string, code: string) =>
      family === 'VN'
        ? t(`betTypes.${code}` as 'betTypes.lo2')
        : t(`types.${rulesFamily(family)}.${code}.name` as 'types.SSC.dw.name'),
    rule: (family: string, code: string) =>
      family === 'VN'
        ? t(`rules.${code}` as 'rules.lo2')
        : t(`types.${rulesFamily(family)}.${code}.rule` as 'types.SSC.dw.rule'),
  };
}

export function LotteryPicker({
  type,
  picks,
  onChange,
}: {
  type: LotteryBetType;
  picks: number[];
  onChange: (picks: number[]) => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'lottery' });
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const single = type.picks.max === 1;
  const toggle = (pick: number) => {
    if (picks.includes(pick)) onChange(picks.filter((p) => p !== pick));
    else if (single) onChange([pick]);
    else if (picks.length < type.picks.max) onChange([...picks, pick]);
  };
  const pickOdds = new Map(type.pickOdds?.map((p) => [p.pick, p.odds]));
  const row = values(type);
  const label = (value: number) =>
    type.options
      ? t(`options.${type.options[value] ?? 'big'}` as 'options.big')
      : pad(value, type.numbers.digits);
  // Option names and per-pick odds need wider cells than a two-digit ball.
  const wide = type.options !== undefined || type.pickOdds !== undefined;
  const button = (pick: number, value: number, rowLabel?: string) => (
    <button
      key={pick}
      type="button"
      aria-pressed={picks.includes(pick)}
      aria-label={rowLabel ? `${rowLabel} ${label(value)}` : undefined}
      data-option={type.options?.[value]}
      onClick={() => toggle(pick)}
      className={wide ? 'lottery-ball lottery-ball--option' : 'lottery-ball'}
    >
      {label(value)}
      {pickOdds.has(pick) ? (
        <span className="lottery-ball__odds">×{odds(pickOdds.get(pick) as number)}</span>
      ) : null}
    </button>
  );
  const legend = single
    ? t('pickOne')
    : t(type.options ? 'pickOptions' : 'pickNumbers', { min: type.picks.min, max: type.picks.max });

  // Three-digit Vietnam numbers (1,000 of them) are typed.
  if (!type.positions && !type.options && row.length > 100) {
    return (
      <div className="form-field">
        <label className="form-field__label" htmlFor={inputId}>
          {t('typeNumbers', { digits: type.numbers.digits })}
        </label>
        <input
          id={inputId}
          className="form-field__input"
          inputMode="numeric"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            onChange(
              event.target.value
                .split(/[\s,;]+/)
                .filter(Boolean)
                .map(Number)
                .filter((n) => Number.isFinite(n)),
            );
          }}
          placeholder="123 045"
        />
      </div>
    );
  }

  if (type.positions) {
    return (
      <fieldset className="lottery-rows">
        <legend>{legend}</legend>
        {type.positions.map((code, position) => {
          const rowLabel = t(`positions.${code}` as 'positions.pos1');
          return (
            <fieldset key={code} className="lottery-row">
              <legend className="visually-hidden">{rowLabel}</legend>
              <span className="lottery-row__label" aria-hidden="true">
                {rowLabel}
              </span>
              <div className={wide ? 'lottery-row__picks lottery-row__picks--options' : 'lottery-row__picks'}>
                {row.map((value) => button(joinPick(position, value), value, rowLabel))}
              </div>
            </fieldset>
          );
        })}
      </fieldset>
    );
  }

  return (
    <fieldset className={wide ? 'lottery-grid lottery-grid--options' : 'lottery-grid'}>
      <legend>{legend}</legend>
      {row.map((value) => button(value, value))}
    </fieldset>
  );
}
