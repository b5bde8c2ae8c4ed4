import type { PvpGame } from '@tala/contracts/pvp';
import { holdem } from '@tala/live/holdem';
import { pusoyRules } from '@tala/live/pusoy';
import type { PvpRules } from '@tala/live/pvp';
import { tongitsRules } from '@tala/live/tongits';

/** Each game's rules (packages/live), behind the one interface the table loop uses. */
export const pvpRules: Record<PvpGame, PvpRules<unknown, unknown>> = {
  HOLDEM: holdem as PvpRules<unknown, unknown>,
  PUSOY: pusoyRules as PvpRules<unknown, unknown>,
  TONGITS: tongitsRules as PvpRules<unknown, unknown>,
};
