import type { BingoServerFrame } from '@tala/contracts/bingo';
import type { FishServerFrame, FishWave } from '@tala/contracts/fish';
import type { LiveRound, LiveServerFrame } from '@tala/contracts/live';
import type { WebSocket } from 'ws';
import { AppError } from '../../http/app-error.ts';
import type { BingoService } from './bingo.service.ts';
import type { LiveService } from './live.service.ts';

/** How often the clock looks at the tables when nothing is due. */
const TICK_MS = 200;
/** How often it looks while a watched round has closed and its result is not in yet (another process deals it). */
const AWAITING_MS = 20;
/** How often round rows (with their seeds) are made ahead. */
const ENSURE_MS = 5_000;

type Log = { warn: (object: object, message: string) => void };

export type HubFrame = LiveServerFrame | BingoServerFrame | FishServerFrame;

/** A fish room as the clock sees it: whose it is and when its waves start (docs/decisions/056-fish-rooms.md). */
export type FishHubRoom = { merchantId: number; epoch: Date; waveSeconds: number; maintenance: boolean };

/** What the clock needs of the fish rooms (modules/fish): their waves made ahead, quiet seats freed, waves now. */
export type FishHubPort = {
  rooms(): Promise<Map<string, FishHubRoom>>;
  ensureWaves(): Promise<void>;
  freeIdleSeats(): Promise<void>;
  wavesNow(codes: string[]): Promise<{ room: { code: string; merchant_id: number }; wave: FishWave }[]>;
};

const fishWaveNo = (room: FishHubRoom, at: number) =>
  Math.floor((at - room.epoch.getTime()) / (room.waveSeconds * 1000));

/**
 * The live tables' and bingo rooms' clock and sockets in one server process (decisions 053 and 055). Every process
 * runs the same clock: it makes the round rows ahead, deals and settles the rounds whose betting closed, fixes each
 * bingo game's draw at its close and pays it after its last prize's ball (each once, whichever process locks the
 * round first), and pushes each watched table's round and room's game to its own sockets when it changes in the
 * database (a room's game also at each ball). So two processes show the same round without talking to each other:
 * the database is the room. A room's frames are each socket's merchant's view (its sales, pools and winners).
 */
