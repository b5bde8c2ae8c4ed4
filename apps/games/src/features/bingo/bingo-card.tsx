import type { BingoCardView, BingoGame, BingoPatternCode } from '@tala/contracts/bingo';
import { money } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { isDaubed } from './logic.ts';

/**
 * One of the member's cards: a 75-ball card (B-I-N-G-O over a 5 × 5 grid, the free centre starred) or a 90-ball
 * ticket (3 × 9). Called numbers are daubed as they come; the last ball's cell is ringed.
 */
export function BingoCardGrid({
  game,
  card,
  called,
  lastBall,
  toGo,
  next,
  wins,
  symbol,
}: {
  game: BingoGame;
  card: BingoCardView;
  called: ReadonlySet<number>;
  lastBall: number | null;
  /** Numbers the card still needs for the prize played for now (null when no prize is left). */
  toGo: number | null;
  next: BingoPatternCode | null;
  /** The prizes this card won, by pattern. */
  wins: BingoPatternCode[];
  symbol: string;
}) {
  const { t } = useTranslation();
  const title = t('bingoCardNo', { n: card.cardNo });
  const daubed = card.rows.flat().filter((n) => n !== null && called.has(n)).length;
  return (
    <figure
      className={`bingo-card bingo-card--${game}${wins.length ? ' bingo-card--won' : ''}`}
      data-testid="bingo-card"
      data-card={card.cardNo}
      aria-label={title}
    >
      <figcaption className="bingo-card__head">
        <strong>{title}</strong>
        {wins.length ? (
          <span className="bingo-card__wins" data-testid="card-wins">
            {wins.map((p) => t(`pattern_${p}`)).join(' · ')}
          </span>
        ) : toGo !== null && next ? (
          <span
            className={`bingo-card__togo${toGo <= 1 ? ' bingo-card__togo--close' : ''}`}
            data-testid="to-go"
          >
            {t('bingoToGo', { count: toGo, prize: t(`pattern_${next}`) })}
          </span>
        ) : null}
      </figcaption>
      <table className="bingo-card__grid">
        <caption className="visually-hidden">{t('bingoDaubed', { count: daubed })}</caption>
        {game === 'bingo75' ? (
          <thead>
            <tr>
              {['B', 'I', 'N', 'G', 'O'].map((letter) => (
                <th key={letter} scope="col">
                  {letter}
                </th>
              ))}
            </tr>
          </thead>
        ) : null}
        <tbody>
          {card.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a card's rows are fixed positions
            <tr key={r}>
              {row.map((n, c) => {
                const on = isDaubed(game, n, called);
                const free = n === null && game === 'bingo75';
                const className = [
                  'bingo-cell',
                  n === null && !free ? 'bingo-cell--empty' : '',
                  free ? 'bingo-cell--free' : '',
                  on && !free ? 'bingo-cell--daubed' : '',
                  n !== null && n === lastBall ? 'bingo-cell--last' : '',
                ]
                  .filter(Boolean)
                  .join(' ');
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a card's cells are fixed positions
                  <td key={c} className={className} data-daubed={on && n !== null ? 'true' : undefined}>
                    {free ? (
                      <>
                        <span aria-hidden="true">★</span>
                        <span className="visually-hidden">{t('bingoFree')}</span>
                      </>
                    ) : n === null ? (
                      ''
                    ) : on ? (
                      <>
                        <span aria-hidden="true">{n}</span>
                        <span className="visually-hidden">{t('bingoNumberDaubed', { n })}</span>
                      </>
                    ) : (
                      n
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {card.won > 0 ? (
        <p className="bingo-card__won" data-testid="card-won">
          {t('bingoCardWon', { amount: money(card.won, symbol) })}
        </p>
      ) : null}
    </figure>
  );
}
