import type { BingoGame, BingoPatternCode } from '@tala/contracts/bingo';

/** A game's patterns in the order they are played: the smaller ones first, the full house last. */
export function patternsOf(game: BingoGame): BingoPatternCode[] {
  return game === 'bingo75'
    ? ['line', 'fourCorners', 'x', 'twoLines', 'fullHouse']
    : ['oneLine', 'twoLines', 'fullHouse'];
}

/** A prize's share as the form shows it: percent with one decimal ("20.0"), blank when the room does not play it. */
export function shareText(
  prizes: readonly { pattern: BingoPatternCode; sharePermille: number }[],
  pattern: string,
) {
  const prize = prizes.find((p) => p.pattern === pattern);
  return prize ? (prize.sharePermille / 10).toFixed(1) : '';
}

/**
 * The form's shares (percent, up to one decimal; blank or 0 for a pattern not played) as the room's prizes in play
 * order, in thousandths; null when one is not such a number, none is played, or they pass 100 %.
 */
export function parsePrizeShares(
  game: BingoGame,
  shares: Record<string, string>,
): { pattern: BingoPatternCode; sharePermille: number }[] | null {
  const prizes: { pattern: BingoPatternCode; sharePermille: number }[] = [];
  for (const pattern of patternsOf(game)) {
    const text = (shares[pattern] ?? '').trim();
    if (text === '') continue;
    if (!/^\d{1,3}(\.\d)?$/.test(text)) return null;
    const permille = Math.round(Number(text) * 10);
    if (permille > 0) prizes.push({ pattern, sharePermille: permille });
  }
  const total = prizes.reduce((sum, p) => sum + p.sharePermille, 0);
  return prizes.length > 0 && total <= 1000 ? prizes : null;
}
