import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BetNotAllowed,
  compileTitle,
  evaluateSpin,
  jackpotDraw,
  lineWin,
  maxFreeSpinsPerRound,
  playRound,
  type TitleConfig,
} from './engine.ts';
import { paylines } from './paylines.ts';
import { drawsOf } from './test-sources.ts';
import { titleByCode, titleConfigs } from './titles.ts';

/**
 * A small title for exact checks. Its reels are three stops long, so stop 0 shows the whole strip top to bottom
 * and a test writes the window it wants as five columns.
 */
function testConfig(columns: string[], freeColumns: string[] = columns): TitleConfig {
  return {
    code: 'TEST-1',
    version: 1,
    name: { EN: 'Test', TY: 'Test' },
    tagline: { EN: '', TY: '' },
    palette: { primary: '#000', accent: '#000', reelLight: '#fff', reelDark: '#000' },
    lines: 5,
    symbols: [
      { code: 'W', kind: 'wild', art: 'sun', name: { EN: 'W', TY: 'W' }, pays: { 3: 50, 4: 200, 5: 1000 } },
      { code: 'S', kind: 'scatter', art: 'star', name: { EN: 'S', TY: 'S' } },
      {
        code: 'A',
        kind: 'regular',
        art: 'card-a',
        name: { EN: 'A', TY: 'A' },
        pays: { 3: 10, 4: 40, 5: 100 },
      },
      {
        code: 'K',
        kind: 'regular',
        art: 'card-k',
        name: { EN: 'K', TY: 'K' },
        pays: { 2: 1, 3: 5, 4: 20, 5: 80 },
      },
      { code: 'Q', kind: 'regular', art: 'card-q', name: { EN: 'Q', TY: 'Q' }, pays: { 3: 2, 4: 8, 5: 30 } },
    ],
    reels: columns,
    scatter: { pays: { 3: 2, 4: 10, 5: 50 }, freeSpins: { 3: 3, 4: 5, 5: 10 } },
    freeSpins: { multiplier: 3, reels: freeColumns },
    bets: [100, 200, 500],
    jackpot: { shareBp: 100, oneInAtMaxBet: 1000 },
  };
}
const fillerColumns = ['QKA', 'KAQ', 'AQK', 'QKA', 'KAQ'];

function lineOf(symbols: string) {
  const title = compileTitle(testConfig(fillerColumns));
  const result = lineWin(
    title,
    [...symbols].map((c) => title.codes.indexOf(c)),
  );
  return { symbol: title.codes[result.symbol] ?? null, count: result.count, pay: result.pay };
}

describe('paylines', () => {
  it('are 25 distinct lines of five rows, each row 0..2', () => {
    expect(paylines).toHaveLength(25);
    expect(new Set(paylines.map((l) => l.join(''))).size).toBe(25);
    for (const line of paylines) for (const row of line) expect([0, 1, 2]).toContain(row);
  });

  it('pay each title on its own lines: a 3-of-a-kind on line 4 (V shape) pays on line 4 only', () => {
    // Line 4 reads rows 0,1,2,1,0: put A there and nothing else lines up.
    const title = compileTitle(testConfig(['AKQ', 'QAK', 'KQA', 'QKK', 'QQK']));
    const spin = evaluateSpin(title, title.base, [0, 0, 0, 0, 0], 2, 1);
    expect(spin.lineWins).toEqual([{ line: 4, symbol: 'A', count: 3, amount: 20 }]);
    expect(spin.win).toBe(20);
  });
});

