import { describe, expect, it } from 'vitest';
import { floodGuard } from './flood-guard.ts';

describe('floodGuard', () => {
  it('allows the limit in any window per sender, and lets a sender who stopped back in', () => {
    let now = 0;
    const guard = floodGuard(3, 1000, () => now);
    expect([1, 2, 3, 4].map(() => guard.allow('a'))).toEqual([true, true, true, false]);
    expect(guard.allow('b')).toBe(true);
    now = 500;
    expect(guard.allow('a')).toBe(false);
    now = 1001;
    // The refused attempts did not count: the window holds nothing any more.
    expect([1, 2, 3, 4].map(() => guard.allow('a'))).toEqual([true, true, true, false]);
  });
});
