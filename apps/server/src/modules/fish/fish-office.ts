// The fish rooms' back office (issue 17 item 4; docs/decisions/056-fish-rooms.md): one merchant's rooms (create, bets,
// declared return, shots per second, maintenance), the waves explorer with their shots, and the P&L by day and room.
// Who may do what is checked here: owners change rooms; owners, finance and support read rooms and waves; owners
// and finance read the P&L; content nothing.
import type { OperatorRole } from '@tala/contracts/admin';
import { dayStart } from '@tala/contracts/calendar';
import type {
  CreateFishRoomBody,
  FishOfficeRoom,
  FishOfficeWave,
  FishOfficeWaveDetail,
  SaveFishRoomBody,
} from '@tala/contracts/fish-office';
import { fishRoomBounds } from '@tala/contracts/fish-office';
import type { Database } from '../../db/database.ts';
import { AppError, refuseFraction } from '../../http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { GamesService } from '../games/games.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { fishRepository, type RoomRow } from './fish.repository.ts';
import type { FishService } from './fish.service.ts';
import { syncFishVendor, syncRoomGame } from './fish-catalogue.ts';
import { fishOfficeRepository, type WaveTotals } from './fish-office.repository.ts';

export type FishOperator = { id: number; name: string; role: OperatorRole; ip: string };

const editors: readonly OperatorRole[] = ['owner'];
const readers: readonly OperatorRole[] = ['owner', 'finance', 'support'];
const reportReaders: readonly OperatorRole[] = ['owner', 'finance'];

function allow(operator: FishOperator, roles: readonly OperatorRole[]) {
  if (!roles.includes(operator.role)) throw new AppError('forbidden');
}

const whole = (value: number, bounds: { min: number; max: number }) =>
  Number.isSafeInteger(value) && value >= bounds.min && value <= bounds.max;

/** Each refusal its own code, in the order a form is read. */
function checkSettings(body: SaveFishRoomBody) {
  const name = body.name.trim();
  if (name.length < 1 || name.length > 60) throw new AppError('fish_room_name_invalid', 'name');
  const b = fishRoomBounds.bets;
  refuseFraction('bets', ...body.bets);
  if (
    body.bets.length < 1 ||
    body.bets.length > b.count ||
    body.bets.some((bet, i) => !whole(bet, b) || (i > 0 && bet <= (body.bets[i - 1] as number)))
  )
    throw new AppError('fish_bets_invalid', 'bets', b);
  if (!whole(body.rtpBps, fishRoomBounds.rtpBps))
    throw new AppError('fish_rtp_invalid', 'rtpBps', fishRoomBounds.rtpBps);
  if (!whole(body.shotsPerSecond, fishRoomBounds.shotsPerSecond))
    throw new AppError('fish_shots_per_second_invalid', 'shotsPerSecond', fishRoomBounds.shotsPerSecond);
  return {
    name,
    bets: body.bets,
    rtp_bps: body.rtpBps,
    shots_per_second: body.shotsPerSecond,
    maintenance: body.maintenance,
  };
}

function roomView(row: RoomRow): FishOfficeRoom {
  return {
    code: row.code,
    name: row.name,
    bets: row.bets,
    rtpBps: row.rtp_bps,
    shotsPerSecond: row.shots_per_second,
    waveSeconds: row.wave_seconds,
    maintenance: row.maintenance,
    seats: row.seats,
    seatsTaken: row.seats_taken,
    createdAt: row.created_at.toISOString(),
  };
}

function waveView(row: WaveTotals): FishOfficeWave {
  const stake = Number(row.stake);
  const returned = Number(row.returned);
  return {
    id: Number(row.id),
    roomCode: row.code,
    waveNo: Number(row.wave_no),
    startsAt: new Date(row.starts_at).toISOString(),
    endsAt: new Date(row.ends_at).toISOString(),
    rtpBps: row.rtp_bps,
    players: Number(row.players),
    shots: Number(row.shots),
    stake,
    returned,
    houseWin: stake - returned,
  };
}

const likeOf = (text: string | undefined) => (text ? `%${text.replace(/[%_\\]/g, '\\$&')}%` : null);

function nextDay(day: string) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

