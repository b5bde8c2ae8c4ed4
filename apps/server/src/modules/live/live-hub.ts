import type { LiveRound, LiveServerFrame } from '@tala/contracts/live';
import type { WebSocket } from 'ws';
import type { LiveService } from './live.service.ts';

/** How often the clock looks at the tables when nothing is due. */
const TICK_MS = 200;
/** How often it looks while a watched round has closed and its result is not in yet (another process deals it). */
const AWAITING_MS = 20;
/** How often round rows (with their seeds) are made ahead. */
const ENSURE_MS = 5_000;

type Log = { warn: (object: object, message: string) => void };

/**
 * The live tables' clock and sockets in one server process (decision 053). Every process runs the same clock: it
 * makes the round rows ahead, deals and settles the rounds whose betting closed (once each, whichever process locks
 * the round first) and pushes each watched table's round to its own sockets when the round or its status changes
 * in the database. So two processes show the same round without talking to each other: the database is the room.
 */
export function liveHub(live: LiveService, options: { log?: Log; tickMs?: number } = {}) {
  const watchers = new Map<string, Set<WebSocket>>();
  /** Per table, the round and status last pushed. */
  const shown = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let ticking = false;
  let ensuredAt = 0;
  /** When the clock should look next: a watched round's close or the next round's opening, if sooner than a tick. */
  let nextDue = Number.POSITIVE_INFINITY;

  function send(socket: WebSocket, frame: LiveServerFrame) {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  }

  function frameOf(round: LiveRound): LiveServerFrame {
    return {
      type: round.status === 'open' ? 'round' : 'result',
      round,
      serverTime: new Date().toISOString(),
    };
  }

  async function tick() {
    if (ticking) return;
    ticking = true;
    nextDue = Number.POSITIVE_INFINITY;
    try {
      if (Date.now() - ensuredAt >= ENSURE_MS) {
        await live.ensureRounds();
        ensuredAt = Date.now();
      }
      await live.settleDue();
      const codes = [...watchers.keys()];
      if (codes.length === 0) return;
      const now = Date.now();
      for (const round of await live.roundsNow(codes)) {
        const closes = new Date(round.closesAt).getTime();
        // Closed and not dealt yet: look again soon; else at its close or when the next round opens.
        nextDue = Math.min(
          nextDue,
          round.status === 'open'
            ? closes <= now
              ? now + AWAITING_MS
              : closes
            : new Date(round.endsAt).getTime(),
        );
        const key = `${round.roundNo}:${round.status}`;
        if (shown.get(round.tableCode) === key) continue;
        shown.set(round.tableCode, key);
        const frame = frameOf(round);
        for (const socket of watchers.get(round.tableCode) ?? []) send(socket, frame);
      }
    } catch (error) {
      // The database away or busy: the next tick tries again.
      options.log?.warn({ err: error }, 'live tables clock tick failed');
    } finally {
      ticking = false;
    }
  }

  /** The clock: a tick, then the next at the sooner of the tick period and what a watched round is due for. */
  function schedule() {
    if (!running) return;
    const wait = Math.max(0, Math.min(options.tickMs ?? TICK_MS, nextDue - Date.now()));
    timer = setTimeout(() => {
      void tick().finally(schedule);
    }, wait);
    timer.unref();
  }

  function unwatch(socket: WebSocket) {
    for (const [code, sockets] of watchers) {
      sockets.delete(socket);
      if (sockets.size === 0) {
        watchers.delete(code);
        shown.delete(code);
      }
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      void tick().finally(schedule);
    },

    stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },

    /** One pass of the clock (tests drive it themselves). */
    tick,

    /** The socket watches these tables from now on (and no others): it is sent their rounds now at once. */
    async watch(socket: WebSocket, codes: string[]) {
      unwatch(socket);
      for (const code of codes) {
        let set = watchers.get(code);
        if (!set) {
          set = new Set();
          watchers.set(code, set);
        }
        set.add(socket);
      }
      for (const round of await live.roundsNow(codes)) send(socket, frameOf(round));
    },

    unwatch,
    send,

    /** The sockets watching this table or room now (the room chat pushes to those of the message's merchant). */
    watchersOf(code: string): ReadonlySet<WebSocket> {
      return watchers.get(code) ?? new Set();
    },

    sockets() {
      return new Set([...watchers.values()].flatMap((s) => [...s])).size;
    },
  };
}

export type LiveHub = ReturnType<typeof liveHub>;
