import { describe, expect, it } from 'vitest';
import { hotAndCold, positionsOf, trendOf } from './trend.ts';

// Newest first, as the server lists results.
const draws = [
  { issueNo: '3', balls: ['1', '9'] },
  { issueNo: '2', balls: ['1', '0'] },
  { issueNo: '1', balls: ['5', '0'] },
  { issueNo: '0', balls: null },
];

describe('the trend of results', () => {
  it('reads each position oldest first with counts and issues since last drawn', () => {
    expect(positionsOf(draws)).toBe(2);
    const first = trendOf(draws, 0);
    expect(first.series.map((s) => s.value)).toEqual(['5', '1', '1']);
    expect(first.domain).toHaveLength(10);
    expect(first.stats.find((s) => s.value === '1')).toEqual({ value: '1', count: 2, since: 0 });
    expect(first.stats.find((s) => s.value === '5')).toEqual({ value: '5', count: 1, since: 2 });
    expect(first.stats.find((s) => s.value === '7')).toEqual({ value: '7', count: 0, since: 3 });
    const { hot, cold } = hotAndCold(first);
    expect(hot).toEqual(['1']);
    expect(cold).toContain('7');
    expect(cold).not.toContain('5');
  });

  it('takes the values seen as the domain for balls that are not single digits', () => {
    const trend = trendOf(
      [
        { issueNo: 'a', balls: ['12'] },
        { issueNo: 'b', balls: ['03'] },
      ],
      0,
    );
    expect(trend.domain).toEqual(['03', '12']);
  });
});
