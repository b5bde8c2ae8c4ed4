import { z } from 'zod';
import { envelope } from './envelope.ts';
import { requestId, tableCode } from './live.ts';

/**
 * The in-house fish rooms' player calls, under /wps/fish/* (issue 17; docs/decisions/056-fish-rooms.md). A room is
 * a merchant's (members of different merchants never share one) with up to four seats that see each other's
 * cannons. The room runs waves of fixed length: a wave's fish (kinds, paths, times) come from the wave's server seed,
 * whose SHA-256 is shown when the wave starts and the seed itself once it is over. Each shot costs the bet and is
 * settled at once (one ledger entry): whether it catches its fish is read from the wave's seed, the shooter's client
 * seed and the shooter's shot number in the wave, against the fish kind's declared return, so neither side can
 * choose it and anyone can check it afterwards. Amounts are integer minor units.
 */

/**
 * Routes (all answer the envelope; a refusal its own error code):
 * - `GET  /wps/fish/rooms`: the merchant's rooms (guests too) → fishRoomsResponse.
 * - `GET  /wps/fish/rooms/:code`: a room's state now (guests too; a seated member gets their seat, seed and nonce,
 *   and the call keeps their seat) → fishRoomStateResponse.
 * - `POST /wps/fish/rooms/:code/sit` (fishSitRequest), `POST .../ping`, `POST .../leave`: a real member's seat
 *   → fishRoomStateResponse. A seat not shot from nor pinged for `fishSeatIdleSeconds` is freed.
 * - `POST /wps/fish/shots` (fishShotRequest): a seated real member's shot → fishShotResponse.
 * - `GET  /wps/fish/recall?roomCode=` (optional): the member's last 10 waves played → fishRecallResponse.
 * - The live socket `/wps/live/socket`: `{ type: 'watch', tables: ['FISH-1'] }` sends the room's wave at once, then
 *   the FishServerFrame frames below.
 * The rooms are games of vendor `fishVendor`'s line `fishVassalage` (product FISH) in the catalogue; a launch's
 * address carries `line=TFISH_FISH`.
 */
export const fishVendor = 'TFISH';
export const fishVassalage = 'TFISH_FISH';
/** A seat with no shot and no ping for this long is freed. */
export const fishSeatIdleSeconds = 60;
/** A shot may reach the server this long after its fish left the screen (or before it entered). */
export const fishOnScreenLeewayMs = 500;
export const fishRoomParams = z.object({ code: tableCode });
export const fishRecallQuery = z.object({ roomCode: tableCode.optional() });

/** The fish kinds, cheapest first; `dragon` is the boss, whose multiplier is drawn per shot from `bossMultipliers`. */
export const fishKinds = [
  'sardine',
  'clownfish',
  'puffer',
  'lionfish',
  'turtle',
  'manta',
  'octopus',
  'shark',
  'whale',
  'dragon',
] as const;
export const fishKind = z.enum(fishKinds);
export type FishKind = z.infer<typeof fishKind>;

export const fishRoom = z.object({
  code: z.string(),
  name: z.string(),
  /** The bets a shot may cost, smallest first. */
  bets: z.array(z.number().int()),
  /** The declared return of every fish kind in the room, in basis points (9600 = 96.00%). */
  rtpBps: z.number().int(),
  /** Most shots one seat may fire in one second. */
  shotsPerSecond: z.number().int(),
  seats: z.number().int(),
  seatsTaken: z.number().int(),
  waveSeconds: z.number().int(),
  maintenance: z.boolean(),
});
export type FishRoom = z.infer<typeof fishRoom>;

/**
 * One fish of a wave: it enters at `enterMs` after the wave's start and swims for `swimMs` from one side of the
 * screen to the other (`fromLeft`), its height going from `y0` to `y1` (0 top, 1 bottom) with a bend (−1..1) at the
 * middle. A shot may target it only while it is on screen (server time, with a little leeway) and not yet caught.
 */
export const fishSpawn = z.object({
  id: z.number().int(),
  kind: fishKind,
  /** What a catch pays, in times the bet; 0 for the boss (drawn per shot). */
  multiplier: z.number().int(),
  enterMs: z.number().int(),
  swimMs: z.number().int(),
  fromLeft: z.boolean(),
  y0: z.number(),
  y1: z.number(),
  bend: z.number(),
});
export type FishSpawn = z.infer<typeof fishSpawn>;

