import { addDays, dayStart } from '@tala/contracts/calendar';
import { fishVendor } from '@tala/contracts/fish';
import type { GameType } from '@tala/contracts/games';
import { gameByCode as lotteryGameByCode } from '@tala/lottery/games';
import { titleConfigs } from '@tala/slots/titles';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { FishRecords } from '../fish/fish-records.ts';
import type { LiveService } from '../live/live.service.ts';
import { liveVendor } from '../live/live-tables.ts';
import { lotteryVendor } from '../lottery/betting.ts';
import type { LotteryService } from '../lottery/lottery.service.ts';
import type { TeamScope } from '../members/team-scope.ts';
import { pvpVendor } from '../pvp/pvp-catalogue.ts';
import type { PvpRecords } from '../pvp/pvp-records.ts';
import type { SeamlessService } from '../seamless/seamless.service.ts';
import type { SlotsService } from '../slots/slots.service.ts';
import { inHouseVendor } from '../slots/slots.service.ts';
import type { SportsbookRecords } from '../sportsbook/sportsbook-records.ts';
import { esportsVendor, sportsVendor } from '../sportsbook/sportsbook-settings.ts';

/**
 * Reading rounds of every source (vendor rounds of the seamless wallet, in-house slot rounds, in-house lottery
 * bets, in-house live tables' placements) as one list.
 */
export type RoundSources = {
  seamless: SeamlessService;
  slots: SlotsService;
  lottery: LotteryService;
  live: LiveService;
  /** The PvP tables' hands (decision 057). */
  pvp: PvpRecords;
  /** The fish rooms' plays (one per member and wave). */
  fish: { records: FishRecords };
  /** The in-house sportsbook's bets (decision 058): products SPORTS and ESPORTS. */
  sports?: SportsbookRecords | undefined;
};

/** The sportsbook's status of a bet as a round's: pending and open read as open, refused as a rolled-back bet. */
const sportsStatus = (status: string) =>
  status === 'refused'
    ? ('rolledBack' as const)
    : status === 'open' || status === 'pending'
      ? ('open' as const)
      : ('settled' as const);

/** Deeper pages than this would merge too many rows; the filters narrow a search instead. */
export const MAX_RECORD_ROWS = 5_000;

export type MergedRound = {
  id: string;
  memberId: number;
  member: string;
  product: GameType;
  vendor: string;
  gameName: string;
  roundId: string;
  bet: number;
  win: number;
  /** The lottery's rebate of the settled bet (its own ledger entry); 0 for every other source. */
  rebate: number;
  /** win − bet (the play's result; the member's own records add the rebate); a rolled-back bet counts nothing. */
  profit: number;
  status: 'settled' | 'open' | 'rolledBack';
  freeRound: boolean;
  at: Date;
};

export type RoundQuery = {
  merchantId: number;
  memberId?: number | undefined;
  memberSearch?: string | undefined;
  team?: TeamScope | undefined;
  from: Date;
  to: Date;
  product: GameType | 'ALL';
  vendor?: string | undefined;
  pageNo: number;
  pageSize: number;
};

const studioNames = new Map(titleConfigs.map((t) => [t.code, t.name]));

/** The title's name in the language asked for (EN when it has none). */
export function studioTitleName(code: string, language: string | undefined): string {
  const names = studioNames.get(code) as Record<string, string> | undefined;
  return names?.[language ?? 'EN'] ?? names?.EN ?? code;
}

/** The product (game type) of a vendor line: the catalogue's, else the type its name ends with. */
export function productOf(vassalage: string, lines: Map<string, { gameType: GameType }>): GameType {
  const line = lines.get(vassalage);
  if (line) return line.gameType;
  return (vassalage.slice(vassalage.lastIndexOf('_') + 1) || 'RNG') as GameType;
}

/** The lottery's status of a bet as a round's: refunded reads as a rolled-back bet. */
const lotteryStatus = { open: 'open', won: 'settled', lost: 'settled', refunded: 'rolledBack' } as const;

