import { addDays, dayOf } from '@tala/contracts/calendar';
import type { BetRecordQuery } from '@tala/contracts/game-play';
import type { Game, GameType } from '@tala/contracts/games';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { FishRecords } from '../fish/fish-records.ts';
import type { LiveService } from '../live/live.service.ts';
import type { LotteryService } from '../lottery/lottery.service.ts';
import type { TeamScope } from '../members/team-scope.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { PvpRecords } from '../pvp/pvp-records.ts';
import type { SeamlessService } from '../seamless/seamless.service.ts';
import type { SlotsService } from '../slots/slots.service.ts';
import type { SportsbookRecords } from '../sportsbook/sportsbook-records.ts';
import {
  dayRange,
  maskName,
  memberProductTotals,
  mergedRounds,
  productOf,
  roundTotals,
  studioTitleName,
} from './game-records.ts';
import { gamesRepository } from './games.repository.ts';
import type { GamesService } from './games.service.ts';

/** How many launches and titles make up the recent list before filtering. */
const RECENT_DEPTH = 200;

function pageOf(games: Game[], pageNo: number, pageSize: number) {
  const totalPages = Math.ceil(games.length / pageSize);
  if (pageNo > Math.max(totalPages, 1)) throw new AppError('page_out_of_range', 'pageNo');
  const list = games.slice((pageNo - 1) * pageSize, pageNo * pageSize);
  return { list, content: list, pageNo, pageSize, total: games.length, totalPages };
}

/**
 * A member's games (favourites, recent), the winner board and the member's records (betting record, profit and
 * loss). Reads rounds through the seamless and slots services; writes only the favourites table of this module.
 */