export const fishWave = z.object({
  roomCode: z.string(),
  waveNo: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  serverSeedHash: z.string(),
  fish: z.array(fishSpawn),
  /** Ids of the fish caught so far in this wave (by anyone in the room). */
  caught: z.array(z.number().int()),
  /** Shown once the wave is over. */
  serverSeed: z.string().nullable(),
});
export type FishWave = z.infer<typeof fishWave>;

export const fishSeat = z.object({
  seat: z.number().int(),
  /** The member's masked name (e.g. "de***"). */
  name: z.string(),
  /** The bet of the seat's last shot (its cannon's size on the others' screens). */
  bet: z.number().int(),
  mine: z.boolean(),
});
export type FishSeat = z.infer<typeof fishSeat>;

export const fishRoomState = z.object({
  room: fishRoom,
  wave: fishWave,
  seats: z.array(fishSeat),
  serverTime: z.string(),
  /** The asking member's seat and seeds, when seated. `nonce` is the number of the member's next shot in the wave. */
  mySeat: z.number().int().nullable(),
  clientSeed: z.string().nullable(),
  nonce: z.number().int(),
});
export type FishRoomState = z.infer<typeof fishRoomState>;

export const clientSeed = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'clientSeed');

export const fishSitRequest = z.object({ clientSeed });
export const fishShotRequest = z.object({
  requestId,
  roomCode: tableCode,
  waveNo: z.number().int().min(1),
  fishId: z.number().int().min(0),
  /** One of the room's bets; a fraction of the minor unit is refused (amount_too_precise). */
  bet: z.number().positive(),
  /** The cannon's angle in radians, shown to the other seats. */
  angle: z.number().min(-Math.PI).max(Math.PI),
});
export type FishShotRequest = z.infer<typeof fishShotRequest>;

export const fishShotResult = z.object({
  roomCode: z.string(),
  waveNo: z.number().int(),
  nonce: z.number().int(),
  fishId: z.number().int(),
  kind: fishKind,
  bet: z.number().int(),
  caught: z.boolean(),
  /** The multiplier paid (the boss's as drawn); 0 when missed. */
  multiplier: z.number().int(),
  win: z.number().int(),
  balance: z.number().int(),
});
export type FishShotResult = z.infer<typeof fishShotResult>;

export const fishRecallWave = z.object({
  roomCode: z.string(),
  waveNo: z.number().int(),
  startsAt: z.string(),
  serverSeedHash: z.string(),
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  rtpBps: z.number().int(),
  totalBet: z.number().int(),
  totalWin: z.number().int(),
  shots: z.array(
    z.object({
      nonce: z.number().int(),
      fishId: z.number().int(),
      kind: fishKind,
      bet: z.number().int(),
      caught: z.boolean(),
      multiplier: z.number().int(),
      win: z.number().int(),
      at: z.string(),
    }),
  ),
});
export type FishRecallWave = z.infer<typeof fishRecallWave>;

export const fishRoomsResponse = envelope(z.object({ list: z.array(fishRoom) }));
export const fishRoomStateResponse = envelope(fishRoomState);
export const fishShotResponse = envelope(fishShotResult);
/** The member's last 10 waves played, newest first. */
export const fishRecallResponse = envelope(z.object({ waves: z.array(fishRecallWave) }));

/** Frames pushed on the live socket (/wps/live/socket) to sockets watching a fish room's code. */
export type FishServerFrame =
  /** A new wave began in a watched room (or the watch started). */
  | { type: 'fishWave'; wave: FishWave; serverTime: string }
  /** Someone in the room shot; `caught` fish leave every screen. */
  | {
      type: 'fishShot';
      roomCode: string;
      waveNo: number;
      seat: number;
      angle: number;
      fishId: number;
      bet: number;
      caught: boolean;
      multiplier: number;
      win: number;
    }
  /** Someone sat down or left. */
  | { type: 'fishSeats'; roomCode: string; seats: FishSeat[] };
