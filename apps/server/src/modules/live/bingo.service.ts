import {
  type BingoCardView,
  type BingoPatternCode,
  type BingoRoom,
  type BingoRoomState,
  type BingoRound,
  type BuyBody,
  clientSeed as clientSeedSchema,
} from '@tala/contracts/bingo';
import { type BingoCard, cardOf, drawOrder, prizePool, settlePattern } from '@tala/live/bingo';
import { cardSource, roundSource } from '@tala/live/round';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { changes } from '../../lib/change-feed.ts';
import type { PlayGuardPort } from '../../lib/play-guard.ts';
import type { GamesService } from '../games/games.service.ts';
import type { LimitsService } from '../limits/limits.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { bingoRepository, type CardRow } from './bingo.repository.ts';
import { type BetRow, liveRepository, type RoundRow, type TableRow } from './live.repository.ts';
import type { LiveMember, LiveService } from './live.service.ts';
import { roundNoAt } from './live.service.ts';
import {
  bingoBalls,
  isRoom,
  liveVendor,
  type RoomPrize,
  type RoomSettings,
  roomSettingsOf,
} from './live-tables.ts';

/** Game recall: the member's last games in a room. */
const recallSize = 10;

/** The draw fixed at a game's close (live_rounds.draw): secret beyond the balls already called. */
type Draw = {
  calls: number[];
  /** Index in `calls` of the last prize's ball; -1 when no card was sold. */
  endCall: number;
  merchants: Record<
    string,
    {
      sales: number;
      cards: number;
      prizes: {
        pattern: BingoPatternCode;
        pool: number;
        callIndex: number | null;
        each: number;
        cardIds: number[];
      }[];
    }
  >;
};

const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** The share of sales a room pays back, in percent with one decimal ("85.0"). */
const rtpOf = (prizes: RoomPrize[]) => (prizes.reduce((s, p) => s + p.sharePermille, 0) / 10).toFixed(1);

export function roomView(row: TableRow, maintenance = row.maintenance): BingoRoom {
  const settings = roomSettingsOf(row);
  return {
    code: row.code,
    game: settings.game,
    name: row.name,
    currency: settings.currency,
    cardPrice: settings.cardPrice,
    maxCards: settings.maxCards,
    saleSeconds: row.betting_seconds,
    ballMs: settings.ballMs,
    prizes: settings.prizes,
    rtp: rtpOf(settings.prizes),
    maintenance,
  };
}

/** How many of the draw's balls have been called at `now` (0 before the close). */
function calledCount(round: RoundRow, draw: Draw | null, ballMs: number, now: Date): number {
  if (!draw) return 0;
  if (round.status === 'settled') return draw.endCall + 1;
  if (round.status !== 'drawing') return 0;
  const since = now.getTime() - round.closes_at.getTime();
  if (since < 0) return 0;
  return Math.min(draw.endCall + 1, Math.floor(since / ballMs) + 1);
}

type Sales = { cards: number; sales: number };

/**
 * A game as one merchant's members see it at `now`: the balls called so far and the prizes they decided, this
 * merchant's sales and pools; the seed once settled. `mine` are the asking member's card ids (HTTP only).
 */
export function bingoRoundView(
  round: RoundRow,
  merchantId: number,
  sales: Sales,
  now: Date,
  mine: ReadonlySet<number> = new Set(),
): BingoRound {
  const settings = parsed<RoomSettings>(round.room);
  const draw = round.status === 'drawing' || round.status === 'settled' ? parsed<Draw>(round.draw) : null;
  const shown = calledCount(round, draw, settings.ballMs, now);
  const ours = draw?.merchants[String(merchantId)];
  const drawing = round.status === 'drawing' && draw !== null && shown < draw.endCall + 1;
  return {
    roomCode: round.table_code,
    roundNo: Number(round.round_no),
    opensAt: round.opens_at.toISOString(),
    closesAt: round.closes_at.toISOString(),
    endsAt: round.ends_at.toISOString(),
    serverSeedHash: round.server_seed_hash,
    status: round.status,
    cardsSold: sales.cards,
    sales: sales.sales,
    pools: settings.prizes.map((p) => ({
      pattern: p.pattern,
      amount: Number(prizePool(BigInt(sales.sales), p.sharePermille)),
    })),
    calls: draw ? draw.calls.slice(0, shown) : [],
    nextBallAt: drawing ? new Date(round.closes_at.getTime() + shown * settings.ballMs).toISOString() : null,
    winners: (ours?.prizes ?? []).flatMap((p) =>
      p.callIndex !== null && p.callIndex < shown && p.cardIds.length > 0
        ? [
            {
              pattern: p.pattern,
              callIndex: p.callIndex,
              cards: p.cardIds.length,
              each: p.each,
              mine: p.cardIds.filter((id) => mine.has(id)),
            },
          ]
        : [],
    ),
    serverSeed: round.status === 'settled' ? round.server_seed : null,
  };
}

