import type { PvpGame } from '@tala/contracts/pvp';
import type { GameParts } from './game-parts.ts';
import { pusoyParts } from './pusoy-parts.tsx';

// biome-ignore lint/suspicious/noExplicitAny: each game has its own view type
const byGame: Partial<Record<PvpGame, GameParts<any>>> = {
  PUSOY: pusoyParts,
};

/** The table page's parts for a game, or null for a game this client does not draw yet. */
// biome-ignore lint/suspicious/noExplicitAny: each game has its own view type
export function partsFor(game: PvpGame): GameParts<any> | null {
  return byGame[game] ?? null;
}