export function gamesPlayService(deps: {
  db: Database;
  games: GamesService;
  seamless: SeamlessService;
  slots: SlotsService;
  lottery: LotteryService;
  live: LiveService;
  pvp: PvpRecords;
  fish: { records: FishRecords };
  sports?: SportsbookRecords | undefined;
}) {
  const repository = gamesRepository(deps.db);
  const { games } = deps;

  return {
    async favourites(merchant: Merchant, memberId: number, gameType?: GameType) {
      const ids = await repository.favouriteNodeIds(memberId);
      const list = await games.gamesByNodeIds(merchant, ids);
      return gameType ? list.filter((g) => g.gameType === gameType) : list;
    },

    async favouritePage(
      merchant: Merchant,
      memberId: number,
      query: { gameType?: GameType | undefined; pageNo: number; pageSize: number },
    ) {
      return pageOf(await this.favourites(merchant, memberId, query.gameType), query.pageNo, query.pageSize);
    },

    /** Adds or removes by nodeId; vendor and gameType, when sent, must be the game's. */
    async toggleFavourite(
      merchant: Merchant,
      memberId: number,
      body: { nodeId: number; vendor?: string | undefined; gameType?: GameType | undefined },
      favourite: boolean,
    ) {
      if (favourite) {
        const game = await games.game(merchant, body.nodeId);
        if (body.vendor !== undefined && body.vendor !== game.vendor)
          throw new AppError('validation_failed', 'vendor');
        if (body.gameType !== undefined && body.gameType !== game.gameType)
          throw new AppError('validation_failed', 'gameType');
        await repository.addFavourite(memberId, body.nodeId);
      } else {
        await repository.removeFavourite(memberId, body.nodeId);
      }
      return { nodeId: body.nodeId, favourite };
    },

    /** Games the member launched or played in-house, the latest first. */
    async recent(
      merchant: Merchant,
      memberId: number,
      query: {
        gameType?: GameType | undefined;
        vassalage?: string | undefined;
        pageNo: number;
        pageSize: number;
      },
    ) {
      const [launched, played] = await Promise.all([
        deps.seamless.launchedGames(memberId, RECENT_DEPTH),
        deps.slots.playedTitles(memberId, RECENT_DEPTH),
      ]);
      const studio = await Promise.all(
        played.map(async (p) => ({
          nodeId: (await games.inHouseGame(merchant, p.gameCode))?.nodeId,
          at: p.at,
        })),
      );
      const ordered = [...launched, ...studio.filter((s): s is { nodeId: number; at: Date } => !!s.nodeId)]
        .sort((a, b) => b.at.getTime() - a.at.getTime())
        .map((r) => r.nodeId);
      const list = (await games.gamesByNodeIds(merchant, [...new Set(ordered)])).filter(
        (g) =>
          (!query.gameType || g.gameType === query.gameType) &&
          (!query.vassalage || g.vassalage === query.vassalage),
      );
      return pageOf(list, query.pageNo, query.pageSize);
    },

    /** The winner board: the latest real wins of the merchant's players, names masked. */
    async rankList(
      merchant: Merchant,
      query: { gameCategory: GameType | 'ALL'; limitNum: number },
      language?: string,
    ) {
      const lines = await games.lineMap(merchant);
      const vassalages =
        query.gameCategory === 'ALL'
          ? undefined
          : [...lines.values()].filter((l) => l.gameType === query.gameCategory).map((l) => l.vassalage);
      const withStudio = query.gameCategory === 'ALL' || query.gameCategory === 'RNG';
      const [vendor, studio] = await Promise.all([
        deps.seamless.winners(merchant.id, query.limitNum, vassalages),
        withStudio ? deps.slots.latestWins(merchant.id, query.limitNum) : [],
      ]);
      const studioRows = await Promise.all(
        studio.map(async (r) => {
          const game = await games.inHouseGame(merchant, r.game_code);
          return {
            player: r.username,
            gameName: game?.name ?? studioTitleName(r.game_code, language),
            nodeId: game?.nodeId ?? null,
            gameType: 'RNG' as const,
            prize: r.win,
            at: r.created_at,
          };
        }),
      );
      const rows = [
        ...vendor.map((r) => ({
          player: r.username,
          gameName: r.name,
          nodeId: r.node_id,
          gameType: lines.get(r.vassalage)?.gameType ?? null,
          prize: r.amount,
          at: r.created_at,
        })),
        ...studioRows,
      ]
        .sort((a, b) => b.at.getTime() - a.at.getTime())
        .slice(0, query.limitNum);
      return {
        list: rows.map((r) => ({
          vo: {
            player: maskName(r.player),
            gameName: r.gameName,
            nodeId: r.nodeId,
            gameType: r.gameType,
            prize: r.prize,
            wonAt: r.at.toISOString(),
          },
        })),
      };
    },

    /** personalHistoryCopy: the member's real-money rounds in a date range of the merchant's time zone. */
    async betRecord(merchant: Merchant, memberId: number, query: BetRecordQuery) {
      const timeZone = merchant.settings.whitelabel.timeZone;
      const range = dayRange(query.from, query.to, timeZone);
      const page = await mergedRounds(
        deps,
        {
          merchantId: merchant.id,
          memberId,
          ...range,
          product: query.product,
          vendor: query.vendor,
          pageNo: query.pageNo,
          pageSize: query.pageSize,
        },
        await games.lineMap(merchant),
        query.language,
      );
      // The member's own record shows each bet's rebate (the lottery's, decision 042) and counts it in the profit.
      return {
        ...page,
        totals: { ...page.totals, profit: page.totals.profit + page.totals.rebate },
        list: page.list.map((r) => ({
          id: r.id,
          product: r.product,
          vendor: r.vendor,
          gameName: r.gameName,
          bet: r.bet,
          win: r.win,
          rebate: r.rebate,
          profit: r.profit + r.rebate,
          status: r.status,
          freeRound: r.freeRound,
          createdAt: r.at.toISOString(),
        })),
      };
    },

    /** Team betting (agent centre): the team's rounds as they were in its tree, with the member of each. */
    async teamBets(
      merchant: Merchant,
      team: TeamScope,
      query: {
        from: Date;
        to: Date;
        product: GameType | 'ALL';
        language?: string | undefined;
        pageNo: number;
        pageSize: number;
      },
    ) {
      const page = await mergedRounds(
        deps,
        {
          merchantId: merchant.id,
          memberId: team.memberId,
          team,
          from: query.from,
          to: query.to,
          product: query.product,
          pageNo: query.pageNo,
          pageSize: query.pageSize,
        },
        await games.lineMap(merchant),
        query.language,
      );
      return {
        ...page,
        list: page.list.map((r) => ({
          id: r.id,
          username: r.member,
          product: r.product,
          vendor: r.vendor,
          gameName: r.gameName,
          bet: r.bet,
          win: r.win,
          profit: r.profit,
          status: r.status,
          createdAt: r.at.toISOString(),
        })),
      };
    },

    /** The team's stakes and wins per member and product (agent centre: overview, profit and loss). */
    async teamTotals(merchant: Merchant, team: TeamScope, range: { from: Date; to: Date }) {
      return memberProductTotals(
        deps,
        { merchantId: merchant.id, team, ...range },
        await games.lineMap(merchant),
      );
    },

    /** Every member's stakes and wins per product over a range (promotions: rebates; agents: the team rollups). */
    async merchantTotals(merchant: Merchant, range: { from: Date; to: Date }) {
      return memberProductTotals(deps, { merchantId: merchant.id, ...range }, await games.lineMap(merchant));
    },

    /** One member's stakes and wins per product over a range (promotions: the rebate so far). */
    async memberTotals(merchant: Merchant, memberId: number, range: { from: Date; to: Date }) {
      const rows = await memberProductTotals(
        deps,
        { merchantId: merchant.id, memberId, ...range },
        await games.lineMap(merchant),
      );
      return rows.map((r) => ({ product: r.product, bet: r.bet, win: r.win }));
    },

    /** Every member's valid bets per product in [from, to) of real-money rounds (points: bet accrual). */
    async memberValidBets(merchant: Merchant, range: { from: Date; to: Date }) {
      const lines = await games.lineMap(merchant);
      const filters = { merchantId: merchant.id, ...range };
      const [vendor, studio, lottery, live, fish] = await Promise.all([
        deps.seamless.memberTotals(filters),
        deps.slots.memberTotals(filters),
        deps.lottery.memberTotals(filters),
        deps.live.records.memberTotals(filters),
        deps.fish.records.memberTotals(filters),
      ]);
      return [
        ...vendor.map((r) => ({
          memberId: r.memberId,
          product: productOf(r.vassalage, lines),
          bet: r.stake,
        })),
        ...studio.map((r) => ({ memberId: r.memberId, product: 'RNG' as GameType, bet: r.bet })),
        ...lottery.map((r) => ({ memberId: r.memberId, product: 'LOTT' as GameType, bet: r.bet })),
        ...live.map((r) => ({ memberId: r.memberId, product: 'LIVE' as GameType, bet: r.bet })),
        ...fish.map((r) => ({ memberId: r.memberId, product: 'FISH' as GameType, bet: r.bet })),
        ...((await deps.sports?.memberTotals(filters)) ?? []).map((r) => ({
          memberId: r.memberId,
          product: r.product as GameType,
          bet: r.bet,
        })),
      ];
    },

    /** The member's valid bets per product since an instant (promotions: the turnover towards a bonus). */
    async validBetsSince(merchant: Merchant, memberId: number, since: Date) {
      const rows = await roundTotals(
        deps,
        {
          merchantId: merchant.id,
          memberId,
          from: since,
          to: new Date(Date.now() + 1000),
          timeZone: merchant.settings.whitelabel.timeZone,
        },
        await games.lineMap(merchant),
      );
      const byProduct = new Map<GameType, number>();
      for (const r of rows) byProduct.set(r.product, (byProduct.get(r.product) ?? 0) + r.bet);
      return byProduct;
    },

    /** personalProfit: the member's profit and loss by product over today, yesterday or the last 7 or 30 days. */
    async profitLoss(
      merchant: Merchant,
      memberId: number,
      period: 'today' | 'yesterday' | 'last7' | 'last30',
    ) {
      const timeZone = merchant.settings.whitelabel.timeZone;
      const today = dayOf(new Date(), timeZone);
      const span = {
        today: [today, today],
        yesterday: [addDays(today, -1), addDays(today, -1)],
        last7: [addDays(today, -6), today],
        last30: [addDays(today, -29), today],
      }[period] as [string, string];
      const range = dayRange(span[0], span[1], timeZone);
      const rows = await roundTotals(
        deps,
        { merchantId: merchant.id, memberId, ...range, timeZone },
        await games.lineMap(merchant),
      );
      const byProduct = new Map<
        GameType,
        { product: GameType; count: number; bet: number; win: number; rebate: number }
      >();
      for (const r of rows) {
        const entry = byProduct.get(r.product) ?? { product: r.product, count: 0, bet: 0, win: 0, rebate: 0 };
        entry.count += r.count;
        entry.bet += r.bet;
        entry.win += r.win;
        entry.rebate += r.rebate;
        byProduct.set(r.product, entry);
      }
      // Rebates (the lottery's, paid at settlement as their own entries) are money back: they count in the profit.
      const products = [...byProduct.values()]
        .map((p) => ({ ...p, profit: p.win - p.bet + p.rebate }))
        .sort((a, b) => b.bet - a.bet);
      const sum = (key: 'count' | 'bet' | 'win' | 'rebate') =>
        products.reduce((total, p) => total + p[key], 0);
      return {
        period,
        from: span[0],
        to: span[1],
        products,
        totals: {
          count: sum('count'),
          bet: sum('bet'),
          win: sum('win'),
          rebate: sum('rebate'),
          profit: sum('win') - sum('bet') + sum('rebate'),
        },
      };
    },
  };
}

export type GamesPlayService = ReturnType<typeof gamesPlayService>;
