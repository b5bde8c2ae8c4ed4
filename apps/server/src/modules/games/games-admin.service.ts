import type { AdminGame, AdminLine, CatalogueSwitches, VendorCredentials } from '@tala/contracts/game-admin';
import type { GameType } from '@tala/contracts/games';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { FishRecords } from '../fish/fish-records.ts';
import type { LiveService } from '../live/live.service.ts';
import type { LotteryService } from '../lottery/lottery.service.ts';
import type { MerchantsService } from '../merchants/merchants.service.ts';
import type { PvpRecords } from '../pvp/pvp-records.ts';
import type { SeamlessService } from '../seamless/seamless.service.ts';
import type { SlotsService } from '../slots/slots.service.ts';
import type { SportsbookRecords } from '../sportsbook/sportsbook-records.ts';
import { dayRange, mergedRounds, roundTotals } from './game-records.ts';
import { gamesRepository, type Switches } from './games.repository.ts';
import type { GamesService } from './games.service.ts';

export type OperatorActor = { id: number; name: string; ip: string };

const toSwitches = (s: CatalogueSwitches): Switches => ({
  enabled: s.enabled,
  is_hot: s.isHot,
  maintenance: s.maintenance,
  sort_order: s.sortOrder,
});
const fromSwitches = (s: Switches | undefined): CatalogueSwitches => ({
  enabled: s?.enabled ?? true,
  isHot: s?.is_hot ?? false,
  maintenance: s?.maintenance ?? false,
  sortOrder: s?.sort_order ?? 0,
});

/**
 * The back office's games: the catalogue switches per merchant (enable, hot, maintenance, order), each vendor's
 * seamless-wallet credentials, the bets explorer and the game profit-and-loss report. Every change is audited in
 * the transaction that makes it, and the catalogue cache is dropped so the site shows it at once.
 */