/** When the clock should look at a room's round next: its close, its next ball, its payout, the next game. */
export function roundDueAt(round: BingoRound, settlesAt: Date | null): number {
  if (round.status === 'open') return new Date(round.closesAt).getTime();
  if (round.status === 'drawing')
    return round.nextBallAt ? new Date(round.nextBallAt).getTime() : (settlesAt?.getTime() ?? Date.now());
  return new Date(round.endsAt).getTime();
}

function cardView(row: CardRow & { request_id: string }, round: RoundRow): BingoCardView {
  return {
    id: Number(row.id),
    roomCode: round.table_code,
    roundNo: Number(round.round_no),
    cardNo: row.card_no,
    rows: parsed<(number | null)[][]>(row.rows),
    clientSeed: row.client_seed,
    requestId: row.request_id,
    index: row.index,
    price: parsed<RoomSettings>(round.room).cardPrice,
    won: Number(row.won),
  };
}

/** Whether a room is in the merchant's currency (only such rooms are its: decision 069). */
function ofCurrency(merchant: Merchant, row: TableRow) {
  return row.currency === merchant.settings.whitelabel.currency;
}

function isUniqueViolation(error: unknown) {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/**
 * The bingo rooms (decision 055): rooms are rows of live_tables on the same fixed schedule as tables. Cards are sold
 * until the close, by the same guarantees as live bets; at the close the draw is fixed once (the round row's lock),
 * each merchant's prizes computed over its own cards and sales; when the last prize's ball has been shown the
 * winners are paid once, by the same lock.
 */
export function bingoService(
  db: Database,
  deps: {
    live: LiveService;
    wallet: WalletService;
    games: GamesService;
    playGuard?: PlayGuardPort;
    limits?: LimitsService | undefined;
  },
) {
  const repository = bingoRepository();
  const live = liveRepository();
  const { wallet } = deps;

  /**
   * A room of the merchant's currency (decision 069): a room of another currency is none of its merchants' (its
   * price and sales are in that currency), so it is not found, as a table's code is.
   */
  async function roomRow(merchant: Merchant, code: string): Promise<TableRow> {
    const row = await live.table(db, code);
    if (!row || !isRoom(row) || !ofCurrency(merchant, row))
      throw new AppError('bingo_room_not_found', 'roomCode');
    return row;
  }

  /** Merchants' currencies, for the socket's frames (a merchant's currency is locked once it has accounts). */
  const currencies = new Map<number, string>();
  changes.subscribe((change) => {
    if (change.on === 'merchants' || change.on === 'all') currencies.clear();
  });
  async function currenciesOf(merchantIds: number[]) {
    const missing = merchantIds.filter((id) => !currencies.has(id));
    if (missing.length > 0)
      for (const m of await db
        .selectFrom('merchants')
        .select(['id', 'currency'])
        .where('id', 'in', missing)
        .execute())
        currencies.set(m.id, m.currency);
    return currencies;
  }

  /** Each merchant's cards and sales per round. */
  async function salesOf(rounds: RoundRow[]) {
    const rows = await repository.sales(
      db,
      rounds.map((r) => Number(r.id)),
    );
    return (roundId: number, merchantId: number): Sales => {
      const found = rows.find((r) => r.roundId === Number(roundId) && r.merchantId === merchantId);
      return { cards: found?.cards ?? 0, sales: found?.sales ?? 0 };
    };
  }

  async function roomState(
    row: TableRow,
    merchant: Merchant,
    now: Date,
    nodeId: number | null,
    maintenance: boolean,
    memberId?: number,
  ): Promise<BingoRoomState> {
    const round = maintenance ? undefined : await live.round(db, row.code, roundNoAt(row, now));
    let view: BingoRound | null = null;
    if (round?.room) {
      const sales = await salesOf([round]);
      const mine = memberId
        ? new Set((await repository.memberCards(db, memberId, [round.id])).map((c) => Number(c.id)))
        : undefined;
      view = bingoRoundView(round, merchant.id, sales(round.id, merchant.id), now, mine);
    }
    return { room: roomView(row, maintenance), nodeId, round: view, serverTime: now.toISOString() };
  }

  /** The merchant's offer of a room: its catalogue game, or bingo_room_not_found. */
  async function offered(merchant: Merchant, row: TableRow) {
    const game = await deps.games.inHouseGame(merchant, row.code);
    if (!game) throw new AppError('bingo_room_not_found', 'roomCode');
    return game;
  }

  /** Fixes a due game's draw (once, by the round row's lock); true when this call did it. */
  async function drawRound(roundId: number): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const round = await repository.lockForDraw(trx, roundId);
      if (!round) return false;
      const settings = parsed<RoomSettings>(round.room);
      const balls = bingoBalls[settings.game];
      const calls = drawOrder(
        roundSource(round.server_seed, round.table_code, Number(round.round_no)),
        balls,
      );
      const cards = await repository.roundCards(trx, round.id);
      if (cards.length === 0) {
        // Nothing sold: the game is over at once, with nothing to pay.
        await live.markRound(trx, round.id, 'settled', { calls: [], endCall: -1 });
        return true;
      }
      const sales = new Map<number, bigint>();
      for (const bet of await live.openBets(trx, round.id))
        sales.set(bet.merchant_id, (sales.get(bet.merchant_id) ?? 0n) + BigInt(bet.stake));
      const merchants: Draw['merchants'] = {};
      let endCall = 0;
      for (const merchantId of new Set(cards.map((c) => c.merchant_id))) {
        const ours = cards.filter((c) => c.merchant_id === merchantId);
        const boards: BingoCard[] = ours.map((c) => ({ balls, rows: parsed(c.rows) }));
        const sold = sales.get(merchantId) ?? 0n;
        const prizes = settings.prizes.map((prize) => {
          const settled = settlePattern(boards, prize.pattern, calls, sold, prize.sharePermille);
          if (settled.callIndex !== null) endCall = Math.max(endCall, settled.callIndex);
          return {
            pattern: prize.pattern,
            pool: Number(settled.pool),
            callIndex: settled.callIndex,
            each: Number(settled.winners[0]?.amount ?? 0n),
            cardIds: settled.winners.map((w) => Number(ours[w.card]?.id)),
          };
        });
        merchants[String(merchantId)] = { sales: Number(sold), cards: ours.length, prizes };
      }
      const draw: Draw = { calls, endCall, merchants };
      // The last prize's ball, then one more interval for the winners to show before the payout.
      const settlesAt = new Date(round.closes_at.getTime() + (endCall + 2) * settings.ballMs);
      await repository.markDrawing(trx, round.id, draw, settlesAt);
      return true;
    });
  }

  /** Pays a drawn game's winners once its last prize's ball has been shown (once, by the round row's lock). */
  async function settleRound(roundId: number): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const round = await repository.lockForSettlement(trx, roundId);
      if (!round) return false;
      const draw = parsed<Draw>(round.draw);
      const cardWins = new Map<number, number>();
      for (const m of Object.values(draw.merchants))
        for (const prize of m.prizes)
          for (const id of prize.cardIds) cardWins.set(id, (cardWins.get(id) ?? 0) + prize.each);
      const betWins = new Map<number, number>();
      for (const card of await repository.roundCards(trx, round.id)) {
        const won = cardWins.get(Number(card.id));
        if (won) betWins.set(Number(card.bet_id), (betWins.get(Number(card.bet_id)) ?? 0) + won);
      }
      const bets: BetRow[] = await live.openBets(trx, round.id);
      await deps.live.payBets(
        trx,
        bets,
        bets.map((b) => betWins.get(Number(b.id)) ?? 0),
        'payout',
        (bet) => `live:payout:${bet.id}`,
      );
      await repository.setWon(trx, cardWins);
      await live.markRound(trx, round.id, 'settled', {
        calls: draw.calls.slice(0, draw.endCall + 1),
        endCall: draw.endCall,
      });
      return true;
    });
  }

  async function replay(member: LiveMember, body: BuyBody) {
    const existing = await live.betByRequest(db, member.id, body.requestId);
    if (!existing) return undefined;
    const round = await live.round(db, body.roomCode, body.roundNo);
    const cards = await repository.betCards(db, existing.id);
    const spots = parsed<Record<string, number>>(existing.spots);
    const same =
      round?.id === existing.round_id &&
      Number(spots.cards) === body.count &&
      cards.every((c) => c.client_seed === body.clientSeed);
    if (!round || !same) throw new AppError('idempotency_conflict', 'requestId');
    return {
      cards: cards.map((c) => cardView({ ...c, request_id: existing.request_id }, round)),
      stake: Number(existing.stake),
      balance: await wallet.balance(await wallet.memberAccount(member.merchant_id, member.id)),
      replayed: true,
    };
  }

  return {
    /** The rooms the merchant offers, each with its catalogue node and its game now (this merchant's view). */
    async rooms(merchant: Merchant, now = new Date(), memberId?: number): Promise<BingoRoomState[]> {
      const rows = (await live.tables(db)).filter((row) => isRoom(row) && ofCurrency(merchant, row));
      const list = await Promise.all(
        rows.map(async (row) => ({ row, game: await deps.games.inHouseGame(merchant, row.code) })),
      );
      return Promise.all(
        list.flatMap(({ row, game }) =>
          game
            ? [roomState(row, merchant, now, game.nodeId, row.maintenance || game.maintenance, memberId)]
            : [],
        ),
      );
    },

    async room(merchant: Merchant, code: string, now = new Date(), memberId?: number) {
      const row = await roomRow(merchant, code);
      const game = await offered(merchant, row);
      return roomState(row, merchant, now, game.nodeId, row.maintenance || game.maintenance, memberId);
    },

    /**
     * Each watched room's game now, per merchant (the socket's frames), with when the clock should look again and
     * a key that changes when the game opens, at each ball and when it ends.
     */
    async roundsNow(codes: string[], merchantIds: number[], now = new Date()) {
      const rows = (await live.tables(db)).filter(
        (r) => isRoom(r) && codes.includes(r.code) && !r.maintenance,
      );
      const rounds = (
        await repository.rounds(
          db,
          rows.map((r) => ({ code: r.code, roundNo: roundNoAt(r, now) })),
        )
      ).filter((r) => r.room);
      const sales = await salesOf(rounds);
      const currency = new Map(rows.map((r) => [r.code, r.currency]));
      const merchantCurrency = await currenciesOf(merchantIds);
      return rounds.map((round) => {
        // Only the merchants of the room's currency see its games.
        const views = new Map(
          merchantIds
            .filter((id) => merchantCurrency.get(id) === currency.get(round.table_code))
            .map((id) => [id, bingoRoundView(round, id, sales(round.id, id), now)] as const),
        );
        const any = bingoRoundView(round, 0, { cards: 0, sales: 0 }, now);
        return {
          roomCode: round.table_code,
          key: `${round.round_no}:${round.status}:${any.calls.length}`,
          dueAt: roundDueAt(any, round.settles_at),
          views,
        };
      });
    },

    /** Whether these codes name rooms (the socket tells rooms from tables). */
    async roomCodes(): Promise<Set<string>> {
      return new Set((await live.tables(db)).filter(isRoom).map((r) => r.code));
    },

    /** Fixes the draw of every game whose sale closed, then pays every game whose last ball was shown. */
    async settleDue(): Promise<{ drawn: number; settled: number }> {
      let drawn = 0;
      let settled = 0;
      for (const { id } of await repository.dueDraws(db, 50)) if (await drawRound(id)) drawn += 1;
      for (const { id } of await repository.dueSettlements(db, 50)) if (await settleRound(id)) settled += 1;
      return { drawn, settled };
    },

    /**
     * Buys cards in a room's game: the room and seed checked (each refusal its own code), then in one transaction
     * the stake posted, the cards numbered and recorded, on a game whose sale is open from the first statement to
     * the last. The same requestId answers the same cards.
     */
    async buy(merchant: Merchant, member: LiveMember, body: BuyBody) {
      const row = await roomRow(merchant, body.roomCode);
      const game = await offered(merchant, row);
      if (row.maintenance || game.maintenance) throw new AppError('bingo_room_maintenance', 'roomCode');
      if (!clientSeedSchema.safeParse(body.clientSeed).success)
        throw new AppError('bingo_client_seed_invalid', 'clientSeed');
      await deps.playGuard?.check({ merchantId: merchant.id, memberId: member.id });
      const earlier = await replay(member, body);
      if (earlier) return earlier;

      const [memberAccount, house] = await Promise.all([
        wallet.memberAccount(merchant.id, member.id),
        wallet.houseAccount(merchant.id, 'house_vendor', liveVendor),
      ]);
      try {
        return await db.transaction().execute(async (trx) => {
          const round = await live.roundForBet(trx, row.code, body.roundNo);
          if (!round?.room || round.status === 'void') throw new AppError('bingo_game_not_found', 'roundNo');
          const now = new Date(round.now);
          if (now < round.opens_at) throw new AppError('bingo_sale_not_open', 'roundNo');
          if (round.status !== 'open' || now >= round.closes_at)
            throw new AppError('bingo_sale_closed', 'roundNo');
          const settings = parsed<RoomSettings>(round.room);
          if (body.count > settings.maxCards)
            throw new AppError('bingo_too_many_cards', 'count', { max: settings.maxCards });
          const stake = body.count * settings.cardPrice;

          const entry = await wallet.post(trx, {
            merchantId: merchant.id,
            idempotencyKey: `live:bet:${member.id}:${body.requestId}`,
            type: 'bet',
            postings: [
              { accountId: memberAccount, amount: -stake },
              { accountId: house, amount: stake },
            ],
            memo: `${row.code} #${body.roundNo} ${body.count} card(s)`,
            actor: { type: 'member', id: member.id },
            alongside: deps.limits?.bet({ merchantId: merchant.id, memberId: member.id }, stake),
          });
          // The stake locked the member's balance: their purchases in this game are counted one at a time.
          if ((await repository.memberCardCount(trx, member.id, round.id)) + body.count > settings.maxCards)
            throw new AppError('bingo_too_many_cards', 'count', { max: settings.maxCards });
          const bet = await live.insertBet(trx, {
            merchant_id: merchant.id,
            member_id: member.id,
            round_id: round.id,
            request_id: body.requestId,
            spots: { cards: body.count },
            stake,
            bet_entry_id: entry.entryId,
          });
          const first = await repository.takeCardNumbers(trx, round.id, body.count);
          const balls = bingoBalls[settings.game];
          const cards = await repository.insertCards(
            trx,
            Array.from({ length: body.count }, (_, index) => ({
              round_id: round.id,
              bet_id: bet.id,
              merchant_id: merchant.id,
              member_id: member.id,
              card_no: first + index,
              index,
              rows: cardOf(balls, cardSource(body.clientSeed, row.code, body.roundNo, body.requestId, index))
                .rows,
              client_seed: body.clientSeed,
            })),
          );
          await deps.live.settings.beforeBetCommit?.();
          // The last statement: a purchase that reached the close while it ran is rolled back, money and all.
          if (!(await live.stillOpen(trx, round.id))) throw new AppError('bingo_sale_closed', 'roundNo');
          changes.publish(trx, { on: 'member', memberId: member.id });
          return {
            cards: cards
              .sort((a, b) => a.index - b.index)
              .map((c) => cardView({ ...c, request_id: body.requestId }, round)),
            stake,
            balance: entry.postings[0]?.balanceAfter ?? 0,
            replayed: false,
          };
        });
      } catch (error) {
        // The same requestId sent twice at once: the loser answers the winner's cards.
        if (isUniqueViolation(error)) {
          const winner = await replay(member, body);
          if (winner) return winner;
        }
        throw error;
      }
    },

    /** The member's cards in a game of a room (the game now when no number is given). */
    async cards(merchant: Merchant, member: LiveMember, code: string, roundNo?: number, now = new Date()) {
      const row = await roomRow(merchant, code);
      const round = await live.round(db, code, roundNo ?? roundNoAt(row, now));
      if (!round) return [];
      const cards = await repository.memberCards(db, member.id, [round.id]);
      return cards.map((c) => cardView(c, round));
    },

    /** Game recall: the member's last games in a room, each as their merchant saw it, with their cards. */
    async recall(merchant: Merchant, member: LiveMember, code: string, now = new Date()) {
      await roomRow(merchant, code);
      const rounds = await repository.recallRounds(db, member.id, code, recallSize);
      const [cards, sales] = await Promise.all([
        repository.memberCards(
          db,
          member.id,
          rounds.map((r) => r.id),
        ),
        salesOf(rounds),
      ]);
      return rounds.map((round) => {
        const mine = cards.filter((c) => Number(c.round_id) === Number(round.id));
        return {
          round: bingoRoundView(
            round,
            member.merchant_id,
            sales(round.id, member.merchant_id),
            now,
            new Set(mine.map((c) => Number(c.id))),
          ),
          cards: mine.map((c) => cardView(c, round)),
        };
      });
    },
  };
}

export type BingoService = ReturnType<typeof bingoService>;
