import {
  clientSeed as clientSeedSchema,
  type FishRecallWave,
  type FishRoom,
  type FishRoomState,
  type FishSeat,
  type FishShotRequest,
  type FishShotResult,
  type FishWave,
  fishOnScreenLeewayMs,
  fishSeatIdleSeconds,
  fishVendor,
} from '@tala/contracts/fish';
import { TRIAL_TYPE } from '@tala/contracts/members';
import { formatAmount, moneyDisplay } from '@tala/contracts/money-format';
import { checkAmount } from '@tala/contracts/wallet';
import { type FishKind, type FishSpawn, fishShot, onScreen, waveFish } from '@tala/live/fish';
import { hashServerSeed, newServerSeed } from '@tala/slots/fairness';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { changes } from '../../lib/change-feed.ts';
import type { PlayGuardPort } from '../../lib/play-guard.ts';
import { maskName } from '../games/game-records.ts';
import type { GamesService } from '../games/games.service.ts';
import type { LimitsService } from '../limits/limits.service.ts';
import type { FishHubRoom } from '../live/live-hub.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { fishRepository, type RoomRow, type SeatRow, type ShotRow, type WaveRow } from './fish.repository.ts';
import { fishRecords } from './fish-records.ts';

/** Who plays: a member of a live session (the route's guard refuses trial accounts; the service checks again). */
export type FishMember = { id: number; merchant_id: number; type?: number };

export type FishSettings = {
  /** Waves made ahead of the one now, each with its committed seed. */
  wavesAhead: number;
  /** A seat with no shot and no ping for this long is freed. */
  idleSeconds: number;
  /** How late (or early) a shot may reach a fish's time on screen. */
  leewayMs: number;
};

/** Game recall: the member's last waves. */
const recallSize = 10;
/** Waves whose fish this process keeps computed (a wave's fish cost a few ms of HMAC). */
const fishCacheSize = 2_000;

export function waveNoAt(room: Pick<RoomRow, 'epoch' | 'wave_seconds'>, at: Date): number {
  return Math.floor((at.getTime() - room.epoch.getTime()) / (room.wave_seconds * 1000));
}

export function waveTimes(room: Pick<RoomRow, 'epoch' | 'wave_seconds'>, waveNo: number) {
  const starts = room.epoch.getTime() + waveNo * room.wave_seconds * 1000;
  return { starts_at: new Date(starts), ends_at: new Date(starts + room.wave_seconds * 1000) };
}

export function roomView(row: RoomRow, maintenance = row.maintenance): FishRoom {
  return {
    code: row.code,
    name: row.name,
    bets: row.bets,
    rtpBps: row.rtp_bps,
    shotsPerSecond: row.shots_per_second,
    seats: row.seats,
    seatsTaken: row.seats_taken,
    waveSeconds: row.wave_seconds,
    maintenance,
  };
}

export function seatsView(rows: SeatRow[], memberId?: number): FishSeat[] {
  return rows.map((s) => ({
    seat: s.seat,
    name: maskName(s.username),
    bet: s.bet,
    mine: s.member_id === memberId,
  }));
}

/** A pg unique violation, and of which constraint. */
function uniqueViolation(error: unknown): string | null {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (e?.code !== '23505') return null;
  if (typeof e.constraint === 'string') return e.constraint;
  return typeof e.message === 'string' ? e.message : '';
}

class Replayed {
  constructor(readonly shotId: number) {}
}

/**
 * The fish rooms (docs/decisions/056-fish-rooms.md): per-merchant rooms whose waves are made ahead with committed
 * seeds, seats, and shots settled one by one: each shot's checks, its count against the seat's cap and its number in
 * the wave, its ledger entry (bet and win together) and its row in one transaction; the first catch of a fish wins by
 * a unique index. Frames go out on the change feed after the commit (fish-frames.ts pushes them to the sockets).
 */
