import { describe, expect, it } from 'vitest';
import { declaredReturns, gameRules, isSpot, parseSpot } from './live-games.ts';

describe('spot codes', () => {
  it('reads a kind and its ascending numbers, and nothing else', () => {
    expect(parseSpot('player')).toEqual({ kind: 'player', numbers: [] });
    expect(parseSpot('split-17-20')).toEqual({ kind: 'split', numbers: [17, 20] });
    for (const bad of [
      'split-20-17',
      'straight-017',
      'straight-',
      '-1',
      'straight-1.5',
      'total-10-10',
      'a_b',
    ])
      expect(parseSpot(bad), bad).toBeUndefined();
  });

  it('knows each game’s spots and refuses what its layout does not have', () => {
    expect(['player', 'banker', 'tie', 'playerPair', 'bankerPair'].every((s) => isSpot('baccarat', s))).toBe(
      true,
    );
    expect(isSpot('baccarat', 'dragon')).toBe(false);
    expect(['dragon', 'tiger', 'tie'].every((s) => isSpot('dragon_tiger', s))).toBe(true);
    for (const good of [
      'straight-0',
      'straight-36',
      'split-0-1',
      'split-17-20',
      'street-1-2-3',
      'corner-1-2-4-5',
    ])
      expect(isSpot('roulette', good), good).toBe(true);
    for (const good of ['sixLine-31-32-33-34-35-36', 'dozen-3', 'column-1', 'red', 'high'])
      expect(isSpot('roulette', good), good).toBe(true);
    for (const bad of ['straight-37', 'split-17-19', 'street-2-3-4', 'dozen-4', 'red-1', 'banker'])
      expect(isSpot('roulette', bad), bad).toBe(false);
    for (const good of [
      'small',
      'big',
      'anyTriple',
      'triple-6',
      'double-1',
      'single-3',
      'total-4',
      'combination-1-6',
    ])
      expect(isSpot('sicbo', good), good).toBe(true);
    for (const bad of ['total-3', 'total-18', 'single-7', 'combination-2-2', 'combination-3-1', 'small-1'])
      expect(isSpot('sicbo', bad), bad).toBe(false);
  });
});

describe('returns on a written-out result (stake included)', () => {
  it('roulette pays a straight 35:1 and loses outside bets on zero', () => {
    const { returns } = gameRules('roulette');
    expect(returns({ number: 17 }, 'straight-17', 1_000)).toBe(36_000);
    expect(returns({ number: 17 }, 'split-17-20', 1_000)).toBe(18_000);
    expect(returns({ number: 17 }, 'black', 1_000)).toBe(2_000);
    expect(returns({ number: 17 }, 'red', 1_000)).toBe(0);
    expect(returns({ number: 0 }, 'low', 1_000)).toBe(0);
    expect(returns({ number: 0 }, 'split-0-1', 1_000)).toBe(18_000);
  });

  it('sic bo pays by the dice', () => {
    const { returns } = gameRules('sicbo');
    const dice = { dice: [2, 2, 5] };
    expect(returns(dice, 'small', 1_000)).toBe(2_000);
    expect(returns(dice, 'double-2', 1_000)).toBe(11_000);
    expect(returns(dice, 'single-2', 1_000)).toBe(3_000);
    expect(returns(dice, 'total-9', 1_000)).toBe(7_000);
    expect(returns(dice, 'combination-2-5', 1_000)).toBe(6_000);
    expect(returns({ dice: [3, 3, 3] }, 'small', 1_000)).toBe(0);
  });

  it('dragon tiger returns half of a side bet on a tie', () => {
    const { returns } = gameRules('dragon_tiger');
    const tie = { dragon: { rank: 9, suit: 'S' }, tiger: { rank: 9, suit: 'H' }, winner: 'tie' };
    expect(returns(tie, 'dragon', 1_001)).toBe(500);
    expect(returns(tie, 'tie', 1_000)).toBe(9_000);
  });
});

describe('declared returns', () => {
  it('are the engine’s exact ones, rounded down to two decimals', () => {
    expect(declaredReturns('baccarat')).toMatchObject({ banker: '98.94', player: '98.76', tie: '85.64' });
    expect(declaredReturns('dragon_tiger')).toMatchObject({ dragon: '96.26', tie: '67.22' });
    expect(declaredReturns('roulette')).toMatchObject({ straight: '97.29', red: '97.29' });
    expect(declaredReturns('sicbo')).toMatchObject({ small: '97.22', total: '81.01' });
  });
});