export function gamesAdminService(deps: {
  db: Database;
  audit: AuditService;
  merchants: MerchantsService;
  games: GamesService;
  seamless: SeamlessService;
  slots: SlotsService;
  lottery: LotteryService;
  live: LiveService;
  pvp: PvpRecords;
  fish: { records: FishRecords };
  sports?: SportsbookRecords | undefined;
  /** The read replica: the P&L report reads it (decision 062). */
  reports?: Database | undefined;
}) {
  const { db, audit, merchants, games, slots } = deps;
  const repository = gamesRepository(db);

  async function lines(merchantCode: string): Promise<AdminLine[]> {
    const merchant = await merchants.byCode(merchantCode);
    const [rows, counts, cards] = await Promise.all([
      repository.lines(merchant.id),
      repository.gameCounts(),
      games.lineMap(merchant),
    ]);
    const vendors = new Map((await repository.vendors()).map((v) => [v.code, v]));
    return rows
      .map((l) => ({
        nodeId: l.node_id,
        vendor: l.vendor_code,
        vendorName: vendors.get(l.vendor_code)?.display_name ?? l.vendor_code,
        vassalage: l.vassalage,
        gameType: cards.get(l.vassalage)?.gameType ?? l.game_type,
        isGame: l.is_game,
        inHouse: l.in_house,
        games: counts.get(l.node_id) ?? 0,
        enabled: l.enabled,
        isHot: l.is_hot,
        maintenance: l.maintenance,
        sortOrder: l.sort_order,
      }))
      .sort(
        (a, b) =>
          a.gameType.localeCompare(b.gameType) ||
          a.sortOrder - b.sortOrder ||
          a.vendor.localeCompare(b.vendor),
      );
  }

  async function adminGames(
    merchantCode: string,
    filters: { vassalage?: string | undefined; name?: string | undefined; nodeId?: number },
    page: { pageNo: number; pageSize: number },
  ) {
    const merchant = await merchants.byCode(merchantCode);
    const { rows, total } = await repository.adminGames(merchant.id, filters, {
      limit: page.pageSize,
      offset: (page.pageNo - 1) * page.pageSize,
    });
    const totalPages = Math.ceil(total / page.pageSize);
    if (page.pageNo > Math.max(totalPages, 1)) throw new AppError('page_out_of_range', 'pageNo');
    const list: AdminGame[] = rows.map((g) => ({
      nodeId: g.node_id,
      name: g.name,
      gameCode: g.game_code,
      vendor: g.vendor_code,
      vassalage: g.vassalage,
      minBet: g.min_bet,
      popularity: g.popularity,
      enabled: g.enabled,
      isHot: g.is_hot,
      maintenance: g.maintenance,
      sortOrder: g.sort_order,
      lineEnabled: g.line_enabled,
      lineMaintenance: g.line_maintenance,
    }));
    return { list, pageNo: page.pageNo, pageSize: page.pageSize, total, totalPages };
  }

  async function credentials(): Promise<VendorCredentials[]> {
    const [vendors, stored] = await Promise.all([repository.vendors(), deps.seamless.credentialsList()]);
    const byCode = new Map(stored.map((c) => [c.vendorCode, c]));
    return vendors.map((v) => {
      const c = byCode.get(v.code);
      return {
        vendorCode: v.code,
        vendorName: v.display_name,
        inHouse: v.in_house,
        configured: Boolean(c),
        enabled: c?.enabled ?? false,
        launchUrl: c?.launchUrl ?? null,
        freeRoundWins: c?.freeRoundWins ?? false,
        secretHint: c?.secretHint ?? null,
        updatedAt: c?.updatedAt ?? null,
      };
    });
  }

  return {
    lines,

    async setLine(merchantCode: string, nodeId: number, values: CatalogueSwitches, actor: OperatorActor) {
      const merchant = await merchants.byCode(merchantCode);
      if (!(await repository.lineExists(nodeId))) throw new AppError('unknown_vendor', 'nodeId');
      await db.transaction().execute(async (trx) => {
        const before = await repository.lineSwitches(trx, merchant.id, nodeId);
        await repository.setLineSwitches(trx, merchant.id, nodeId, toSwitches(values));
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: 'games.line.update',
          target: `line:${nodeId}`,
          before: fromSwitches(before),
          after: values,
          ip: actor.ip,
        });
      });
      games.invalidate();
      const line = (await lines(merchantCode)).find((l) => l.nodeId === nodeId);
      if (!line) throw new AppError('unknown_vendor', 'nodeId');
      return line;
    },

    games: adminGames,

    async setGame(merchantCode: string, nodeId: number, values: CatalogueSwitches, actor: OperatorActor) {
      const merchant = await merchants.byCode(merchantCode);
      if (!(await repository.gameExists(nodeId))) throw new AppError('unknown_game', 'nodeId');
      await db.transaction().execute(async (trx) => {
        const before = await repository.gameSwitches(trx, merchant.id, nodeId);
        await repository.setGameSwitches(trx, merchant.id, nodeId, toSwitches(values));
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: 'games.game.update',
          target: `game:${nodeId}`,
          before: fromSwitches(before),
          after: values,
          ip: actor.ip,
        });
      });
      games.invalidate();
      const page = await adminGames(merchantCode, { nodeId }, { pageNo: 1, pageSize: 1 });
      const found = page.list[0];
      if (!found) throw new AppError('unknown_game', 'nodeId');
      return found;
    },

    credentials,

    async setCredentials(
      vendorCode: string,
      values: { enabled: boolean; launchUrl: string; rotateSecret: boolean; freeRoundWins: boolean },
      actor: OperatorActor,
    ) {
      const vendor = (await repository.vendors()).find((v) => v.code === vendorCode);
      if (!vendor) throw new AppError('unknown_vendor', 'code');
      // The studio's games run in our own client: it has no seamless-wallet calls to sign.
      if (vendor.in_house) throw new AppError('validation_failed', 'code');
      const result = await deps.seamless.setCredentials(vendorCode, values);
      await audit.record(db, {
        actorType: 'operator',
        actorId: actor.id,
        actorName: actor.name,
        action: 'games.vendor.credentials',
        target: `vendor:${vendorCode}`,
        before: result.before,
        after: {
          enabled: values.enabled,
          launchUrl: values.launchUrl,
          freeRoundWins: values.freeRoundWins,
          secretRotated: result.newSecret !== null,
        },
        ip: actor.ip,
      });
      const updated = (await credentials()).find((c) => c.vendorCode === vendorCode);
      if (!updated) throw new AppError('unknown_vendor', 'code');
      return { credentials: updated, newSecret: result.newSecret };
    },

    /** Bets explorer: every member's real rounds of a merchant, read from the replica (decision 062). */
    async bets(query: {
      merchant: string;
      product: GameType | 'ALL';
      vendor?: string | undefined;
      member?: string | undefined;
      from: string;
      to: string;
      pageNo: number;
      pageSize: number;
    }) {
      const merchant = await merchants.byCode(query.merchant);
      const range = dayRange(query.from, query.to, merchant.settings.whitelabel.timeZone);
      const page = await mergedRounds(
        deps,
        {
          merchantId: merchant.id,
          memberSearch: query.member,
          ...range,
          product: query.product,
          vendor: query.vendor,
          pageNo: query.pageNo,
          pageSize: query.pageSize,
        },
        await games.lineMap(merchant),
        'EN',
        deps.reports,
      );
      return {
        ...page,
        list: page.list.map((r) => ({
          id: r.id,
          member: r.member,
          memberId: r.memberId,
          product: r.product,
          vendor: r.vendor,
          gameName: r.gameName,
          roundId: r.roundId,
          bet: r.bet,
          win: r.win,
          profit: r.profit,
          status: r.status,
          freeRound: r.freeRound,
          createdAt: r.at.toISOString(),
        })),
      };
    },

    /** The merchant's progressive jackpot: pool, seed and awards. */
    async jackpot(merchantCode: string) {
      const merchant = await merchants.byCode(merchantCode);
      return slots.jackpotAdmin(merchant.id);
    },

    /** Sets the jackpot's seed (funding the pool up to it from the house's promotion account), audited. */
    async setJackpotSeed(merchantCode: string, seed: number, actor: OperatorActor) {
      const merchant = await merchants.byCode(merchantCode);
      const before = await slots.jackpotAdmin(merchant.id);
      await db.transaction().execute(async (trx) => {
        await slots.setJackpotSeed(trx, merchant.id, seed, {
          type: 'operator',
          id: actor.id,
          name: actor.name,
          ip: actor.ip,
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: 'games.jackpot.seed',
          target: `merchant:${merchant.id}`,
          before: { seed: before.seed, pool: before.pool },
          after: { seed },
          ip: actor.ip,
        });
      });
      return slots.jackpotAdmin(merchant.id);
    },

    /** The house's game profit and loss by day (merchant time zone), vendor and product: read from the replica. */
    async report(query: { merchant: string; from: string; to: string }) {
      const merchant = await merchants.byCode(query.merchant);
      const timeZone = merchant.settings.whitelabel.timeZone;
      const range = dayRange(query.from, query.to, timeZone);
      const rows = (
        await roundTotals(
          deps,
          { merchantId: merchant.id, ...range, timeZone },
          await games.lineMap(merchant),
          deps.reports,
        )
      ).map((r) => ({ ...r, ggr: r.bet - r.win }));
      const sum = (key: 'count' | 'bet' | 'win') => rows.reduce((total, r) => total + r[key], 0);
      return {
        rows,
        totals: { count: sum('count'), bet: sum('bet'), win: sum('win'), ggr: sum('bet') - sum('win') },
        timeZone,
      };
    },
  };
}

export type GamesAdminService = ReturnType<typeof gamesAdminService>;