describe('line pays', () => {
  it('pays 3, 4 and 5 of a kind from the leftmost reel only', () => {
    expect(lineOf('AAAKQ')).toEqual({ symbol: 'A', count: 3, pay: 10 });
    expect(lineOf('AAAAQ')).toEqual({ symbol: 'A', count: 4, pay: 40 });
    expect(lineOf('AAAAA')).toEqual({ symbol: 'A', count: 5, pay: 100 });
    expect(lineOf('QAAAA')).toEqual({ symbol: null, count: 0, pay: 0 });
    expect(lineOf('AAKAA')).toEqual({ symbol: null, count: 0, pay: 0 });
  });

  it('pays a 2-of-a-kind only for a symbol that has a 2 pay', () => {
    expect(lineOf('KKQAA')).toEqual({ symbol: 'K', count: 2, pay: 1 });
    expect(lineOf('AAQKK')).toEqual({ symbol: null, count: 0, pay: 0 });
  });

  it('lets the wild stand in anywhere in the run', () => {
    expect(lineOf('AWAQK')).toEqual({ symbol: 'A', count: 3, pay: 10 });
    expect(lineOf('WAAAK')).toEqual({ symbol: 'A', count: 4, pay: 40 });
    expect(lineOf('WWAWA')).toEqual({ symbol: 'A', count: 5, pay: 100 });
  });

  it('pays the wild run itself when that is worth more than the symbol it would complete', () => {
    // W W W Q Q: three wilds pay 50; as Q the line is five of a kind worth 30.
    expect(lineOf('WWWQQ')).toEqual({ symbol: 'W', count: 3, pay: 50 });
    // W W W A A: as A it is five of a kind worth 100, more than the wilds' 50.
    expect(lineOf('WWWAA')).toEqual({ symbol: 'A', count: 5, pay: 100 });
    expect(lineOf('WWWWW')).toEqual({ symbol: 'W', count: 5, pay: 1000 });
  });

  it('never lets the wild stand in for the scatter, and the scatter breaks a line', () => {
    expect(lineOf('SSSQQ')).toEqual({ symbol: null, count: 0, pay: 0 });
    expect(lineOf('WWSAA')).toEqual({ symbol: null, count: 0, pay: 0 });
    expect(lineOf('WWWSA')).toEqual({ symbol: 'W', count: 3, pay: 50 });
    expect(lineOf('AASAA')).toEqual({ symbol: null, count: 0, pay: 0 });
  });

  it('never pays a line more than its best single combination (property)', () => {
    const title = compileTitle(testConfig(fillerColumns));
    const best = Math.max(...title.pays.flatMap((row) => [...row]));
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: title.codes.length - 1 }), { minLength: 5, maxLength: 5 }),
        (symbols) => {
          const { pay, count, symbol } = lineWin(title, symbols);
          expect(pay).toBeGreaterThanOrEqual(0);
          expect(pay).toBeLessThanOrEqual(best);
          if (pay > 0) {
            // The paid run starts at reel 1 and every symbol in it is the paid one or a wild.
            for (let r = 0; r < count; r++) expect([symbol, title.wild]).toContain(symbols[r]);
          }
        },
      ),
    );
  });
});

