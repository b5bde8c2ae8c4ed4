import { z } from 'zod';
import { envelope } from './envelope.ts';
import { moneyDisplayFields } from './wallet.ts';

/**
 * The in-house slot studio's player calls, all under /wps/relay/SLOTS_* (docs/decisions/007-slots-fairness.md).
 * Amounts are integer minor units. Outcomes are the engine's own shape (@tala/slots/engine RoundOutcome).
 */

export const gameCode = z.string().regex(/^[A-Z0-9_-]{2,40}$/, 'gameCode');
export const clientSeed = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'clientSeed');
/** A key the client makes per spin, so that a retried request answers the round already played. */
export const requestId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'requestId');

const text = z.object({ EN: z.string(), TY: z.string() });

export const slotTitle = z.object({
  code: z.string(),
  version: z.number().int(),
  name: text,
  tagline: text,
  lines: z.number().int(),
  bets: z.array(z.number().int()),
  /** The declared RTP in percent with two decimals, computed from the reel strips (game plus jackpot share). */
  rtp: z.string(),
  gameRtp: z.string(),
  jackpotShare: z.string(),
  /** How often free spins start: once in this many paid spins. */
  freeSpinsOneIn: z.number(),
});
export type SlotTitle = z.infer<typeof slotTitle>;
export const titlesResponse = envelope(z.object({ list: z.array(slotTitle) }));

/** An amount with how the merchant's currency shows it (decision 061). */
export const money = z.object({ amount: z.number().int(), ...moneyDisplayFields });
export const jackpotResponse = envelope(
  money.extend({
    hits: z.number().int(),
    lastWin: z.number().int().nullable(),
    lastWonAt: z.string().nullable(),
  }),
);
export const balanceResponse = envelope(money);

export const activeSeedPair = z.object({
  id: z.number().int(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** Rounds played with this pair; the next round's nonce is one more. */
  rounds: z.number().int(),
  nextNonce: z.number().int(),
  createdAt: z.string(),
});
export const revealedSeedPair = z.object({
  id: z.number().int(),
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  rounds: z.number().int(),
  createdAt: z.string(),
  revealedAt: z.string(),
});
export const fairnessValue = z.object({
  active: activeSeedPair,
  /** The member's most recently revealed pairs, newest first. */
  revealed: z.array(revealedSeedPair),
});
export type Fairness = z.infer<typeof fairnessValue>;
export const fairnessResponse = envelope(fairnessValue);

export const clientSeedBody = z.object({ clientSeed });
export const rotateBody = z.object({ clientSeed: clientSeed.optional() }).default({});

/** A spin; a bet with a fraction of the minor unit is refused by the server (amount_too_precise). */
export const spinBody = z.object({ gameCode, bet: z.number().positive(), requestId });

/** The engine's outcome, passed through as JSON (validated by its type in @tala/slots). */
const outcome = z.record(z.string(), z.unknown());

export const roundView = z.object({
  roundId: z.number().int(),
  gameCode: z.string(),
  titleVersion: z.number().int(),
  bet: z.number().int(),
  win: z.number().int(),
  jackpotWin: z.number().int(),
  freeSpins: z.number().int(),
  nonce: z.number().int(),
  clientSeed: z.string(),
  seedPairId: z.number().int(),
  serverSeedHash: z.string(),
  /** Revealed once the pair is rotated; null while it is active. */
  serverSeed: z.string().nullable(),
  balanceAfter: z.number().int(),
  createdAt: z.string(),
  outcome,
});
export type RoundView = z.infer<typeof roundView>;
export const spinResponse = envelope(
  z.object({ round: roundView, balance: z.number().int(), replayed: z.boolean() }),
);

export const recallQuery = z.object({ gameCode: gameCode.optional() });
export const recallResponse = envelope(z.object({ list: z.array(roundView) }));

export const verifyQuery = z.object({ roundId: z.coerce.number().int().positive() });
export const verifyResponse = envelope(roundView);
