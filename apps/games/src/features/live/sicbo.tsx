import type { SicBoResult } from '@tala/live/sicbo';
import { totalPayouts } from '@tala/live/sicbo';
import { useTranslation } from '../../lib/i18n.ts';
import { isSicBoResult } from './logic.ts';
import { type BoardProps, SpotButton } from './spots.tsx';
import type { HistoryItem } from './use-table.ts';

/** Which of a die's 3 × 3 places hold a pip, for each face. */
const pips: Record<number, number[]> = {
  1: [4],
  2: [0, 8],
  3: [0, 4, 8],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};

/** A die showing `face`, or rolling (no face yet). Decorative: its number is said by the text beside it. */
export function Die({ face, size = 'large' }: { face?: number; size?: 'large' | 'mini' }) {
  return (
    <span
      className={`die die--${size}${face ? ' die--landed' : ' die--rolling'}${face === 1 || face === 4 ? ' die--red' : ''}`}
      aria-hidden="true"
      data-face={face}
    >
      {Array.from({ length: 9 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the nine places of a face are fixed
        <span key={i} className={face && pips[face]?.includes(i) ? 'die__pip' : 'die__blank'} />
      ))}
    </span>
  );
}

const sum = (dice: readonly number[]) => dice.reduce((a, b) => a + b, 0);
const isTriple = (d: readonly number[]) => d[0] === d[1] && d[1] === d[2];

/** Which side of the table a roll falls on: a triple, small (4–10) or big (11–17). */
export const sicBoSide = (dice: readonly number[]) =>
  isTriple(dice) ? 'anyTriple' : sum(dice) <= 10 ? 'small' : 'big';

/** Sic bo's roll: three dice tumble, then land one after another (`revealed`); the total and side after. */
export function SicBoDeal({ result, revealed }: { result: unknown; revealed: number }) {
  const { t } = useTranslation();
  const r = isSicBoResult(result) ? result : null;
  const done = r !== null && revealed >= 3;
  return (
    <div className="deal deal--sicbo" aria-live="polite">
      <div
        className="dice"
        role="img"
        aria-label={r && done ? t('diceShown', { dice: r.dice.join(', ') }) : t('diceRolling')}
      >
        {[0, 1, 2].map((i) => (
          <Die key={i} face={r && revealed > i ? r.dice[i] : undefined} />
        ))}
      </div>
      {done && r ? (
        <p className={`deal__winner deal__winner--${sicBoSide(r.dice)}`} data-testid="winner" role="status">
          {t('diceTotal', { total: sum(r.dice) })} · {t(`spot_${sicBoSide(r.dice)}`)}
        </p>
      ) : null}
    </div>
  );
}

const faces = [1, 2, 3, 4, 5, 6];
const combinations = faces.flatMap((a) => faces.filter((b) => b > a).map((b) => [a, b] as const));

/**
 * The sic bo table, compact: small / any triple / big, the totals 4–17 with their odds, then singles, doubles,
 * triples and the fifteen pairs, each section saying once what its spots pay.
 */