/** Rounds of every source, newest first, one page of them, and the totals of the whole filtered range. */
export async function mergedRounds(
  deps: RoundSources,
  query: RoundQuery,
  lines: Map<string, { gameType: GameType; vassalage: string }>,
  language: string | undefined,
  /** Where to read: the read replica for the back office's bets explorer (decision 062); unset, the primary. */
  reader?: Database,
) {
  const need = query.pageNo * query.pageSize;
  if (need > MAX_RECORD_ROWS) throw new AppError('page_out_of_range', 'pageNo');
  const vassalages =
    query.product === 'ALL'
      ? undefined
      : [...lines.values()].filter((l) => l.gameType === query.product).map((l) => l.vassalage);
  const withStudio =
    (query.product === 'ALL' || query.product === 'RNG') && (!query.vendor || query.vendor === inHouseVendor);
  const withLottery =
    (query.product === 'ALL' || query.product === 'LOTT') &&
    (!query.vendor || query.vendor === lotteryVendor);
  const withLive =
    (query.product === 'ALL' || query.product === 'LIVE') && (!query.vendor || query.vendor === liveVendor);
  const withPvp =
    (query.product === 'ALL' || query.product === 'PVP') && (!query.vendor || query.vendor === pvpVendor);
  const withFish =
    (query.product === 'ALL' || query.product === 'FISH') && (!query.vendor || query.vendor === fishVendor);
  const withSports =
    (query.product === 'ALL' || query.product === 'SPORTS' || query.product === 'ESPORTS') &&
    (!query.vendor || query.vendor === sportsVendor || query.vendor === esportsVendor);
  const withVendors =
    query.vendor !== sportsVendor &&
    query.vendor !== esportsVendor &&
    query.vendor !== inHouseVendor &&
    query.vendor !== lotteryVendor &&
    query.vendor !== liveVendor &&
    query.vendor !== pvpVendor &&
    query.vendor !== fishVendor;
  const page = { limit: need, offset: 0 };
  const filters = {
    merchantId: query.merchantId,
    memberId: query.memberId,
    memberSearch: query.memberSearch,
    team: query.team,
    from: query.from,
    to: query.to,
  };
  const sportsProduct = query.product === 'SPORTS' || query.product === 'ESPORTS' ? query.product : undefined;
  const sportsPage = withSports
    ? deps.sports?.betsRecord(
        {
          ...filters,
          product:
            sportsProduct ??
            (query.vendor === sportsVendor
              ? 'SPORTS'
              : query.vendor === esportsVendor
                ? 'ESPORTS'
                : undefined),
        },
        page,
        reader,
      )
    : undefined;
  const [vendor, studio, lottery, live, pvp, fish] = await Promise.all([
    withVendors
      ? deps.seamless.betRecord(
          {
            merchantId: query.merchantId,
            memberId: query.memberId,
            memberSearch: query.memberSearch,
            team: query.team,
            from: query.from,
            to: query.to,
            vendorCode: query.vendor,
            vassalages,
          },
          page,
          reader,
        )
      : undefined,
    withStudio ? deps.slots.roundsRecord(filters, page, reader) : undefined,
    withLottery ? deps.lottery.betsRecord(filters, page, reader) : undefined,
    withLive ? deps.live.records.betsRecord(filters, page, reader) : undefined,
    withPvp ? deps.pvp.betsRecord(filters, page, reader) : undefined,
    withFish ? deps.fish.records.playsRecord(filters, page, reader) : undefined,
  ]);

  const rows: Omit<MergedRound, 'rebate'>[] = [
    ...(vendor?.rows ?? []).map((r) => {
      const bet = r.rolled_back ? 0 : r.amount;
      return {
        id: `${r.vendor_code}:${r.transaction_id}`,
        memberId: r.member_id,
        member: r.username,
        product: productOf(r.vassalage, lines),
        vendor: r.vendor_code,
        gameName: r.name,
        roundId: r.round_id,
        bet: r.amount,
        win: r.won,
        profit: r.won - bet,
        status: r.rolled_back
          ? ('rolledBack' as const)
          : r.wins > 0
            ? ('settled' as const)
            : ('open' as const),
        freeRound: r.free_round,
        at: r.created_at,
      };
    }),
    ...(studio?.rows ?? []).map((r) => ({
      id: `${inHouseVendor}:${r.id}`,
      memberId: r.member_id,
      member: r.username,
      product: 'RNG' as const,
      vendor: inHouseVendor,
      gameName: studioTitleName(r.game_code, language),
      roundId: String(r.id),
      bet: r.bet,
      win: r.win,
      profit: r.win - r.bet,
      status: 'settled' as const,
      freeRound: false,
      at: r.created_at,
    })),
    ...(lottery?.rows ?? []).map((r) => {
      const bet = r.status === 'refunded' ? 0 : r.stake;
      return {
        id: `${lotteryVendor}:${r.id}`,
        memberId: r.member_id,
        member: r.username,
        product: 'LOTT' as const,
        vendor: lotteryVendor,
        gameName: `${lotteryGameByCode(r.game_code)?.name ?? r.game_code} ${r.issue_no}`,
        roundId: String(r.id),
        bet: r.stake,
        win: r.win,
        rebate: r.rebate,
        profit: r.win - bet,
        status: lotteryStatus[r.status],
        freeRound: false,
        at: r.created_at,
      };
    }),
    ...(live?.rows ?? []).map((r) => {
      const refunded = r.status === 'refunded';
      return {
        id: `${liveVendor}:${r.id}`,
        memberId: r.member_id,
        member: r.username,
        product: 'LIVE' as const,
        vendor: liveVendor,
        gameName: `${r.table_name} #${r.round_no}`,
        roundId: String(r.id),
        bet: r.stake,
        win: refunded ? 0 : r.returned,
        profit: refunded ? 0 : r.returned - r.stake,
        status: refunded
          ? ('rolledBack' as const)
          : r.status === 'open'
            ? ('open' as const)
            : ('settled' as const),
        freeRound: false,
        at: r.created_at,
      };
    }),
    ...(pvp?.rows ?? []).map((r) => ({
      id: `${pvpVendor}:${r.id}`,
      memberId: r.member_id,
      member: r.username,
      product: 'PVP' as const,
      vendor: pvpVendor,
      gameName: `${r.table_name} #${r.hand_no}`,
      roundId: r.id,
      bet: r.bet,
      win: r.win,
      profit: r.win - r.bet,
      status: 'settled' as const,
      freeRound: false,
      at: r.created_at,
    })),
    ...(fish?.rows ?? []).map((r) => ({
      id: `${fishVendor}:${r.id}`,
      memberId: r.member_id,
      member: r.username,
      product: 'FISH' as const,
      vendor: fishVendor,
      gameName: `${r.room_name} #${r.wave_no}`,
      roundId: String(r.id),
      bet: r.bet,
      win: r.win,
      profit: r.win - r.bet,
      status: 'settled' as const,
      freeRound: false,
      at: r.created_at,
    })),
  ];
  const sports = await sportsPage;
  for (const r of sports?.rows ?? []) {
    const refused = r.status === 'refused';
    rows.push({
      id: `${r.vendor_code}:${r.id}`,
      memberId: r.member_id,
      member: r.username,
      product: r.product,
      vendor: r.vendor_code,
      gameName: r.leagues ?? (r.kind === 'parlay' ? 'Parlay' : 'Single'),
      roundId: String(r.id),
      bet: r.stake,
      win: refused ? 0 : r.returned,
      profit: refused || sportsStatus(r.status) === 'open' ? 0 : r.returned - r.stake,
      status: sportsStatus(r.status),
      freeRound: false,
      at: r.created_at,
    });
  }
  rows.sort((a, b) => b.at.getTime() - a.at.getTime() || b.id.localeCompare(a.id));
  const rebate = lottery?.rebate ?? 0;

  const stake =
    (vendor?.stake ?? 0) +
    (studio?.bet ?? 0) +
    (lottery?.bet ?? 0) +
    (live?.bet ?? 0) +
    (pvp?.bet ?? 0) +
    (fish?.bet ?? 0) +
    (sports?.bet ?? 0);
  const won =
    (vendor?.won ?? 0) +
    (studio?.win ?? 0) +
    (lottery?.win ?? 0) +
    (live?.win ?? 0) +
    (pvp?.win ?? 0) +
    (fish?.win ?? 0) +
    (sports?.win ?? 0);
  const total =
    (sports?.count ?? 0) +
    (vendor?.count ?? 0) +
    (studio?.count ?? 0) +
    (lottery?.count ?? 0) +
    (live?.count ?? 0) +
    (pvp?.count ?? 0) +
    (fish?.count ?? 0);
  const totalPages = Math.ceil(total / query.pageSize);
  if (query.pageNo > Math.max(totalPages, 1)) throw new AppError('page_out_of_range', 'pageNo');
  const start = (query.pageNo - 1) * query.pageSize;
  return {
    list: rows.slice(start, start + query.pageSize).map((r): MergedRound => ({ rebate: 0, ...r })),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    total,
    totalPages,
    totals: { count: total, bet: stake, win: won, profit: won - stake, rebate },
  };
}

