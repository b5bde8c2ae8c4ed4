/**
 * What is due when on the feed's clock: a binary heap ordered by time, then by the order things were planned in, so
 * two runs of the same seed do the same things in the same order whatever the wall clock did.
 */
type Action = { at: number; order: number; run: () => void };

export class ActionQueue {
  private readonly heap: Action[] = [];
  private order = 0;

  get size() {
    return this.heap.length;
  }

  /** When the next action is due; undefined when nothing is planned. */
  nextAt(): number | undefined {
    return this.heap[0]?.at;
  }

  plan(at: number, run: () => void) {
    const action = { at: Math.round(at), order: this.order++, run };
    const q = this.heap;
    q.push(action);
    let i = q.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(action, q[parent] as Action)) break;
      q[i] = q[parent] as Action;
      i = parent;
    }
    q[i] = action;
  }

  /** Removes and answers the action due first. */
  take(): { at: number; run: () => void } {
    const q = this.heap;
    const top = q[0] as Action;
    const last = q.pop() as Action;
    if (q.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        let best = last;
        if (l < q.length && before(q[l] as Action, best)) {
          m = l;
          best = q[l] as Action;
        }
        if (r < q.length && before(q[r] as Action, best)) {
          m = r;
          best = q[r] as Action;
        }
        if (m === i) break;
        q[i] = best;
        i = m;
      }
      q[i] = last;
    }
    return top;
  }
}

function before(a: Action, b: Action) {
  return a.at < b.at || (a.at === b.at && a.order < b.order);
}
