/**
 * The trend of a game's results (its draws' `balls`, newest first): per position, the value drawn in each issue,
 * how often each value came out (hot) and how many issues since it last did (cold). Pure, so it is tested alone.
 */
export type TrendDraw = { issueNo: string; balls: string[] | null };

export type PositionTrend = {
  /** The values this position can take, in order (0–9 for digits). */
  domain: string[];
  /** Oldest first: each issue's value at this position. */
  series: { issueNo: string; value: string }[];
  /** Per value of the domain: times drawn, and issues since it was last drawn (the whole span if never). */
  stats: { value: string; count: number; since: number }[];
};

export function positionsOf(draws: readonly TrendDraw[]): number {
  return Math.max(0, ...draws.map((d) => d.balls?.length ?? 0));
}

export function trendOf(draws: readonly TrendDraw[], position: number): PositionTrend {
  const series = draws
    .filter((d) => d.balls && d.balls[position] !== undefined)
    .map((d) => ({ issueNo: d.issueNo, value: (d.balls as string[])[position] as string }))
    .reverse();
  const values = new Set(series.map((s) => s.value));
  const digits = [...values].every((v) => /^\d$/.test(v));
  const domain = digits
    ? Array.from({ length: 10 }, (_, n) => String(n))
    : [...values].sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
  const stats = domain.map((value) => {
    let count = 0;
    let last = -1;
    series.forEach((s, i) => {
      if (s.value === value) {
        count += 1;
        last = i;
      }
    });
    return { value, count, since: last === -1 ? series.length : series.length - 1 - last };
  });
  return { domain, series, stats };
}

/** The hottest (most drawn) and coldest (longest absent) values of a position, ties all named. */
export function hotAndCold(trend: PositionTrend) {
  const most = Math.max(0, ...trend.stats.map((s) => s.count));
  const longest = Math.max(0, ...trend.stats.map((s) => s.since));
  return {
    hot: trend.stats.filter((s) => s.count === most && most > 0).map((s) => s.value),
    cold: trend.stats.filter((s) => s.since === longest).map((s) => s.value),
  };
}
