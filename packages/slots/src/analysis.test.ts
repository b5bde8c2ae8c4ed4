import { describe, expect, it } from 'vitest';
import { analyseTitle } from './analysis.ts';
import {
  type CompiledReels,
  type CompiledTitle,
  compileTitle,
  evaluateSpin,
  playRound,
  type TitleConfig,
} from './engine.ts';
import { roundStream } from './fairness.ts';
import { type Fraction, percent, toNumber } from './fraction.ts';
import { titleByCode, titleConfigs } from './titles.ts';

/** A small title whose every stop combination can be played: reels of 4 to 6 stops. */
const small: TitleConfig = {
  code: 'TEST-SMALL',
  version: 1,
  name: { EN: 'Small', TY: 'Small' },
  tagline: { EN: '', TY: '' },
  palette: { primary: '#000', accent: '#000', reelLight: '#fff', reelDark: '#000' },
  lines: 25,
  symbols: [
    {
      code: 'W',
      kind: 'wild',
      art: 'sun',
      name: { EN: 'W', TY: 'W' },
      pays: { 2: 2, 3: 20, 4: 100, 5: 500 },
    },
    { code: 'S', kind: 'scatter', art: 'star', name: { EN: 'S', TY: 'S' } },
    { code: 'A', kind: 'regular', art: 'card-a', name: { EN: 'A', TY: 'A' }, pays: { 3: 10, 4: 40, 5: 100 } },
    {
      code: 'K',
      kind: 'regular',
      art: 'card-k',
      name: { EN: 'K', TY: 'K' },
      pays: { 2: 1, 3: 5, 4: 20, 5: 80 },
    },
    { code: 'Q', kind: 'regular', art: 'card-q', name: { EN: 'Q', TY: 'Q' }, pays: { 3: 2, 4: 8, 5: 30 } },
  ],
  reels: ['WAKQS', 'AKQWQK', 'SKAQ', 'QAWKS', 'KQAQ'],
  scatter: { pays: { 3: 2, 4: 10, 5: 50 }, freeSpins: { 3: 5, 4: 8, 5: 12 } },
  freeSpins: { multiplier: 2, reels: ['WAKQSAKQ', 'AKWQ', 'SKAQWA', 'QAWKQ', 'KQASQK'] },
  bets: [2500],
  jackpot: { shareBp: 100, oneInAtMaxBet: 1000 },
};

/** Plays every stop combination of a reel set at line bet 1: total line pays, scatter pays (in total bets), awards. */
function bruteForce(title: CompiledTitle, reels: CompiledReels) {
  const lengths = reels.strips.map((s) => s.length);
  let lines = 0n;
  let scatter = 0n;
  let awards = 0n;
  let combinations = 0n;
  const stops = [0, 0, 0, 0, 0];
  const walk = (reel: number) => {
    if (reel === 5) {
      const spin = evaluateSpin(title, reels, stops, 1, 1);
      lines += BigInt(spin.win - spin.scatterWin);
      scatter += BigInt(spin.scatterWin);
      awards += BigInt(spin.freeSpinsAwarded);
      combinations += 1n;
      return;
    }
    for (let s = 0; s < (lengths[reel] as number); s++) {
      stops[reel] = s;
      walk(reel + 1);
    }
  };
  walk(0);
  const lineCount = BigInt(title.config.lines);
  return {
    // Per line, in line bets; scatter in total bets (= lines × line bet).
    line: { n: lines, d: combinations * lineCount },
    scatter: { n: scatter, d: combinations * lineCount },
    awards: { n: awards, d: combinations },
  };
}

const same = (a: Fraction, b: Fraction) => expect(a.n * b.d).toBe(b.n * a.d);

describe('exact RTP', () => {
  const title = compileTitle(small);
  const math = analyseTitle(title);

  it('equals playing every stop combination of the paid-spin reels', () => {
    const brute = bruteForce(title, title.base);
    same(math.base.line, brute.line);
    same(math.base.scatter, brute.scatter);
    same(math.base.awards, brute.awards);
  });

  it('equals playing every stop combination of the free-spin reels', () => {
    const brute = bruteForce(title, title.free);
    same(math.free.line, brute.line);
    same(math.free.scatter, brute.scatter);
    same(math.free.awards, brute.awards);
  });

  it('counts retriggers as Wald’s identity says: measured free spins per feature agree', () => {
    // A deterministic stream of 60,000 rounds; the feature length's standard error is well under 2%.
    let features = 0;
    let spins = 0;
    for (let nonce = 0; nonce < 60_000; nonce++) {
      const round = playRound(title, 2500, roundStream('analysis-test', 'wald', nonce));
      if (round.freeSpins.length > 0) {
        features++;
        spins += round.freeSpins.length;
      }
    }
    expect(features).toBeGreaterThan(1000);
    expect(spins / features).toBeCloseTo(toNumber(math.freeSpinsPerFeature), 0);
    expect(Math.abs(spins / features / toNumber(math.freeSpinsPerFeature) - 1)).toBeLessThan(0.06);
  });

  it('declares each studio title’s game RTP plus its jackpot share', () => {
    for (const config of titleConfigs) {
      const m = analyseTitle(titleByCode(config.code)!);
      expect(toNumber(m.jackpotRtp)).toBe(config.jackpot.shareBp / 10_000);
      expect(toNumber(m.totalRtp)).toBeCloseTo(toNumber(m.gameRtp) + toNumber(m.jackpotRtp), 12);
      // What an operator would certify: between 94% and 97% in all.
      expect(toNumber(m.totalRtp)).toBeGreaterThan(0.94);
      expect(toNumber(m.totalRtp)).toBeLessThan(0.97);
      expect(percent(m.totalRtp)).toMatch(/^9[4-6]\.\d\d$/);
    }
  });

  it('refuses free spins that would never end on average', () => {
    const endless = { ...small, freeSpins: { multiplier: 2, reels: ['SQA', 'SQA', 'SQA', 'SQA', 'SQA'] } };
    expect(() => analyseTitle(compileTitle(endless))).toThrow(/never end/);
  });
});