export function SicBoBoard(board: BoardProps) {
  const { t } = useTranslation();
  const section = (title: string, pays: string, children: React.ReactNode, className: string) => (
    <fieldset className={`sicbo__section sicbo__section--${className}`}>
      <legend>
        {title} <span className="spot__pays">{t('pays', { pays })}</span>
      </legend>
      <div className="sicbo__grid">{children}</div>
    </fieldset>
  );
  return (
    <div className="spots spots--sicbo">
      <div className="sicbo__main">
        <SpotButton
          code="small"
          pays="1:1"
          board={board}
          face={<SicBoMain name={t('spot_small')} range="4–10" />}
        />
        <SpotButton
          code="anyTriple"
          pays="30:1"
          board={board}
          face={
            <SicBoMain
              name={t('spot_anyTriple')}
              range={
                <span className="dice-row">
                  <Die face={6} size="mini" />
                  <Die face={6} size="mini" />
                  <Die face={6} size="mini" />
                </span>
              }
            />
          }
        />
        <SpotButton
          code="big"
          pays="1:1"
          board={board}
          face={<SicBoMain name={t('spot_big')} range="11–17" />}
        />
      </div>
      <fieldset className="sicbo__section sicbo__section--totals">
        <legend>{t('sicboTotals')}</legend>
        <div className="sicbo__grid">
          {Object.entries(totalPayouts).map(([total, pays]) => (
            <SpotButton
              key={total}
              code={`total-${total}`}
              pays={`${pays}:1`}
              board={board}
              compact
              face={<strong className="spot__number">{total}</strong>}
            />
          ))}
        </div>
      </fieldset>
      {section(
        t('sicboSingles'),
        '1:1 – 3:1',
        faces.map((n) => (
          <SpotButton
            key={n}
            code={`single-${n}`}
            pays="1:1 – 3:1"
            board={board}
            compact
            showPays={false}
            face={<Die face={n} size="mini" />}
          />
        )),
        'singles',
      )}
      {section(
        t('sicboDoubles'),
        '10:1',
        faces.map((n) => (
          <SpotButton
            key={n}
            code={`double-${n}`}
            pays="10:1"
            board={board}
            compact
            showPays={false}
            face={
              <span className="dice-row">
                <Die face={n} size="mini" />
                <Die face={n} size="mini" />
              </span>
            }
          />
        )),
        'doubles',
      )}
      {section(
        t('sicboTriples'),
        '180:1',
        faces.map((n) => (
          <SpotButton
            key={n}
            code={`triple-${n}`}
            pays="180:1"
            board={board}
            compact
            showPays={false}
            face={
              <span className="dice-row">
                <Die face={n} size="mini" />
                <Die face={n} size="mini" />
                <Die face={n} size="mini" />
              </span>
            }
          />
        )),
        'triples',
      )}
      {section(
        t('sicboCombinations'),
        '5:1',
        combinations.map(([a, b]) => (
          <SpotButton
            key={`${a}-${b}`}
            code={`combination-${a}-${b}`}
            pays="5:1"
            board={board}
            compact
            showPays={false}
            face={
              <span className="dice-row">
                <Die face={a} size="mini" />
                <Die face={b} size="mini" />
              </span>
            }
          />
        )),
        'combinations',
      )}
    </div>
  );
}

function SicBoMain({ name, range }: { name: string; range: React.ReactNode }) {
  return (
    <>
      <strong>{name}</strong>
      <small className="spot__range">{range}</small>
    </>
  );
}

/** The last rolls, newest first: the dice, their total and the side (S, B or a triple). */
export function SicBoHistory({ history }: { history: HistoryItem[] }) {
  const { t } = useTranslation();
  const rolls = history
    .flatMap((h) => (isSicBoResult(h.result) ? [{ roundNo: h.roundNo, r: h.result }] : []))
    .slice(-24)
    .reverse();
  return (
    <section className="roads" aria-label={t('lastResults')}>
      <h2 className="roads__title">{t('lastResults')}</h2>
      {rolls.length === 0 ? <p className="roads__empty">{t('roadsEmpty')}</p> : null}
      <ol className="history history--sicbo" data-testid="history">
        {rolls.map(({ roundNo, r }) => {
          const side = sicBoSide(r.dice);
          return (
            <li key={roundNo} className={`history__roll history__roll--${side}`} title={describeSicBo(t, r)}>
              <span className="dice-row">
                {r.dice.map((d, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: three dice in their order
                  <Die key={j} face={d} size="mini" />
                ))}
              </span>
              <strong>{sum(r.dice)}</strong>
              <span className="history__side">{t(`letter_${side}`)}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** A roll in words: "3 · 5 · 6 = 14 Big". */
export function describeSicBo(
  t: (key: string, values?: Record<string, unknown>) => string,
  r: SicBoResult,
): string {
  return `${r.dice.join(' · ')} = ${sum(r.dice)} ${t(`spot_${sicBoSide(r.dice)}`)}`;
}