export function fishOfficeUseCases(deps: {
  db: Database;
  audit: AuditService;
  games: GamesService;
  fish: FishService;
  /** The read replica (decision 062): the P&L report reads it (a bet settled a moment ago shows a few seconds late). */
  reports?: Database;
}) {
  const { db, audit } = deps;
  const repository = fishRepository();
  const office = fishOfficeRepository();

  async function oneRoom(merchant: Merchant, code: string) {
    const [room] = await repository.rooms(db, { code }, deps.fish.settings.idleSeconds);
    if (!room || room.merchant_id !== merchant.id) throw new AppError('fish_room_not_found', 'roomCode');
    return room;
  }

  return {
    async rooms(operator: FishOperator, merchant: Merchant) {
      allow(operator, readers);
      const rows = await repository.rooms(db, { merchantId: merchant.id }, deps.fish.settings.idleSeconds);
      return { list: rows.map(roomView) };
    },

    /** A new room of the merchant, with its catalogue game; its waves start from the next clock tick. */
    async createRoom(operator: FishOperator, merchant: Merchant, body: CreateFishRoomBody) {
      allow(operator, editors);
      if (!/^[A-Z0-9-]{2,16}$/.test(body.code)) throw new AppError('fish_room_code_invalid', 'code');
      const values = checkSettings(body);
      if (!whole(body.waveSeconds, fishRoomBounds.waveSeconds))
        throw new AppError('fish_wave_seconds_invalid', 'waveSeconds', fishRoomBounds.waveSeconds);
      await syncFishVendor(db);
      await db.transaction().execute(async (trx) => {
        const id = await repository.insertRoom(trx, {
          ...values,
          merchant_id: merchant.id,
          code: body.code,
          wave_seconds: body.waveSeconds,
        });
        if (id === undefined) throw new AppError('fish_room_code_taken', 'code');
        await syncRoomGame(trx, { ...values, merchant_id: merchant.id, code: body.code });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operator.id,
          actorName: operator.name,
          merchantId: merchant.id,
          action: 'fish.room.create',
          target: `fish_room:${body.code}`,
          after: { ...values, waveSeconds: body.waveSeconds },
          ip: operator.ip,
        });
      });
      deps.games.invalidate();
      await deps.fish.ensureWaves();
      return roomView(await oneRoom(merchant, body.code));
    },

    /**
     * Saves a room's settings: bets and return apply from the next wave not started yet (the room's row is locked, and
     * the waves made ahead are rewritten in the same transaction); the cap and maintenance at once.
     */
    async saveRoom(operator: FishOperator, merchant: Merchant, code: string, body: SaveFishRoomBody) {
      allow(operator, editors);
      const room = await oneRoom(merchant, code);
      const values = checkSettings(body);
      await db.transaction().execute(async (trx) => {
        const before = await repository.lockRoom(trx, room.id);
        await repository.updateRoom(trx, room.id, values);
        await repository.rewriteComingWaves(trx, room.id, { bets: values.bets, rtp_bps: values.rtp_bps });
        await syncRoomGame(trx, { ...values, merchant_id: merchant.id, code });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operator.id,
          actorName: operator.name,
          merchantId: merchant.id,
          action: 'fish.room.save',
          target: `fish_room:${code}`,
          before: before
            ? {
                name: before.name,
                bets: before.bets,
                rtp_bps: before.rtp_bps,
                shots_per_second: before.shots_per_second,
                maintenance: before.maintenance,
              }
            : null,
          after: values,
          ip: operator.ip,
        });
      });
      deps.games.invalidate();
      return roomView(await oneRoom(merchant, code));
    },

    /** Waves in which the merchant's members shot (of one member, when `member` names part of an account). */
    async waves(
      operator: FishOperator,
      merchant: Merchant,
      query: {
        pageNo: number;
        pageSize: number;
        roomCode?: string | undefined;
        member?: string | undefined;
        from?: string | undefined;
        to?: string | undefined;
      },
    ) {
      allow(operator, readers);
      const timeZone = merchant.settings.whitelabel.timeZone;
      const from = query.from ? dayStart(query.from, timeZone) : null;
      const to = query.to ? dayStart(nextDay(query.to), timeZone) : null;
      const like = likeOf(query.member);
      const rows = await office.wavesPage(db, merchant.id, {
        roomCode: query.roomCode,
        like,
        from,
        to,
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      const total = Number(rows[0]?.total ?? 0);
      return {
        list: rows.map(waveView),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    /** A wave with the merchant's members' shots (one member's, with `member`); the seed once the wave is over. */
    async wave(
      operator: FishOperator,
      merchant: Merchant,
      id: number,
      member?: string,
    ): Promise<FishOfficeWaveDetail> {
      allow(operator, readers);
      const like = likeOf(member);
      const wave = await repository.waveById(db, id);
      const room = wave ? await office.roomById(db, wave.room_id) : undefined;
      if (!wave || !room || room.merchant_id !== merchant.id) throw new AppError('not_found', 'id');
      const [shots, totals] = await Promise.all([
        office.waveShots(db, id, merchant.id, like),
        office.waveTotals(db, id, merchant.id, like),
      ]);
      const t = totals[0] ?? { players: 0, shots: 0, stake: 0, returned: 0 };
      return {
        ...waveView({
          id: wave.id,
          code: room.code,
          wave_no: wave.wave_no,
          starts_at: wave.starts_at,
          ends_at: wave.ends_at,
          rtp_bps: wave.rtp_bps,
          ...t,
        }),
        serverSeedHash: wave.server_seed_hash,
        serverSeed: new Date() >= wave.ends_at ? wave.server_seed : null,
        list: shots.map((s) => ({
          id: Number(s.id),
          username: String(s.username),
          seat: Number(s.seat),
          nonce: Number(s.nonce),
          fishId: Number(s.fish_id),
          kind: s.kind as FishOfficeWaveDetail['list'][number]['kind'],
          bet: Number(s.bet),
          caught: Boolean(s.caught),
          multiplier: Number(s.multiplier),
          win: Number(s.win),
          clientSeed: String(s.client_seed),
          at: new Date(s.created_at as Date).toISOString(),
        })),
      };
    },

    /** The P&L by day of the shot (the merchant's zone) and room. */
    async report(operator: FishOperator, merchant: Merchant, query: { from: string; to: string }) {
      allow(operator, reportReaders);
      const timeZone = merchant.settings.whitelabel.timeZone;
      const rows = await office.report(deps.reports ?? db, merchant.id, {
        timeZone,
        from: dayStart(query.from, timeZone),
        to: dayStart(nextDay(query.to), timeZone),
      });
      const list = rows.map((r) => {
        const stake = Number(r.stake);
        const returned = Number(r.returned);
        return {
          day: r.day,
          roomCode: r.code,
          players: Number(r.players),
          shots: Number(r.shots),
          stake,
          returned,
          houseWin: stake - returned,
        };
      });
      const totals = list.reduce(
        (t, r) => ({
          shots: t.shots + r.shots,
          stake: t.stake + r.stake,
          returned: t.returned + r.returned,
          houseWin: t.houseWin + r.houseWin,
        }),
        { shots: 0, stake: 0, returned: 0, houseWin: 0 },
      );
      return { list, totals, timeZone };
    },
  };
}

export type FishOfficeUseCases = ReturnType<typeof fishOfficeUseCases>;
