import type { Card } from '@tala/live/cards';

const suitSigns: Record<Card['suit'], string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const rankNames: Record<number, string> = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K' };

/** "A♠", "10♥": how a card is named on screen and to screen readers. */
export function cardName(card: Card): string {
  return `${rankNames[card.rank] ?? String(card.rank)}${suitSigns[card.suit]}`;
}

/** A stable key for a card (one deck: rank and suit are unique). */
export function cardKey(card: Card): string {
  return `${card.rank}${card.suit}`;
}

function Face({ card }: { card: Card }) {
  const name = cardName(card);
  return (
    <>
      <span aria-hidden="true" className="pvp-card__rank">
        {name.slice(0, -1)}
      </span>
      <span aria-hidden="true" className="pvp-card__suit">
        {suitSigns[card.suit]}
      </span>
    </>
  );
}

const red = (card: Card) => card.suit === 'H' || card.suit === 'D';

/** A card face up, or its back when `card` is null (a card dealt but not shown). */
export function PvpCard({ card, small = false }: { card: Card | null; small?: boolean }) {
  if (!card)
    return (
      <span className={`pvp-card pvp-card--back${small ? ' pvp-card--small' : ''}`} aria-hidden="true" />
    );
  return (
    <span
      className={`pvp-card${red(card) ? ' pvp-card--red' : ''}${small ? ' pvp-card--small' : ''}`}
      role="img"
      aria-label={cardName(card)}
      data-card={cardKey(card)}
    >
      <Face card={card} />
    </span>
  );
}

/** A card of the member's own hand that can be picked (Pusoy Dos, Tongits): a toggle button. */
export function CardToggle({
  card,
  selected,
  playable,
  disabled,
  onToggle,
}: {
  card: Card;
  selected: boolean;
  /** Part of some legal play now: lit, to help the eye. */
  playable?: boolean;
  disabled?: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className={`pvp-card pvp-card--pick${red(card) ? ' pvp-card--red' : ''}${selected ? ' pvp-card--selected' : ''}${playable ? ' pvp-card--playable' : ''}`}
      aria-pressed={selected}
      aria-label={cardName(card)}
      data-card={cardKey(card)}
      disabled={disabled}
      onClick={onToggle}
    >
      <Face card={card} />
    </button>
  );
}

/** A row of cards; `count` backs when the cards are not shown. */
export function CardRow({
  cards,
  backs = 0,
  small,
  label,
}: {
  cards: readonly Card[];
  backs?: number;
  small?: boolean;
  label?: string;
}) {
  return (
    <ul className="pvp-cards" aria-label={label}>
      {cards.map((c) => (
        <li key={cardKey(c)}>
          <PvpCard card={c} small={small} />
        </li>
      ))}
      {Array.from({ length: backs }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: backs have no identity
        <li key={`back-${i}`}>
          <PvpCard card={null} small={small} />
        </li>
      ))}
    </ul>
  );
}
