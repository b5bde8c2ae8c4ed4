import type { BingoGame, BingoPatternCode, BingoRoom, BingoRound } from '@tala/contracts/bingo';
import { money } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { ballLetter, boardRows } from './logic.ts';

/** How many balls before the last one the panel shows. */
const recentCount = 5;

function Ball({ game, n, size }: { game: BingoGame; n: number; size: 'big' | 'small' }) {
  const letter = ballLetter(game, n);
  const column = game === 'bingo75' ? letter : String(Math.min(8, Math.floor(n / 10)));
  return (
    <span className={`bingo-ball bingo-ball--${size} bingo-ball--c${column}`}>
      {letter ? <small>{letter}</small> : null}
      <span>{n}</span>
    </span>
  );
}

/** The ball just called, big, with the few before it and when the next one is due. */
export function BallPanel({
  game,
  round,
  nextBallIn,
}: {
  game: BingoGame;
  round: BingoRound | null;
  nextBallIn: number | null;
}) {
  const { t } = useTranslation();
  const calls = round?.calls ?? [];
  const last = calls.at(-1);
  const recent = calls.slice(-1 - recentCount, -1).reverse();
  return (
    <section className="bingo-balls" aria-label={t('bingoCalled')}>
      <div className="bingo-balls__now" aria-live="polite" data-testid="last-ball">
        {last !== undefined ? (
          <>
            <Ball game={game} n={last} size="big" />
            <span className="visually-hidden">
              {t('bingoBallCalled', { ball: `${ballLetter(game, last)}${last}` })}
            </span>
          </>
        ) : (
          <span className="bingo-ball bingo-ball--big bingo-ball--none" aria-hidden="true">
            ?
          </span>
        )}
      </div>
      <div className="bingo-balls__side">
        <p className="bingo-balls__count" data-testid="ball-count">
          {t('bingoBallOf', { n: calls.length, total: game === 'bingo75' ? 75 : 90 })}
        </p>
        {nextBallIn !== null ? (
          <p className="bingo-balls__next" role="timer">
            {t('bingoNextBall', { count: nextBallIn })}
          </p>
        ) : null}
        {recent.length ? (
          <ol className="bingo-balls__recent" aria-label={t('bingoRecent')}>
            {recent.map((n) => (
              <li key={n}>
                <Ball game={game} n={n} size="small" />
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    </section>
  );
}

/** Every number of the game, the called ones lit: B-I-N-G-O rows for 75 balls, rows of ten for 90. */
export function CallBoard({ game, called }: { game: BingoGame; called: ReadonlySet<number> }) {
  const { t } = useTranslation();
  return (
    <section className="bingo-board" aria-label={t('bingoBoard')}>
      <h2>{t('bingoBoard')}</h2>
      <table className={`bingo-board__grid bingo-board__grid--${game}`}>
        <caption className="visually-hidden">{t('bingoCalledCount', { count: called.size })}</caption>
        <tbody>
          {boardRows(game).map((row, r) => (
            <tr key={row[0]}>
              {game === 'bingo75' ? <th scope="row">{'BINGO'[r]}</th> : null}
              {row.map((n) => (
                <td
                  key={n}
                  className={called.has(n) ? 'bingo-board__on' : undefined}
                  data-called={called.has(n) ? 'true' : undefined}
                >
                  {n}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Each prize of the game in play order: its pool, then who won it on which ball and what each card got. */
export function PrizeList({
  room,
  round,
  next,
  mine,
  symbol,
}: {
  room: BingoRoom;
  round: BingoRound | null;
  next: BingoPatternCode | null;
  /** The member's winning card numbers per prize. */
  mine: Partial<Record<BingoPatternCode, number[]>>;
  symbol: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="bingo-prizes" aria-labelledby="bingo-prizes-title">
      <h2 id="bingo-prizes-title">{t('bingoPrizes')}</h2>
      <ol className="bingo-prizes__list">
        {room.prizes.map(({ pattern, sharePermille }) => {
          const pool = round?.pools.find((p) => p.pattern === pattern)?.amount ?? 0;
          const winner = round?.winners.find((w) => w.pattern === pattern);
          const myCards = mine[pattern] ?? [];
          const state = winner
            ? 'won'
            : pattern === next && round?.status === 'drawing'
              ? 'playing'
              : 'waiting';
          return (
            <li
              key={pattern}
              className={`bingo-prize bingo-prize--${state}${myCards.length ? ' bingo-prize--mine' : ''}`}
              data-testid={`prize-${pattern}`}
            >
              <div className="bingo-prize__head">
                <strong>{t(`pattern_${pattern}`)}</strong>
                <span className="bingo-prize__pool" data-testid="prize-pool">
                  {money(pool, symbol)}
                </span>
              </div>
              <p className="bingo-prize__state">
                {winner
                  ? t('bingoWonOn', {
                      ball: winner.callIndex + 1,
                      count: winner.cards,
                      each: money(winner.each, symbol),
                    })
                  : state === 'playing'
                    ? t('bingoPlayingFor')
                    : round?.status === 'settled' || round?.status === 'void'
                      ? t('bingoNotWon')
                      : t('bingoShare', { share: (sharePermille / 10).toFixed(1) })}
              </p>
              {myCards.length ? (
                <p className="bingo-prize__mine" data-testid="my-prize">
                  {t('bingoYouWon', {
                    cards: myCards.map((n) => t('bingoCardNo', { n })).join(', '),
                    amount: money((winner?.each ?? 0) * myCards.length, symbol),
                  })}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
