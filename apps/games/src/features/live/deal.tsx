import type { BaccaratResult } from '@tala/live/baccarat';
import { baccaratTotal, type Card, cardLabel } from '@tala/live/cards';
import { useTranslation } from '../../lib/i18n.ts';
import { dealOrder } from './logic.ts';

const suitSigns: Record<Card['suit'], string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

export function PlayingCard({ card, third = false }: { card: Card; third?: boolean }) {
  const label = cardLabel(card);
  const rank = label.slice(0, -1);
  const red = card.suit === 'H' || card.suit === 'D';
  return (
    <span
      className={`card${red ? ' card--red' : ''}${third ? ' card--third' : ''}`}
      role="img"
      aria-label={`${rank}${suitSigns[card.suit]}`}
      data-card={label}
    >
      <span aria-hidden="true">{rank}</span>
      <span aria-hidden="true">{suitSigns[card.suit]}</span>
    </span>
  );
}

/**
 * The deal, shown card by card in dealing order (`revealed` cards so far); the totals count the cards shown and
 * the winning hand is lit once every card is out.
 */
export function Deal({ result, revealed }: { result: BaccaratResult | null; revealed: number }) {
  const { t } = useTranslation();
  const order = result ? dealOrder(result) : [];
  const shown = order.slice(0, revealed);
  const done = result !== null && revealed >= order.length;
  const hand = (side: 'player' | 'banker') => {
    const cards = shown.filter((c) => c.hand === side);
    const won = done && result?.winner === side;
    const tie = done && result?.winner === 'tie';
    return (
      <section
        className={`hand hand--${side}${won ? ' hand--won' : ''}${tie ? ' hand--tie' : ''}`}
        aria-label={t(side === 'player' ? 'spot_player' : 'spot_banker')}
        data-testid={`hand-${side}`}
      >
        <h3>
          {t(side === 'player' ? 'spot_player' : 'spot_banker')}
          <output className="hand__total" data-testid={`total-${side}`}>
            {cards.length > 0 ? baccaratTotal(cards.map((c) => c.card)) : '–'}
          </output>
        </h3>
        <div className="hand__cards">
          {cards.map((c) => (
            <PlayingCard key={c.index} card={c.card} third={c.index === 2} />
          ))}
          {cards.length === 0 ? <span className="card card--back" aria-hidden="true" /> : null}
        </div>
      </section>
    );
  };
  return (
    <div className="deal" aria-live="polite">
      {hand('player')}
      {hand('banker')}
      {done && result ? (
        <p className={`deal__winner deal__winner--${result.winner}`} data-testid="winner" role="status">
          {t(`winner_${result.winner}`)}
          {result.natural ? ` · ${t('natural')}` : ''}
          {result.playerPair ? ` · ${t('spot_playerPair')}` : ''}
          {result.bankerPair ? ` · ${t('spot_bankerPair')}` : ''}
        </p>
      ) : null}
    </div>
  );
}
