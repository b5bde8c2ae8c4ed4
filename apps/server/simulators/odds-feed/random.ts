/** A small seeded generator (mulberry32): the feed must replay the same matches from the same FEED_SEED. */
export type Random = {
  /** Uniform in [0, 1). */
  next: () => number;
  int: (lessThan: number) => number;
  pick: <T>(items: readonly T[]) => T;
  chance: (p: number) => boolean;
  /** Exponentially distributed with this mean. */
  exponential: (mean: number) => number;
  normal: (mean: number, sd: number) => number;
  poisson: (mean: number) => number;
};

/** A 32-bit hash of text (FNV-1a), to derive independent streams: one per fixture, one for pricing, ... */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function random(seed: number | string): Random {
  let state = typeof seed === 'string' ? hash32(seed) : seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng: Random = {
    next,
    int: (lessThan) => Math.floor(next() * lessThan),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    chance: (p) => next() < p,
    exponential: (mean) => -Math.log(1 - next()) * mean,
    normal: (mean, sd) => {
      const u = 1 - next();
      const v = next();
      return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    poisson: (mean) => {
      const limit = Math.exp(-mean);
      let k = 0;
      let p = next();
      while (p > limit) {
        k++;
        p *= next();
      }
      return k;
    },
  };
  return rng;
}