export function liveHub(
  live: LiveService,
  bingo: BingoService,
  options: { log?: Log; tickMs?: number; fish?: FishHubPort } = {},
) {
  const fish = options.fish;
  /** The fish rooms by code (read again with the rounds made ahead). */
  let fishRooms = new Map<string, FishHubRoom>();
  const watchers = new Map<string, Set<WebSocket>>();
  /** Per table or room, the round and status (a room's: and balls called) last pushed. */
  const shown = new Map<string, string>();
  /** The merchant each socket was opened for (a room's frames are that merchant's view); null when unknown. */
  const merchantOf = new WeakMap<WebSocket, number | null>();
  /** The codes that name bingo rooms (read again with the rounds made ahead). */
  let rooms = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let ticking = false;
  let ensuredAt = 0;
  /** When the clock should look next: a watched round's close or the next round's opening, if sooner than a tick. */
  let nextDue = Number.POSITIVE_INFINITY;

  function send(socket: WebSocket, frame: HubFrame) {
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
        rooms = await bingo.roomCodes();
        if (fish) {
          await fish.ensureWaves();
          await fish.freeIdleSeats();
          fishRooms = await fish.rooms();
        }
        ensuredAt = Date.now();
      }
      await live.settleDue();
      await bingo.settleDue();
      const codes = [...watchers.keys()];
      if (codes.length === 0) return;
      const now = Date.now();
      await pushFish(
        codes.filter((code) => fishRooms.has(code)),
        now,
      );
      await pushRooms(
        codes.filter((code) => rooms.has(code)),
        now,
      );
      for (const round of await live.roundsNow(
        codes.filter((code) => !rooms.has(code) && !fishRooms.has(code)),
      )) {
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

  /** Each watched fish room's wave when a new one starts, to the sockets of the room's merchant. */
  async function pushFish(codes: string[], now: number) {
    if (!fish || codes.length === 0) return;
    const due: string[] = [];
    for (const code of codes) {
      const room = fishRooms.get(code) as FishHubRoom;
      if (room.maintenance) continue;
      const waveNo = fishWaveNo(room, now);
      nextDue = Math.min(nextDue, room.epoch.getTime() + (waveNo + 1) * room.waveSeconds * 1000);
      if (shown.get(code) !== `fish:${waveNo}`) due.push(code);
    }
    if (due.length === 0) return;
    const serverTime = new Date(now).toISOString();
    for (const { room, wave } of await fish.wavesNow(due)) {
      shown.set(room.code, `fish:${wave.waveNo}`);
      for (const socket of watchers.get(room.code) ?? [])
        if (merchantOf.get(socket) === room.merchant_id) send(socket, { type: 'fishWave', wave, serverTime });
    }
  }

  /** Each watched room's game, once per merchant, to the sockets whose merchant it is, when it changed. */
  async function pushRooms(codes: string[], now: number) {
    if (codes.length === 0) return;
    const merchants = new Set<number>();
    for (const code of codes)
      for (const socket of watchers.get(code) ?? []) {
        const id = merchantOf.get(socket);
        if (id !== null && id !== undefined) merchants.add(id);
      }
    const serverTime = new Date(now).toISOString();
    for (const game of await bingo.roundsNow(codes, [...merchants], new Date(now))) {
      // Closed and not drawn yet, or its last ball shown and not paid yet: look again soon.
      nextDue = Math.min(nextDue, game.dueAt <= now ? now + AWAITING_MS : game.dueAt);
      if (shown.get(game.roomCode) === game.key) continue;
      shown.set(game.roomCode, game.key);
      for (const socket of watchers.get(game.roomCode) ?? []) {
        const round = game.views.get(merchantOf.get(socket) ?? -1);
        if (round) send(socket, { type: 'bingo', round, serverTime });
      }
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

    /** The merchant a socket was opened for (a room's frames are its view); null when the request named none. */
    connect(socket: WebSocket, merchantId: number | null) {
      merchantOf.set(socket, merchantId);
    },

    /**
     * The socket watches these tables and rooms from now on (and no others): it is sent their rounds now at once. A
     * room needs the socket's merchant (merchant_not_found without one).
     */
    async watch(socket: WebSocket, requested: string[]) {
      if (requested.some((code) => !rooms.has(code) && !fishRooms.has(code))) {
        rooms = await bingo.roomCodes();
        if (fish) fishRooms = await fish.rooms();
      }
      const merchantId = merchantOf.get(socket) ?? null;
      if (merchantId === null && requested.some((code) => rooms.has(code) || fishRooms.has(code)))
        throw new AppError('merchant_not_found');
      // A fish room is its merchant's: another merchant's socket does not see it.
      const codes = requested.filter(
        (code) => (fishRooms.get(code)?.merchantId ?? merchantId) === merchantId,
      );
      unwatch(socket);
      for (const code of codes) {
        let set = watchers.get(code);
        if (!set) {
          set = new Set();
          watchers.set(code, set);
        }
        set.add(socket);
      }
      const fishCodes = codes.filter((code) => fishRooms.has(code));
      if (fish && fishCodes.length > 0) {
        const serverTime = new Date().toISOString();
        for (const { wave } of await fish.wavesNow(fishCodes))
          send(socket, { type: 'fishWave', wave, serverTime });
      }
      const tables = codes.filter((code) => !rooms.has(code) && !fishRooms.has(code));
      for (const round of await live.roundsNow(tables)) send(socket, frameOf(round));
      const watched = codes.filter((code) => rooms.has(code));
      if (merchantId !== null && watched.length > 0) {
        const serverTime = new Date().toISOString();
        for (const game of await bingo.roundsNow(watched, [merchantId])) {
          const round = game.views.get(merchantId);
          if (round) send(socket, { type: 'bingo', round, serverTime });
        }
      }
    },

    unwatch,
    send,

    /** This process's sockets watching a table or room for one merchant (a room's chat is its merchant's). */
    watchersOf(code: string, merchantId: number): WebSocket[] {
      return [...(watchers.get(code) ?? [])].filter((socket) => merchantOf.get(socket) === merchantId);
    },

    /** This process's sockets watching a code, whatever their merchant (the sportsbook's events are everyone's). */
    everyWatcherOf(code: string): WebSocket[] {
      return [...(watchers.get(code) ?? [])];
    },

    /** The merchant a socket was opened for (null: a host that is no merchant's). */
    merchantOfSocket(socket: WebSocket): number | null {
      return merchantOf.get(socket) ?? null;
    },

    sockets() {
      return new Set([...watchers.values()].flatMap((s) => [...s])).size;
    },
  };
}

export type LiveHub = ReturnType<typeof liveHub>;
