import { playRound, type RoundOutcome } from '@tala/slots/engine';
import { hashServerSeed, roundStream } from '@tala/slots/fairness';
import { titleByCode } from '@tala/slots/titles';
import { describe, expect, it } from 'vitest';
import { money } from '../../lib/format.ts';
import { demoBackend, demoStartBalance } from './backend.ts';

describe('demo play', () => {
  const title = titleByCode('TALA-RNG-0001');
  if (!title) throw new Error('title missing');

  it('plays with play money: each round takes the bet and pays the engine’s win', async () => {
    const demo = demoBackend(title);
    expect(await demo.balance()).toBe(demoStartBalance);
    let expected = demoStartBalance;
    for (let i = 0; i < 20; i++) {
      const { round, balance } = await demo.spin(500, `req-${i}`);
      expected += round.win - 500;
      expect(balance).toBe(expected);
      expect(round.nonce).toBe(i + 1);
    }
    expect(await demo.balance()).toBe(expected);
    expect(await demo.recall()).toHaveLength(10);
  });

  it('is provably fair the same way: after rotation every round recomputes from the revealed seed', async () => {
    const demo = demoBackend(title);
    await demo.setClientSeed('demo-seed');
    const before = await demo.fairness();
    for (let i = 0; i < 3; i++) await demo.spin(100, `r${i}`);
    const after = await demo.rotate();
    const revealed = after.revealed[0];
    expect(revealed?.serverSeedHash).toBe(before.active.serverSeedHash);
    expect(hashServerSeed(revealed?.serverSeed ?? '')).toBe(before.active.serverSeedHash);
    expect(after.active.serverSeedHash).not.toBe(before.active.serverSeedHash);
    for (const round of await demo.recall()) {
      expect(round.serverSeed).toBe(revealed?.serverSeed);
      const again = playRound(
        title,
        round.bet,
        roundStream(round.serverSeed ?? '', round.clientSeed, round.nonce),
      );
      expect(again).toEqual(round.outcome as unknown as RoundOutcome);
    }
  });

  it('refuses a bet above the play money', async () => {
    const demo = demoBackend(title);
    await expect(demo.spin(demoStartBalance + 100, 'too-much')).rejects.toThrow('insufficient_funds');
  });
});

describe('money', () => {
  it('shows minor units with thousands separators and centavos', () => {
    expect(money(0)).toBe('P0.00');
    expect(money(5)).toBe('P0.05');
    expect(money(123_456)).toBe('P1,234.56');
    expect(money(-250, '₱')).toBe('-₱2.50');
  });
});