/** Stakes, wins and (the lottery's) rebates of every source per day (in the time zone), vendor and product. */
export async function roundTotals(
  deps: RoundSources,
  filters: { merchantId: number; memberId?: number | undefined; from: Date; to: Date; timeZone: string },
  lines: Map<string, { gameType: GameType }>,
  /** Where to read: the read replica for the back office's P&L (decision 062); each module's own `db` if unset. */
  reader?: Database,
) {
  const [vendor, studio, lottery, live, pvp, fish] = await Promise.all([
    deps.seamless.roundTotals(filters, reader),
    deps.slots.roundTotals(filters, reader),
    deps.lottery.dayTotals(filters, reader),
    deps.live.records.dayTotals(filters, reader),
    deps.pvp.dayTotals(filters, reader),
    deps.fish.records.dayTotals(filters, reader),
  ]);
  const rows = new Map<
    string,
    {
      day: string;
      vendor: string;
      product: GameType;
      count: number;
      bet: number;
      win: number;
      rebate: number;
    }
  >();
  const add = (
    day: string,
    vendorCode: string,
    product: GameType,
    count: number,
    bet: number,
    win: number,
    rebate = 0,
  ) => {
    const key = `${day}|${vendorCode}|${product}`;
    const row = rows.get(key) ?? { day, vendor: vendorCode, product, count: 0, bet: 0, win: 0, rebate: 0 };
    row.count += count;
    row.bet += bet;
    row.win += win;
    row.rebate += rebate;
    rows.set(key, row);
  };
  for (const r of vendor) add(r.day, r.vendorCode, productOf(r.vassalage, lines), r.count, r.stake, r.won);
  for (const r of studio) add(r.day, inHouseVendor, 'RNG', r.count, r.bet, r.win);
  for (const r of lottery) add(r.day, lotteryVendor, 'LOTT', r.count, r.bet, r.win, r.rebate);
  for (const r of live) add(r.day, liveVendor, 'LIVE', r.count, r.bet, r.win);
  for (const r of pvp) add(r.day, pvpVendor, 'PVP', r.count, r.bet, r.win);
  for (const r of fish) add(r.day, fishVendor, 'FISH', r.count, r.bet, r.win);
  for (const r of (await deps.sports?.dayTotals(filters, reader)) ?? [])
    add(r.day, r.vendor, r.product, r.count, r.bet, r.win);
  return [...rows.values()].sort(
    (a, b) =>
      b.day.localeCompare(a.day) || a.vendor.localeCompare(b.vendor) || a.product.localeCompare(b.product),
  );
}

