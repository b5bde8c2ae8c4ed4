import type { Fairness, RoundView } from '@tala/contracts/slots';
import type { CompiledTitle } from '@tala/slots/engine';
import { playRound } from '@tala/slots/engine';
import { hashServerSeed, newClientSeed, newServerSeed, roundStream } from '@tala/slots/fairness';
import { api } from '../../lib/api.ts';

/**
 * Where the slot page's rounds are played. Real: the server, with the member's wallet. Demo: this browser, with
 * play money and the very same engine and provably-fair stream (seeds made here), recorded nowhere.
 */
export type SlotBackend = {
  mode: 'real' | 'demo';
  currencySymbol: string;
  balance(): Promise<number>;
  fairness(): Promise<Fairness>;
  setClientSeed(seed: string): Promise<Fairness>;
  rotate(): Promise<Fairness>;
  spin(bet: number, requestId: string): Promise<{ round: RoundView; balance: number }>;
  recall(): Promise<RoundView[]>;
};

export function realBackend(title: CompiledTitle, currencySymbol: string): SlotBackend {
  return {
    mode: 'real',
    currencySymbol,
    balance: () => api.balance().then((m) => m.amount),
    fairness: api.fairness,
    setClientSeed: api.setClientSeed,
    rotate: api.rotate,
    spin: (bet, requestId) => api.spin(title.config.code, bet, requestId),
    recall: () => api.recall(title.config.code),
  };
}

/** Play money a demo starts with: P2,000. */
export const demoStartBalance = 200_000;

export function demoBackend(title: CompiledTitle): SlotBackend {
  type Pair = {
    id: number;
    serverSeed: string;
    clientSeed: string;
    rounds: number;
    createdAt: string;
    revealedAt?: string;
  };
  let balance = demoStartBalance;
  let nextId = 1;
  const fresh = (clientSeed: string): Pair => ({
    id: nextId++,
    serverSeed: newServerSeed(),
    clientSeed,
    rounds: 0,
    createdAt: new Date().toISOString(),
  });
  let active = fresh(newClientSeed());
  const revealed: Pair[] = [];
  const rounds: RoundView[] = [];

  const view = (): Fairness => ({
    active: {
      id: active.id,
      serverSeedHash: hashServerSeed(active.serverSeed),
      clientSeed: active.clientSeed,
      rounds: active.rounds,
      nextNonce: active.rounds + 1,
      createdAt: active.createdAt,
    },
    revealed: revealed.slice(0, 5).map((p) => ({
      id: p.id,
      serverSeed: p.serverSeed,
      serverSeedHash: hashServerSeed(p.serverSeed),
      clientSeed: p.clientSeed,
      rounds: p.rounds,
      createdAt: p.createdAt,
      revealedAt: p.revealedAt as string,
    })),
  });

  return {
    mode: 'demo',
    currencySymbol: 'P',
    balance: async () => balance,
    fairness: async () => view(),
    setClientSeed: async (seed) => {
      active.clientSeed = seed;
      return view();
    },
    rotate: async () => {
      active.revealedAt = new Date().toISOString();
      revealed.unshift(active);
      for (const round of rounds) if (round.seedPairId === active.id) round.serverSeed = active.serverSeed;
      active = fresh(active.clientSeed);
      return view();
    },
    spin: async (bet) => {
      if (bet > balance) throw new Error('insufficient_funds');
      const nonce = active.rounds + 1;
      const outcome = playRound(title, bet, roundStream(active.serverSeed, active.clientSeed, nonce));
      active.rounds = nonce;
      balance += outcome.win - bet;
      const round: RoundView = {
        roundId: rounds.length + 1,
        gameCode: title.config.code,
        titleVersion: title.config.version,
        bet,
        win: outcome.win,
        jackpotWin: 0,
        freeSpins: outcome.freeSpins.length,
        nonce,
        clientSeed: active.clientSeed,
        seedPairId: active.id,
        serverSeedHash: hashServerSeed(active.serverSeed),
        serverSeed: null,
        balanceAfter: balance,
        createdAt: new Date().toISOString(),
        outcome: outcome as unknown as Record<string, unknown>,
      };
      rounds.unshift(round);
      if (rounds.length > 10) rounds.pop();
      return { round, balance };
    },
    recall: async () => [...rounds],
  };
}