describe('scatters and free spins', () => {
  it('pays scatters anywhere in multiples of the total bet, and awards free spins for three or more', () => {
    const title = compileTitle(testConfig(['SQA', 'KSQ', 'AKQ', 'QAS', 'KAQ']));
    const spin = evaluateSpin(title, title.base, [0, 0, 0, 0, 0], 20, 1);
    expect(spin.scatterCount).toBe(3);
    expect(spin.scatterWin).toBe(2 * 100);
    expect(spin.freeSpinsAwarded).toBe(3);
  });

  it('multiplies every free-spin win, line and scatter', () => {
    const title = compileTitle(testConfig(['SAA', 'KAS', 'AKQ', 'QAS', 'KAQ']));
    const once = evaluateSpin(title, title.base, [0, 0, 0, 0, 0], 20, 1);
    const tripled = evaluateSpin(title, title.base, [0, 0, 0, 0, 0], 20, 3);
    expect(once.win).toBeGreaterThan(0);
    expect(tripled.win).toBe(3 * once.win);
    expect(tripled.lineWins.map((w) => w.amount)).toEqual(once.lineWins.map((w) => w.amount * 3));
  });

  it('plays the awarded free spins on the free reels and adds retriggered ones', () => {
    // Base reels of 3 stops: stop 0 shows three scatters (3 free spins). Free reels of 4 stops: stop 0 shows three
    // scatters again (3 more), stop 1 shows none.
    const config = testConfig(['SQA', 'KSQ', 'QKS', 'AQK', 'KAQ'], ['SQAK', 'KSQA', 'QKSA', 'AQKA', 'KAQK']);
    const title = compileTitle(config);
    const draws = [
      ...[0, 0, 0, 0, 0], // paid spin
      999, // jackpot draw: no hit (needs < 100)
      ...[0, 0, 0, 0, 0], // free spin 1: retrigger +3
      ...[1, 1, 1, 1, 1], // free spins 2..6: no scatters
      ...[1, 1, 1, 1, 1],
      ...[1, 1, 1, 1, 1],
      ...[1, 1, 1, 1, 1],
      ...[1, 1, 1, 1, 1],
    ];
    const source = drawsOf(draws);
    const round = playRound(title, 100, source);
    expect(round.base.freeSpinsAwarded).toBe(3);
    expect(round.freeSpins).toHaveLength(6);
    expect(round.freeSpins[0]!.freeSpinsAwarded).toBe(3);
    expect(round.freeSpins.every((s) => s.multiplier === 3)).toBe(true);
    expect(round.win).toBe(round.base.win + round.freeSpins.reduce((sum, s) => sum + s.win, 0));
    expect(round.jackpotHit).toBe(false);
    expect(source.remaining()).toBe(0);
  });

  it('stops a round at the safety limit of free spins', () => {
    // Free reels that always show three scatters: every free spin retriggers.
    const config = testConfig(['SQA', 'KSQ', 'QKS', 'AQK', 'KAQ'], ['SQA', 'KSQ', 'QKS', 'AQK', 'KAQ']);
    const title = compileTitle({ ...config, scatter: { ...config.scatter, freeSpins: { 3: 1 } } });
    const zeros = { nextByte: () => 0 };
    expect(() => compileTitle(config)).not.toThrow();
    expect(playRound(title, 100, zeros).freeSpins).toHaveLength(maxFreeSpinsPerRound);
  });
});

describe('jackpot draw', () => {
  it('falls with chance bet / max bet / oneIn: a draw below the bet hits', () => {
    const title = compileTitle(testConfig(fillerColumns));
    // oneIn 1000 at max bet 500: the draw is uniform below 500,000.
    expect(jackpotDraw(title, 100, drawsOf([99]))).toBe(true);
    expect(jackpotDraw(title, 100, drawsOf([100]))).toBe(false);
    expect(jackpotDraw(title, 500, drawsOf([499]))).toBe(true);
    expect(jackpotDraw(title, 500, drawsOf([499_999]))).toBe(false);
  });
});

describe('configuration checks', () => {
  it('accepts the studio titles', () => {
    for (const config of titleConfigs) expect(titleByCode(config.code)?.config).toBe(config);
    expect(titleByCode('TALA-RNG-9999')).toBeUndefined();
  });

  it('refuses inconsistent configurations', () => {
    const good = testConfig(fillerColumns);
    const bad: [string, TitleConfig][] = [
      ['unknown symbol', { ...good, reels: ['QKX', ...fillerColumns.slice(1)] }],
      ['four reels', { ...good, reels: fillerColumns.slice(1) }],
      ['bet not a multiple of the lines', { ...good, bets: [52] }],
      ['bets not ascending', { ...good, bets: [100, 50] }],
      ['fractional jackpot share', { ...good, bets: [5, 10, 15] }],
      [
        'two wilds',
        { ...good, symbols: good.symbols.map((s) => (s.code === 'A' ? { ...s, kind: 'wild' } : s)) },
      ],
      ['jackpot range over 32 bits', { ...good, jackpot: { shareBp: 100, oneInAtMaxBet: 10_000_000 } }],
      ['multiplier 0', { ...good, freeSpins: { ...good.freeSpins, multiplier: 0 } }],
    ];
    for (const [why, config] of bad) expect(() => compileTitle(config), why).toThrow();
  });

  it('refuses a bet that is not one of the title’s', () => {
    const title = titleByCode('TALA-RNG-0001')!;
    for (const bet of [0, 150, 100.5, -100])
      expect(() => playRound(title, bet, drawsOf([]))).toThrow(BetNotAllowed);
  });
});