/**
 * Stakes and wins of both sources per member and product: of an agent's team (the agent centre's profit and loss),
 * or of every member of the merchant (rebates).
 */
export async function memberProductTotals(
  deps: RoundSources,
  filters: { merchantId: number; team?: TeamScope | undefined; memberId?: number; from: Date; to: Date },
  lines: Map<string, { gameType: GameType }>,
) {
  const scoped = { ...filters, memberId: filters.team?.memberId ?? filters.memberId };
  const [vendor, studio, lottery, live, pvp, fish] = await Promise.all([
    deps.seamless.memberTotals(scoped),
    deps.slots.memberTotals(scoped),
    deps.lottery.memberTotals(scoped),
    deps.live.records.memberTotals(scoped),
    deps.pvp.memberTotals(scoped),
    deps.fish.records.memberTotals(scoped),
  ]);
  const rows = new Map<
    string,
    { memberId: number; username: string; product: GameType; count: number; bet: number; win: number }
  >();
  const add = (
    memberId: number,
    username: string,
    product: GameType,
    count: number,
    bet: number,
    win: number,
  ) => {
    const key = `${memberId}|${product}`;
    const row = rows.get(key) ?? { memberId, username, product, count: 0, bet: 0, win: 0 };
    row.count += count;
    row.bet += bet;
    row.win += win;
    rows.set(key, row);
  };
  for (const r of vendor) add(r.memberId, r.username, productOf(r.vassalage, lines), r.count, r.stake, r.won);
  for (const r of studio) add(r.memberId, r.username, 'RNG', r.count, r.bet, r.win);
  for (const r of lottery) add(r.memberId, r.username, 'LOTT', r.count, r.bet, r.win);
  for (const r of live) add(r.memberId, r.username, 'LIVE', r.count, r.bet, r.win);
  for (const r of pvp) add(r.memberId, r.username, 'PVP', r.count, r.bet, r.win);
  for (const r of fish) add(r.memberId, r.username, 'FISH', r.count, r.bet, r.win);
  for (const r of (await deps.sports?.memberTotals(scoped)) ?? [])
    add(r.memberId, r.username, r.product, r.count, r.bet, r.win);
  return [...rows.values()];
}

// ------------------------------------------------------------------ dates in the merchant's time zone

/** A date range of whole days (both included) as instants: [start of from, start of the day after to). */
export function dayRange(from: string, to: string, timeZone: string) {
  if (Number.isNaN(Date.parse(from))) throw new AppError('validation_failed', 'from');
  if (Number.isNaN(Date.parse(to))) throw new AppError('validation_failed', 'to');
  return { from: dayStart(from, timeZone), to: dayStart(addDays(to, 1), timeZone) };
}

/** Masks an account for the winner board: the first and last characters stay (at most 2 + 1). */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}*`;
  const head = chars.length >= 6 ? 2 : 1;
  return `${chars.slice(0, head).join('')}${'*'.repeat(Math.max(3, chars.length - head - 1))}${chars.at(-1)}`;
}
