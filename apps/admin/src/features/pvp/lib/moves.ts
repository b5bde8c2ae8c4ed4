type Card = { rank: number; suit: 'S' | 'H' | 'D' | 'C' };
const suitSigns = { S: '♠', H: '♥', D: '♦', C: '♣' } as const;
const rankNames: Record<number, string> = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K' };

const isCard = (v: unknown): v is Card =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Card).rank === 'number' &&
  (v as Card).suit in suitSigns;

export function cardName(card: Card): string {
  return `${rankNames[card.rank] ?? String(card.rank)}${suitSigns[card.suit]}`;
}

/**
 * A move of a hand as the explorer shows it: its kind (translated by the caller: pvpAdmin.moves.<type>) and its
 * cards or amount. Unknown shapes come back as their JSON, so nothing a hand recorded is hidden.
 */
export function moveParts(move: unknown): { type: string | null; detail: string; amount: number | null } {
  if (typeof move !== 'object' || move === null)
    return { type: null, detail: JSON.stringify(move), amount: null };
  const m = move as Record<string, unknown>;
  const type = typeof m.type === 'string' ? m.type : null;
  const cards = [m.cards, m.meld, m.card ? [m.card] : undefined].find(Array.isArray) as unknown[] | undefined;
  const detail = cards?.every(isCard) ? cards.map(cardName).join(' ') : '';
  const amount = typeof m.to === 'number' ? m.to : null;
  if (!type) return { type: null, detail: JSON.stringify(move), amount: null };
  return { type, detail, amount };
}
