import type { PvpGame } from '@tala/contracts/pvp';
import { holdemRules } from '@tala/live/holdem';
import type { PvpRules } from '@tala/live/pvp';
import { pusoyRules } from '@tala/live/pusoy';
import { tongitsRules } from '@tala/live/tongits';

/** Each game's rules (packages/live), behind the one interface the table loop uses. */
export const pvpRules: Record<PvpGame, PvpRules<unknown, unknown>> = {
  HOLDEM: holdemRules as PvpRules<unknown, unknown>,
  PUSOY: pusoyRules as PvpRules<unknown, unknown>,
  TONGITS: tongitsRules as PvpRules<unknown, unknown>,
};
