import { describe, expect, it } from 'vitest';
import { parsePrizeShares, patternsOf, shareText } from './bingo-prizes.ts';

describe('a bingo room’s prize shares in the back office', () => {
  it('reads percent with one decimal into thousandths, in play order, leaving out blank and zero', () => {
    expect(parsePrizeShares('bingo75', { fullHouse: '50', line: '20.5', x: '', fourCorners: '0' })).toEqual([
      { pattern: 'line', sharePermille: 205 },
      { pattern: 'fullHouse', sharePermille: 500 },
    ]);
    expect(
      parsePrizeShares('bingo90', { oneLine: '15', twoLines: '20', fullHouse: '50' })?.map((p) => p.pattern),
    ).toEqual(patternsOf('bingo90'));
  });

  it('refuses what is not a share, no prize at all, and more than the whole of the sales', () => {
    expect(parsePrizeShares('bingo75', { line: '20.55' })).toBeNull();
    expect(parsePrizeShares('bingo75', { line: 'abc' })).toBeNull();
    expect(parsePrizeShares('bingo75', { line: '' })).toBeNull();
    expect(parsePrizeShares('bingo75', { line: '60', fullHouse: '41' })).toBeNull();
  });

  it('shows a room’s share as percent, blank for a pattern it does not play', () => {
    const prizes = [{ pattern: 'line' as const, sharePermille: 205 }];
    expect(shareText(prizes, 'line')).toBe('20.5');
    expect(shareText(prizes, 'x')).toBe('');
  });
});
