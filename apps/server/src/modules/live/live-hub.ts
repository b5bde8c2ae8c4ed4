import type { LiveRound, LiveServerFrame } from '@tala/contracts/live';
import type { WebSocket } from 'ws';
import type { LiveService } from './live.service.ts';

/** How often the clock looks at the tables: a round's close is dealt and shown within about this. */
const TICK_MS = 200;
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
  let ticking = false;
  let ensuredAt = 0;

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
    try {
      if (Date.now() - ensuredAt >= ENSURE_MS) {
        await live.ensureRounds();
        ensuredAt = Date.now();
      }
      await live.settleDue();
      const codes = [...watchers.keys()];
      if (codes.length === 0) return;
      for (const round of await live.roundsNow(codes)) {
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
      if (timer) return;
      timer = setInterval(() => void tick(), options.tickMs ?? TICK_MS);
      timer.unref();
      void tick();
    },

    stop() {
      if (timer) clearInterval(timer);
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

    sockets() {
      return new Set([...watchers.values()].flatMap((s) => [...s])).size;
    },
  };
}

export type LiveHub = ReturnType<typeof liveHub>;