export function fishService(
  db: Database,
  deps: {
    wallet: WalletService;
    games: GamesService;
    playGuard?: PlayGuardPort;
    limits?: LimitsService | undefined;
  },
  settings: FishSettings = {
    wavesAhead: 2,
    idleSeconds: fishSeatIdleSeconds,
    leewayMs: fishOnScreenLeewayMs,
  },
) {
  const repository = fishRepository();
  const { wallet } = deps;
  const fishCache = new Map<string, FishSpawn[]>();

  /** A wave's fish, computed once per process. */
  function fishOf(wave: Pick<WaveRow, 'server_seed' | 'wave_no'>, code: string, waveSeconds: number) {
    const key = `${code}/${wave.wave_no}/${wave.server_seed}`;
    let fish = fishCache.get(key);
    if (!fish) {
      fish = waveFish(wave.server_seed, code, Number(wave.wave_no), waveSeconds);
      if (fishCache.size >= fishCacheSize) fishCache.delete(fishCache.keys().next().value as string);
      fishCache.set(key, fish);
    }
    return fish;
  }

  function waveView(wave: WaveRow, room: RoomRow, caught: number[], now: Date): FishWave {
    return {
      roomCode: room.code,
      waveNo: wave.wave_no,
      startsAt: wave.starts_at.toISOString(),
      endsAt: wave.ends_at.toISOString(),
      serverSeedHash: wave.server_seed_hash,
      fish: fishOf(wave, room.code, room.wave_seconds),
      caught,
      serverSeed: now >= wave.ends_at ? wave.server_seed : null,
    };
  }

  function newWaves(room: RoomRow, from: number, count: number) {
    return Array.from({ length: count }, (_, i) => {
      const serverSeed = newServerSeed();
      return {
        room_id: room.id,
        wave_no: from + i,
        ...waveTimes(room, from + i),
        server_seed: serverSeed,
        server_seed_hash: hashServerSeed(serverSeed),
        rtp_bps: room.rtp_bps,
        bets: room.bets,
      };
    });
  }

  /** The room by code as the merchant offers it (its catalogue game), or fish_room_not_found. */
  async function offered(merchant: Merchant, code: string) {
    const [room] = await repository.rooms(db, { code }, settings.idleSeconds);
    if (!room || room.merchant_id !== merchant.id) throw new AppError('fish_room_not_found', 'roomCode');
    const game = await deps.games.inHouseGame(merchant, code);
    if (!game) throw new AppError('fish_room_not_found', 'roomCode');
    return { room, maintenance: room.maintenance || game.maintenance };
  }

  /** The room's wave now, made if the clock has not made it yet. */
  async function waveNow(room: RoomRow, now: Date): Promise<WaveRow> {
    const waveNo = waveNoAt(room, now);
    const [found] = await repository.waves(db, [{ roomId: room.id, waveNo }]);
    if (found) return found;
    await repository.insertWaves(db, newWaves(room, waveNo, settings.wavesAhead + 1));
    const [made] = await repository.waves(db, [{ roomId: room.id, waveNo }]);
    if (!made) throw new Error(`wave ${waveNo} of ${room.code} not made`);
    return made;
  }

  async function state(merchant: Merchant, code: string, member?: FishMember, now = new Date()) {
    const { room, maintenance } = await offered(merchant, code);
    if (member) await repository.touch(db, room.id, member.id);
    const wave = await waveNow(room, now);
    const [caught, seats] = await Promise.all([
      repository.caughtIds(db, wave.id),
      repository.seats(db, room.id, settings.idleSeconds),
    ]);
    const mine = member ? seats.find((s) => s.member_id === member.id) : undefined;
    const result: FishRoomState = {
      room: roomView({ ...room, seats_taken: seats.length }, maintenance),
      wave: waveView(wave, room, caught, now),
      seats: seatsView(seats, member?.id),
      serverTime: now.toISOString(),
      mySeat: mine?.seat ?? null,
      clientSeed: mine?.client_seed ?? null,
      nonce: mine ? await repository.nonce(db, wave.id, mine.member_id) : 0,
    };
    return result;
  }

  function realMember(member: FishMember) {
    if (member.type === TRIAL_TYPE) throw new AppError('in_need_true_account');
  }

  function seatsChanged(room: { merchant_id: number; code: string }) {
    changes.publish(db, { on: 'fishSeats', merchantId: room.merchant_id, roomCode: room.code });
  }

  async function replay(member: FishMember, body: FishShotRequest, shotId: number): Promise<FishShotResult> {
    const shot = await repository.shot(db, shotId);
    const wave = shot ? await repository.waveById(db, shot.wave_id) : undefined;
    const [room] = wave ? await repository.rooms(db, { code: body.roomCode }) : [];
    if (
      !shot ||
      !room ||
      wave?.room_id !== room.id ||
      wave.wave_no !== body.waveNo ||
      shot.fish_id !== body.fishId ||
      shot.bet !== body.bet
    )
      throw new AppError('idempotency_conflict', 'requestId');
    return {
      ...shotResult(shot, room.code, wave.wave_no),
      balance: await wallet.balance(await wallet.memberAccount(member.merchant_id, member.id)),
    };
  }

  function shotResult(shot: ShotRow, code: string, waveNo: number): Omit<FishShotResult, 'balance'> {
    return {
      roomCode: code,
      waveNo,
      nonce: shot.nonce,
      fishId: shot.fish_id,
      kind: shot.kind as FishKind,
      bet: shot.bet,
      caught: shot.caught,
      multiplier: shot.multiplier,
      win: shot.win,
    };
  }

  return {
    settings,

    /** The shots as rounds (one per member and wave) of the betting record, P&L and reports. */
    records: fishRecords(db),

    /** The merchant's rooms (those its catalogue offers), a room under maintenance in either place reading so. */
    async rooms(merchant: Merchant): Promise<FishRoom[]> {
      const rows = await repository.rooms(db, { merchantId: merchant.id }, settings.idleSeconds);
      const list = await Promise.all(
        rows.map(async (row) => ({ row, game: await deps.games.inHouseGame(merchant, row.code) })),
      );
      return list.flatMap(({ row, game }) =>
        game ? [roomView(row, row.maintenance || game.maintenance)] : [],
      );
    },

    /** A room now: its wave, seats and, for a member, their seat, seed and next nonce (which also keeps the seat). */
    state: (merchant: Merchant, code: string, member?: FishMember, now = new Date()) =>
      state(merchant, code, member, now),

    /** Takes the lowest free seat (or changes the client seed of the member's seat in this room). */
    async sit(merchant: Merchant, member: FishMember, code: string, clientSeed: string) {
      realMember(member);
      if (!clientSeedSchema.safeParse(clientSeed).success)
        throw new AppError('fish_client_seed_invalid', 'clientSeed');
      const { room, maintenance } = await offered(merchant, code);
      if (maintenance) throw new AppError('fish_room_maintenance', 'roomCode');
      let freed: { merchant_id: number; code: string } | undefined;
      try {
        await db.transaction().execute(async (trx) => {
          // The room's lock: members sitting down at once take different seats.
          await repository.lockRoom(trx, room.id);
          await repository.deleteIdleSeats(trx, room.id, settings.idleSeconds);
          const mine = await repository.seatOf(trx, member.id);
          if (mine?.room_id === room.id) {
            await repository.setSeed(trx, room.id, member.id, clientSeed);
            return;
          }
          if (mine && !mine.idle)
            throw new AppError('fish_seated_elsewhere', 'roomCode', { room: mine.code });
          if (mine) {
            await repository.deleteSeat(trx, member.id);
            freed = { merchant_id: merchant.id, code: mine.code };
          }
          const taken = new Set((await repository.seats(trx, room.id, 86_400)).map((s) => s.seat));
          const seat = Array.from({ length: room.seats }, (_, i) => i).find((i) => !taken.has(i));
          if (seat === undefined) throw new AppError('fish_room_full', 'roomCode');
          await repository.insertSeat(trx, {
            room_id: room.id,
            seat,
            member_id: member.id,
            merchant_id: merchant.id,
            client_seed: clientSeed,
          });
        });
      } catch (error) {
        // The same member sitting in two rooms at once: the second finds the first's seat.
        if (uniqueViolation(error) !== null)
          throw new AppError('fish_seated_elsewhere', 'roomCode', { room: '' });
        throw error;
      }
      seatsChanged(room);
      if (freed) seatsChanged(freed);
      return state(merchant, code, member);
    },

    /** Keeps the member's seat (a seat quiet for `idleSeconds` is freed). */
    async ping(merchant: Merchant, member: FishMember, code: string) {
      realMember(member);
      const { room } = await offered(merchant, code);
      if (!(await repository.touch(db, room.id, member.id)))
        throw new AppError('fish_not_seated', 'roomCode');
      return state(merchant, code, member);
    },

    async leave(merchant: Merchant, member: FishMember, code: string) {
      realMember(member);
      const { room } = await offered(merchant, code);
      if (await repository.deleteSeat(db, member.id, room.id)) seatsChanged(room);
      return state(merchant, code, member);
    },

    /**
     * One shot, settled at once. Each refusal has its own code and moves no money; the same requestId answers the
     * shot already settled (a different shot under it: idempotency_conflict).
     */
    async shoot(merchant: Merchant, member: FishMember, body: FishShotRequest): Promise<FishShotResult> {
      realMember(member);
      // No wave has this many fish (and the column is a 32-bit integer): refused before the database.
      if (body.fishId > 100_000) throw new AppError('fish_not_found', 'fishId');
      // A shot costs whole minor units of the merchant's currency: 1,000.5 dong is amount_too_precise.
      const checked = checkAmount(body.bet);
      if (!checked.ok) throw new AppError(checked.code, 'bet');
      const game = await deps.games.inHouseGame(merchant, body.roomCode);
      if (!game) throw new AppError('fish_room_not_found', 'roomCode');
      if (game.maintenance) throw new AppError('fish_room_maintenance', 'roomCode');
      // The play guard (lib/play-guard.ts): a reality check due and unanswered refuses the stake.
      await deps.playGuard?.check({ merchantId: merchant.id, memberId: member.id });
      const [memberAccount, house] = await Promise.all([
        wallet.memberAccount(merchant.id, member.id),
        wallet.houseAccount(merchant.id, 'house_vendor', fishVendor),
      ]);
      const currency = {
        exponent: moneyDisplay(merchant.settings.whitelabel).currencyExponent,
        displayDecimals: merchant.settings.whitelabel.displayDecimals,
      };
      try {
        const settled = await db.transaction().execute(async (trx) => {
          const start = await repository.startShot(trx, {
            code: body.roomCode,
            waveNo: body.waveNo,
            memberId: member.id,
            merchantId: merchant.id,
            bet: body.bet,
            fishId: body.fishId,
            requestId: body.requestId,
          });
          if (start.replay_id !== null) throw new Replayed(start.replay_id);
          if (start.room_id === null || start.room_merchant_id !== merchant.id)
            throw new AppError('fish_room_not_found', 'roomCode');
          if (start.maintenance) throw new AppError('fish_room_maintenance', 'roomCode');
          const now = new Date(start.now);
          if (
            start.wave_id === null ||
            start.starts_at === null ||
            start.ends_at === null ||
            now < start.starts_at ||
            now >= start.ends_at
          )
            throw new AppError('fish_wave_not_found', 'waveNo');
          const bets = (start.bets ?? []).map(Number);
          if (!bets.includes(body.bet))
            throw new AppError('fish_bet_invalid', 'bet', {
              bets: bets.map((b) => formatAmount(b, currency)).join(', '),
            });
          const fish = fishOf(
            { server_seed: start.server_seed as string, wave_no: body.waveNo },
            body.roomCode,
            start.wave_seconds as number,
          )[body.fishId];
          if (!fish) throw new AppError('fish_not_found', 'fishId');
          if (!onScreen(fish, now.getTime() - start.starts_at.getTime(), settings.leewayMs))
            throw new AppError('fish_not_on_screen', 'fishId');
          if (start.gone) throw new AppError('fish_already_caught', 'fishId');
          if (!start.seated) throw new AppError('fish_not_seated', 'roomCode');
          if (start.seat === null || start.play_id === null || start.nonce === null)
            throw new AppError('fish_shot_rate', 'roomCode', { max: start.shots_per_second ?? 0 });

          const outcome = fishShot(
            start.server_seed as string,
            body.roomCode,
            body.waveNo,
            start.client_seed as string,
            start.nonce,
            fish.kind,
            start.rtp_bps as number,
          );
          const win = body.bet * outcome.multiplier;
          // The entry posts the net (win − bet): a catch would post a credit even to a member who cannot cover the
          // bet, so a catch checks the bet is covered (a miss's debit is checked by the ledger itself). Both refuse
          // alike, so a refusal says nothing of the outcome.
          if (win > 0 && (await wallet.balance(memberAccount, trx)) < body.bet)
            throw new AppError('insufficient_funds', 'bet');
          const who = { merchantId: merchant.id, memberId: member.id };
          const entry = await wallet.post(trx, {
            merchantId: merchant.id,
            idempotencyKey: `fish:shot:${member.id}:${body.requestId}`,
            type: 'bet',
            // The bet and the win in one entry: the member's net and the house's.
            postings: [
              { accountId: memberAccount, amount: win - body.bet },
              { accountId: house, amount: body.bet - win },
            ],
            memo: `${body.roomCode} #${body.waveNo} fish ${body.fishId} nonce ${start.nonce}`,
            actor: { type: 'member', id: member.id },
            // The stake against the player's limits, whatever the shot's outcome (decision 046).
            alongside: deps.limits?.bet(who, body.bet),
          });
          // A catch takes its win out of the period's losses.
          if (win > 0) await deps.limits?.countMany(trx, [{ memberId: member.id, wager: 0, loss: -win }]);
          await repository.insertShot(trx, {
            wave_id: start.wave_id,
            play_id: start.play_id,
            merchant_id: merchant.id,
            member_id: member.id,
            request_id: body.requestId,
            seat: start.seat,
            nonce: start.nonce,
            client_seed: start.client_seed as string,
            fish_id: body.fishId,
            kind: fish.kind,
            bet: body.bet,
            caught: outcome.caught,
            multiplier: outcome.multiplier,
            win,
            angle: body.angle,
            entry_id: entry.entryId,
          });
          return {
            result: {
              roomCode: body.roomCode,
              waveNo: body.waveNo,
              nonce: start.nonce,
              fishId: body.fishId,
              kind: fish.kind,
              bet: body.bet,
              caught: outcome.caught,
              multiplier: outcome.multiplier,
              win,
              balance: entry.postings[0]?.balanceAfter ?? 0,
            } satisfies FishShotResult,
            seat: start.seat,
          };
        });
        changes.publish(db, { on: 'member', memberId: member.id });
        changes.publish(db, {
          on: 'fishShot',
          merchantId: merchant.id,
          roomCode: body.roomCode,
          waveNo: body.waveNo,
          memberId: member.id,
          nonce: settled.result.nonce,
          seat: settled.seat,
          angle: body.angle,
          fishId: body.fishId,
          bet: body.bet,
          caught: settled.result.caught,
          multiplier: settled.result.multiplier,
          win: settled.result.win,
        });
        return settled.result;
      } catch (error) {
        if (error instanceof Replayed) return replay(member, body, error.shotId);
        const constraint = uniqueViolation(error);
        if (constraint?.includes('fish_shots_catch')) throw new AppError('fish_already_caught', 'fishId');
        if (constraint !== null) {
          // The same requestId sent twice at once: the loser answers the winner's shot.
          const id = await repository.shotByRequest(db, member.id, body.requestId);
          if (id !== undefined) return replay(member, body, id);
        }
        throw error;
      }
    },

    /** Game recall: the member's last 10 waves played (of one room, or all), newest first, with every shot. */
    async recall(merchant: Merchant, member: FishMember, roomCode?: string): Promise<FishRecallWave[]> {
      realMember(member);
      let roomId: number | undefined;
      if (roomCode !== undefined) roomId = (await offered(merchant, roomCode)).room.id;
      const plays = await repository.recallPlays(db, member.id, roomId, recallSize);
      const shots = await repository.playShots(
        db,
        plays.map((p) => p.playId),
      );
      const now = new Date();
      return plays.map((p) => ({
        roomCode: p.code,
        waveNo: p.wave.wave_no,
        startsAt: p.wave.starts_at.toISOString(),
        serverSeedHash: p.wave.server_seed_hash,
        serverSeed: now >= p.wave.ends_at ? p.wave.server_seed : null,
        clientSeed: p.clientSeed,
        rtpBps: p.wave.rtp_bps,
        totalBet: p.totalBet,
        totalWin: p.totalWin,
        shots: shots
          .filter((s) => s.play_id === p.playId)
          .map((s) => ({
            nonce: s.nonce,
            fishId: s.fish_id,
            kind: s.kind as FishKind,
            bet: s.bet,
            caught: s.caught,
            multiplier: s.multiplier,
            win: s.win,
            at: s.created_at.toISOString(),
          })),
      }));
    },

    // ------------------------------------------------------------------------------------------ the clock

    /** Makes every open room's wave now and the ones ahead (each process's clock; duplicates vanish). */
    async ensureWaves(now = new Date()) {
      const rooms = (await repository.rooms(db, {}, settings.idleSeconds)).filter((r) => !r.maintenance);
      await repository.insertWaves(
        db,
        rooms.flatMap((room) => newWaves(room, waveNoAt(room, now), settings.wavesAhead + 1)),
      );
    },

    /** Frees quiet seats and tells the rooms' watchers. */
    async freeIdleSeats() {
      for (const room of await repository.freeIdleSeats(db, settings.idleSeconds)) seatsChanged(room);
    },

    /** Every room by code: its merchant and wave times (the socket tells fish rooms from tables and bingo rooms). */
    async hubRooms(): Promise<Map<string, FishHubRoom>> {
      return new Map(
        (await repository.rooms(db)).map((r) => [
          r.code,
          {
            merchantId: r.merchant_id,
            epoch: r.epoch,
            waveSeconds: r.wave_seconds,
            maintenance: r.maintenance,
          },
        ]),
      );
    },

    /** The waves now of these rooms (the socket's fishWave frames), made if missing; rooms under maintenance none. */
    async wavesNow(codes: string[], now = new Date()) {
      const rooms = (await repository.rooms(db, {}, settings.idleSeconds)).filter(
        (r) => codes.includes(r.code) && !r.maintenance,
      );
      return Promise.all(
        rooms.map(async (room) => {
          const wave = await waveNow(room, now);
          const caught = await repository.caughtIds(db, wave.id);
          return { room, wave: waveView(wave, room, caught, now) };
        }),
      );
    },

    /** The seats of a room (the socket's fishSeats frames). */
    async seats(code: string): Promise<FishSeat[]> {
      const [room] = await repository.rooms(db, { code });
      if (!room) return [];
      return seatsView(await repository.seats(db, room.id, settings.idleSeconds));
    },
  };
}

export type FishService = ReturnType<typeof fishService>;
