import type { PvpGame } from '@tala/contracts/pvp';
import type { GameParts } from './game-parts.ts';
import { holdemParts } from './holdem-parts.tsx';
import { pusoyParts } from './pusoy-parts.tsx';
import { tongitsParts } from './tongits-parts.tsx';

// biome-ignore lint/suspicious/noExplicitAny: each game has its own view type
const byGame: Partial<Record<PvpGame, GameParts<any>>> = {
  HOLDEM: holdemParts,
  PUSOY: pusoyParts,
  TONGITS: tongitsParts,
};

/** The table page's parts for a game, or null for a game this client does not draw yet. */
// biome-ignore lint/suspicious/noExplicitAny: each game has its own view type
export function partsFor(game: PvpGame): GameParts<any> | null {
  return byGame[game] ?? null;
}
