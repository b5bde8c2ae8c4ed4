import { z } from 'zod';
import { envelope, pageOf, pageQuery } from './envelope.ts';
import { fishKind } from './fish.ts';
import { isoDate } from './game-play.ts';
import { tableCode } from './live.ts';

/**
 * The fish rooms' back office (issue 17 item 4; docs/decisions/056-fish-rooms.md), one merchant's rooms under
 * `/admin-api/merchants/:code/fish/...`:
 * - `GET  .../rooms` → fishOfficeRoomsResponse; `POST .../rooms` (createFishRoomBody) and
 *   `PUT .../rooms/:roomCode` (saveFishRoomBody) → fishOfficeRoomResponse (owners only);
 * - `GET  .../waves?roomCode=&member=&from=&to=&pageNo=&pageSize=` → fishOfficeWavesResponse (the rounds explorer:
 *   waves with shots by the merchant's members, `member` a part of an account name);
 * - `GET  .../waves/:id?member=` → fishOfficeWaveResponse (a wave with its shots);
 * - `GET  .../report?from=&to=` → fishReportResponse (P&L by day and room).
 * Owners change rooms; owners and finance read rooms, waves and the P&L; support reads rooms and waves; content
 * nothing. Settings are checked by the server (each refusal its own code), so the bodies take plain numbers.
 */

const merchantCode = z.string().regex(/^[a-z0-9-]{2,32}$/);
export const fishOfficeMerchantParams = z.object({ code: merchantCode });
export const fishOfficeRoomParams = z.object({ code: merchantCode, roomCode: tableCode });
export const fishOfficeWaveParams = z.object({ code: merchantCode, id: z.coerce.number().int().positive() });

/** The bounds the server holds a room's settings to (migration 075's CHECKs). */
export const fishRoomBounds = {
  /** Declared return of every fish kind, basis points (90.00%–98.00%). */
  rtpBps: { min: 9_000, max: 9_800 },
  shotsPerSecond: { min: 1, max: 10 },
  waveSeconds: { min: 30, max: 300 },
  /** 1 to 8 bets, each 1 minor unit to 10,000,000, strictly increasing. */
  bets: { count: 8, min: 1, max: 10_000_000 },
} as const;

export const fishOfficeRoom = z.object({
  code: z.string(),
  name: z.string(),
  bets: z.array(z.number().int()),
  rtpBps: z.number().int(),
  shotsPerSecond: z.number().int(),
  waveSeconds: z.number().int(),
  maintenance: z.boolean(),
  seats: z.number().int(),
  seatsTaken: z.number().int(),
  createdAt: z.string(),
});
export type FishOfficeRoom = z.infer<typeof fishOfficeRoom>;
export const fishOfficeRoomsResponse = envelope(z.object({ list: z.array(fishOfficeRoom) }));
export const fishOfficeRoomResponse = envelope(fishOfficeRoom);

/** A new room: its code is unique on the platform (2–16 of A–Z, 0–9 and -). */
export const createFishRoomBody = z.object({
  code: z.string().max(32),
  name: z.string().max(200),
  bets: z.array(z.number()).max(32),
  rtpBps: z.number(),
  shotsPerSecond: z.number(),
  waveSeconds: z.number(),
  maintenance: z.boolean().default(false),
});
export type CreateFishRoomBody = z.infer<typeof createFishRoomBody>;

/**
 * A room's settings. Bets and the return apply from the next wave not started yet (a started wave keeps what it
 * was committed with); the cap on shots at once. The wave's length is fixed at creation.
 */
export const saveFishRoomBody = z.object({
  name: z.string().max(200),
  bets: z.array(z.number()).max(32),
  rtpBps: z.number(),
  shotsPerSecond: z.number(),
  maintenance: z.boolean(),
});
export type SaveFishRoomBody = z.infer<typeof saveFishRoomBody>;

export const fishWavesQuery = pageQuery
  .extend({
    roomCode: tableCode.optional(),
    /** Part of a member's account name: only waves they shot in, and only their shots. */
    member: z.string().trim().max(64).optional(),
    /** Days in the merchant's time zone, by the wave's start. */
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'to is before from' });
export const fishWaveQuery = z.object({ member: z.string().trim().max(64).optional() });

export const fishOfficeWave = z.object({
  id: z.number().int(),
  roomCode: z.string(),
  waveNo: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  rtpBps: z.number().int(),
  /** The merchant's members who shot in the wave, their shots, stakes, wins, stakes − wins. */
  players: z.number().int(),
  shots: z.number().int(),
  stake: z.number().int(),
  returned: z.number().int(),
  houseWin: z.number().int(),
});
export type FishOfficeWave = z.infer<typeof fishOfficeWave>;
export const fishOfficeWavesResponse = envelope(pageOf(fishOfficeWave));

export const fishOfficeShot = z.object({
  id: z.number().int(),
  username: z.string(),
  seat: z.number().int(),
  nonce: z.number().int(),
  fishId: z.number().int(),
  kind: fishKind,
  bet: z.number().int(),
  caught: z.boolean(),
  multiplier: z.number().int(),
  win: z.number().int(),
  clientSeed: z.string(),
  at: z.string(),
});
export type FishOfficeShot = z.infer<typeof fishOfficeShot>;

export const fishOfficeWaveDetail = fishOfficeWave.extend({
  serverSeedHash: z.string(),
  /** Shown once the wave is over. */
  serverSeed: z.string().nullable(),
  /** The shots (newest first, at most 1,000). */
  list: z.array(fishOfficeShot),
});
export type FishOfficeWaveDetail = z.infer<typeof fishOfficeWaveDetail>;
export const fishOfficeWaveResponse = envelope(fishOfficeWaveDetail);

export const fishReportQuery = z
  .object({ from: isoDate, to: isoDate })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'to is before from' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    path: ['from'],
    message: 'at most a year',
  });
export const fishReportRow = z.object({
  /** The shot's day in the merchant's time zone. */
  day: z.string(),
  roomCode: z.string(),
  players: z.number().int(),
  shots: z.number().int(),
  stake: z.number().int(),
  returned: z.number().int(),
  /** stake − returned. */
  houseWin: z.number().int(),
});
export type FishReportRow = z.infer<typeof fishReportRow>;
export const fishReportResponse = envelope(
  z.object({
    list: z.array(fishReportRow),
    totals: fishReportRow.omit({ day: true, roomCode: true, players: true }),
    timeZone: z.string(),
  }),
);
