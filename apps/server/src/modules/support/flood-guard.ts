/**
 * A sliding-window limit per sender: at most `limit` events in any `windowMs`. Refused events do not count, so a
 * sender who stops flooding is let through again once the window has moved on.
 */
export function floodGuard(limit: number, windowMs: number, now: () => number = Date.now) {
  const events = new Map<string, number[]>();
  let sweptAt = now();

  function sweep(at: number) {
    if (at - sweptAt < windowMs) return;
    sweptAt = at;
    for (const [key, times] of events) if ((times.at(-1) ?? 0) <= at - windowMs) events.delete(key);
  }

  return {
    /** Records an event for `key` and says whether it is allowed. */
    allow(key: string): boolean {
      const at = now();
      sweep(at);
      const recent = (events.get(key) ?? []).filter((t) => t > at - windowMs);
      if (recent.length >= limit) {
        events.set(key, recent);
        return false;
      }
      recent.push(at);
      events.set(key, recent);
      return true;
    },
  };
}
