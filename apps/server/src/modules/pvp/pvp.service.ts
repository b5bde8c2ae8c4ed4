import { formatMoney, moneyDisplay } from '@tala/contracts/money-format';
import type { PvpGame, PvpHand, PvpHistoryHand, PvpTable, PvpTableState } from '@tala/contracts/pvp';
import { checkAmount } from '@tala/contracts/wallet';
import { type PvpOutcome, type PvpRules, pvpDeck } from '@tala/live/pvp';
import { hashServerSeed, newServerSeed } from '@tala/slots/fairness';
import type { WebSocket } from 'ws';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { type ChangeFeed, changes } from '../../lib/change-feed.ts';
import type { PlayGuardPort } from '../../lib/play-guard.ts';
import { maskName } from '../games/game-records.ts';
import type { GamesService } from '../games/games.service.ts';
import type { LimitsService } from '../limits/limits.service.ts';
import type { LiveHub } from '../live/live-hub.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { type HandRow, pvpRepository, type SeatRow, type TableRow } from './pvp.repository.ts';
import { jsonValue } from './pvp.tables.ts';
import { pvpVendor } from './pvp-catalogue.ts';
import { pvpRules } from './pvp-games.ts';
import { pvpRecords } from './pvp-records.ts';

export type PvpMember = { id: number };
type Player = { seat: number; memberId: number; stack: number };

/** How long a hand's result stays on the table before the next deal. */
const PAUSE_SECONDS = 4;
/** Turns in a row played by the timer after which the seat leaves at the end of the hand. */
const MISSED_TO_LEAVE = 2;
const HISTORY_SIZE = 20;

function isUniqueViolation(error: unknown) {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

/**
 * The PvP card tables (issue 17 item 2; decision 057). One table loop for every game: the rules (packages/live)
 * say what a move does; this service seats and unseats members with their buy-ins (main wallet ↔ table wallet),
 * deals hands from committed seeds, applies moves one at a time under the hand row's lock (any process may take the
 * next one), plays the timer's move when a turn runs out, and settles each hand once in one ledger entry.
 */
export function pvpService(
  db: Database,
  deps: {
    wallet: WalletService;
    games: GamesService;
    playGuard?: PlayGuardPort;
    limits?: LimitsService;
    hub?: Pick<LiveHub, 'watchersOf'>;
    feed?: ChangeFeed;
  },
) {
  const { wallet } = deps;
  const feed = deps.feed ?? changes;
  const repository = pvpRepository();

  function rulesOf(game: string): PvpRules<unknown, unknown> {
    const rules = pvpRules[game as PvpGame];
    if (!rules) throw new Error(`no rules for ${game}`);
    return rules;
  }

  function minStack(table: TableRow) {
    return rulesOf(table.game).minStackStakes * table.stake;
  }

  function tableAccount(merchantId: number, memberId: number, executor: Database = db) {
    return wallet.memberAccount(merchantId, memberId, {
      kind: 'member_vendor',
      vendorCode: pvpVendor,
      executor,
    });
  }

  function publish(executor: Database, table: TableRow, handNo: number | null, seq: number) {
    feed.publish(executor, { on: 'pvpTable', merchantId: table.merchant_id, code: table.code, handNo, seq });
  }

  // Another process (or this one) changed a table: its sockets here read it again.
  feed.subscribe((change) => {
    if (change.on !== 'pvpTable' || !deps.hub) return;
    const frame = JSON.stringify({
      type: 'pvpTable',
      code: change.code,
      handNo: change.handNo,
      seq: change.seq,
    });
    for (const socket of deps.hub.watchersOf(change.code, change.merchantId) as WebSocket[])
      if (socket.readyState === socket.OPEN) socket.send(frame);
  });

  async function tableOf(merchant: Merchant, code: string, executor: Database = db, lock = false) {
    const table = await repository.table(executor, merchant.id, code, lock);
    if (!table) throw new AppError('pvp_table_not_found', 'code');
    return table;
  }

  async function catalogueMaintenance(merchant: Merchant, code: string) {
    const game = await deps.games.inHouseGame(merchant, code);
    if (!game) throw new AppError('pvp_table_not_found', 'code');
    return game.maintenance;
  }

  function tableView(table: TableRow, seated: number, maintenance: boolean): PvpTable {
    return {
      code: table.code,
      game: table.game as PvpGame,
      name: table.name,
      stake: table.stake,
      seats: table.seats,
      seated,
      minBuyIn: table.min_buy_in,
      maxBuyIn: table.max_buy_in,
      rakeBps: table.rake_bps,
      rakeCap: table.rake_cap,
      turnSeconds: table.turn_seconds,
      maintenance: table.maintenance || maintenance,
    };
  }

  /** Moves a member's whole table wallet back to the main wallet (leaving, or out of chips), and frees the seat. */
  async function cashOut(trx: Database, table: TableRow, seat: SeatRow) {
    const removed = await repository.removeSeat(trx, table.id, seat.seat);
    if (!removed) return;
    const account = await tableAccount(table.merchant_id, seat.member_id, trx);
    const amount = await wallet.balance(account, trx);
    if (amount > 0) {
      const main = await wallet.memberAccount(table.merchant_id, seat.member_id, { executor: trx });
      await wallet.transfer(trx, {
        merchantId: table.merchant_id,
        idempotencyKey: `pvp:out:${seat.member_id}:${table.id}:${new Date(removed.sat_at).getTime()}`,
        type: 'vendor_transfer',
        from: account,
        to: main,
        amount,
        memo: `From ${table.code}`,
        actor: { type: 'member', id: seat.member_id },
        alongside: deps.limits?.transferOut(
          { merchantId: table.merchant_id, memberId: seat.member_id },
          amount,
        ),
      });
    }
    changes.publish(trx, { on: 'member', memberId: seat.member_id });
  }

  /** The hand's end: the chips checked, one ledger entry between the players' table wallets and the house's rake. */
  async function settle(trx: Database, table: TableRow, hand: HandRow, outcome: PvpOutcome) {
    const players = jsonValue<Player[]>(hand.players);
    const before = players.reduce((sum, p) => sum + p.stack, 0);
    const after = outcome.seats.reduce((sum, s) => sum + s.stack, 0);
    if (before !== after + outcome.rake || outcome.rake < 0)
      throw new Error(`hand ${hand.id}: chips before ${before} ≠ after ${after} + rake ${outcome.rake}`);
    const postings: { accountId: number; amount: number }[] = [];
    for (const player of players) {
      const result = outcome.seats.find((s) => s.seat === player.seat);
      const net = result ? result.stack - player.stack : 0;
      if (result && net !== result.net) throw new Error(`hand ${hand.id}: seat ${player.seat} net mismatch`);
      await repository.setNet(trx, hand.id, player.seat, net);
      if (net !== 0)
        postings.push({
          accountId: await tableAccount(table.merchant_id, player.memberId, trx),
          amount: net,
        });
    }
    if (outcome.rake > 0)
      postings.push({
        accountId: await wallet.houseAccount(table.merchant_id, 'house_vendor', pvpVendor, { executor: trx }),
        amount: outcome.rake,
      });
    let entryId: number | null = null;
    if (postings.length >= 2) {
      const entry = await wallet.post(trx, {
        merchantId: table.merchant_id,
        idempotencyKey: `pvp:hand:${hand.id}`,
        type: 'bet',
        postings,
        memo: `${table.code} #${hand.hand_no}`,
        actor: { type: 'system' },
      });
      entryId = entry.entryId;
    }
    await repository.endHand(trx, hand.id, { outcome: JSON.stringify(outcome), rake: outcome.rake, entryId });
    for (const player of players) changes.publish(trx, { on: 'member', memberId: player.memberId });
    // Who asked to leave, missed too many turns, or cannot cover the next hand goes with their chips.
    const need = minStack(table);
    for (const seat of await repository.seats(trx, table.id)) {
      const result = outcome.seats.find((s) => s.seat === seat.seat);
      const broke = result !== undefined && result.stack < need;
      if (seat.leaving || seat.missed >= MISSED_TO_LEAVE || broke) await cashOut(trx, table, seat);
    }
  }

  /** One move on a locked running hand: applied, recorded, the timer set again, and the hand settled at its end. */
  async function applyMove(
    trx: Database,
    table: TableRow,
    hand: HandRow,
    seat: number,
    move: unknown,
    auto: boolean,
  ) {
    const rules = rulesOf(hand.game);
    const result = rules.apply(jsonValue(hand.state), seat, move);
    if (!result.ok) throw new AppError(result.code, 'move');
    await repository.insertMove(trx, {
      hand_id: hand.id,
      seq: hand.seq,
      seat,
      move: JSON.stringify(move),
      auto,
    });
    await repository.countMissed(trx, table.id, seat, auto);
    const outcome = rules.outcome(result.state);
    const toAct = outcome ? null : rules.toAct(result.state);
    await repository.advanceHand(trx, hand.id, {
      state: JSON.stringify(result.state),
      seq: hand.seq + 1,
      toAct,
      turnSeconds: table.turn_seconds,
    });
    if (outcome) await settle(trx, table, hand, outcome);
    else if (toAct !== null) {
      // A seat that asked to leave is played by the timer at once.
      const leaving = (await repository.seats(trx, table.id)).find((s) => s.seat === toAct)?.leaving;
      if (leaving)
        await repository.advanceHand(trx, hand.id, {
          state: JSON.stringify(result.state),
          seq: hand.seq + 1,
          toAct,
          turnSeconds: 0,
        });
    }
    publish(trx, table, hand.hand_no, hand.seq + 1);
  }

  function handView(hand: HandRow, viewerSeat: number | null): PvpHand {
    const rules = rulesOf(hand.game);
    const state = jsonValue(hand.state);
    const over = hand.ended_at !== null;
    return {
      handNo: hand.hand_no,
      serverSeedHash: hand.server_seed_hash,
      serverSeed: over ? hand.server_seed : null,
      seq: hand.seq,
      toAct: over ? null : hand.to_act,
      deadline: over || !hand.deadline ? null : new Date(hand.deadline).toISOString(),
      view: rules.view(state, viewerSeat),
      outcome: over ? jsonValue(hand.outcome) : null,
      startedAt: new Date(hand.started_at).toISOString(),
      endedAt: hand.ended_at ? new Date(hand.ended_at).toISOString() : null,
    };
  }

  async function stateOf(
    merchant: Merchant,
    viewer: PvpMember | null,
    table: TableRow,
  ): Promise<PvpTableState> {
    const maintenance = await catalogueMaintenance(merchant, table.code);
    const seats = await repository.seats(db, table.id);
    const hand = await repository.currentHand(db, table.id);
    const players = hand ? jsonValue<Player[]>(hand.players) : [];
    const running = hand !== undefined && hand.ended_at === null;
    const balances = new Map<number, number>();
    if (seats.length) {
      const accounts = await wallet.memberAccounts(seats.map((s) => s.member_id));
      for (const a of accounts)
        if (a.kind === 'member_vendor' && a.vendorCode === pvpVendor) balances.set(a.memberId, a.balance);
    }
    const mine = viewer ? seats.find((s) => s.member_id === viewer.id) : undefined;
    const inHandSeat = viewer ? (players.find((p) => p.memberId === viewer.id)?.seat ?? null) : null;
    return {
      table: tableView(table, seats.length, maintenance),
      seats: seats.map((s) => ({
        seat: s.seat,
        name: maskName(s.username),
        stack: balances.get(s.member_id) ?? 0,
        mine: viewer !== null && s.member_id === viewer.id,
        inHand: running && players.some((p) => p.seat === s.seat && p.memberId === s.member_id),
        leaving: s.leaving,
      })),
      hand: hand ? handView(hand, inHandSeat) : null,
      mySeat: mine?.seat ?? null,
      serverTime: new Date().toISOString(),
    };
  }

  /** Deals the next hand at a table, if it may: locked (SKIP LOCKED: one process deals it), seats settled first. */
  async function deal(tableId: number): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const table = await repository.tableById(trx, tableId, true);
      if (!table || table.maintenance) return false;
      const last = await repository.lastHandNo(trx, table.id);
      if (last.running) return false;
      const rules = rulesOf(table.game);
      const need = minStack(table);
      const players: Player[] = [];
      for (const seat of await repository.seats(trx, table.id)) {
        if (seat.leaving) {
          await cashOut(trx, table, seat);
          continue;
        }
        const stack = await wallet.balance(await tableAccount(table.merchant_id, seat.member_id, trx), trx);
        if (stack < need) {
          await cashOut(trx, table, seat);
          continue;
        }
        players.push({ seat: seat.seat, memberId: seat.member_id, stack });
      }
      if (players.length < rules.minSeats) {
        if (players.length !== (await repository.seats(trx, table.id)).length) publish(trx, table, null, 0);
        return false;
      }
      const dealt = players.slice(0, rules.maxSeats);
      // The button moves to the next seat dealt in after the last hand's.
      const button = dealt.find((p) => p.seat > table.button)?.seat ?? (dealt[0] as Player).seat;
      const handNo = last.handNo + 1;
      const serverSeed = newServerSeed();
      const state = rules.deal({
        seats: dealt.map((p) => ({ seat: p.seat, stack: p.stack })),
        button,
        stake: table.stake,
        rakeBps: table.rake_bps,
        rakeCap: table.rake_cap,
        deck: pvpDeck(serverSeed, table.code, handNo),
      });
      const handId = await repository.insertHand(trx, {
        table_id: table.id,
        hand_no: handNo,
        game: table.game,
        server_seed: serverSeed,
        server_seed_hash: hashServerSeed(serverSeed),
        button,
        players: JSON.stringify(dealt),
        state: JSON.stringify(state),
        to_act: rules.toAct(state),
        turnSeconds: table.turn_seconds,
      });
      await repository.insertPlayers(
        trx,
        dealt.map((p) => ({
          hand_id: handId,
          seat: p.seat,
          member_id: p.memberId,
          merchant_id: table.merchant_id,
          stack_before: p.stack,
        })),
      );
      await repository.setButton(trx, table.id, button);
      publish(trx, table, handNo, 0);
      return true;
    });
  }

  /** The timer's move for a running hand whose turn ran out (SKIP LOCKED: a move being made wins). */
  async function timeout(handId: number): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const hand = await repository.lockDueHand(trx, handId);
      if (!hand || hand.to_act === null) return false;
      const table = await repository.tableById(trx, hand.table_id, false);
      if (!table) return false;
      const rules = rulesOf(hand.game);
      const move = rules.timeoutMove(jsonValue(hand.state), hand.to_act);
      await applyMove(trx, table, hand, hand.to_act, move, true);
      return true;
    });
  }

  let timer: NodeJS.Timeout | undefined;
  let ticking = false;

  async function tick(): Promise<{ timeouts: number; dealt: number }> {
    let timeouts = 0;
    let dealt = 0;
    for (const { id } of await repository.dueHands(db, 50)) if (await timeout(id)) timeouts += 1;
    for (const id of await repository.tablesToDeal(db, PAUSE_SECONDS)) if (await deal(id)) dealt += 1;
    return { timeouts, dealt };
  }

  return {
    rules: rulesOf,

    /** The hands as rounds of the betting record, P&L and reports (games/game-records.ts). */
    records: pvpRecords(db),

    /** Starts this process's clock of the tables (every process runs one; row locks make each step happen once). */
    start(options: { tickMs?: number; log?: { warn: (object: object, message: string) => void } } = {}) {
      if (timer) return;
      timer = setInterval(() => {
        if (ticking) return;
        ticking = true;
        tick()
          .catch((error) => options.log?.warn({ err: error }, 'pvp clock tick failed'))
          .finally(() => {
            ticking = false;
          });
      }, options.tickMs ?? 500);
      timer.unref();
    },

    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },

    /** GLS2_roomList: the merchant's tables (of one game, or all) with their seats taken. */
    async roomList(merchant: Merchant, game?: PvpGame): Promise<PvpTable[]> {
      const rows = await repository.tables(db, merchant.id);
      const list: PvpTable[] = [];
      for (const row of rows) {
        if (game && row.game !== game) continue;
        const entry = await deps.games.inHouseGame(merchant, row.code);
        if (!entry) continue;
        list.push(tableView(row, row.seated, entry.maintenance));
      }
      return list;
    },

    async state(merchant: Merchant, viewer: PvpMember | null, code: string): Promise<PvpTableState> {
      return stateOf(merchant, viewer, await tableOf(merchant, code));
    },

    /**
     * Sits a member down with a buy-in from the main wallet. Refused: under maintenance, a buy-in out of range, a
     * full table or taken seat, a member already seated (here or elsewhere), and another member of the same
     * address or device at the table. The same requestId answers the sitting made.
     */
    async sit(
      merchant: Merchant,
      member: PvpMember,
      ip: string,
      code: string,
      body: { seat?: number | undefined; buyIn: number; deviceId: string; requestId: string },
    ): Promise<PvpTableState> {
      const table = await tableOf(merchant, code);
      if (table.maintenance || (await catalogueMaintenance(merchant, code)))
        throw new AppError('pvp_table_maintenance', 'code');
      const currency = moneyDisplay(merchant.settings.whitelabel);
      // Whole minor units of the merchant's currency: 200,000.5 dong is amount_too_precise.
      const checked = checkAmount(body.buyIn);
      if (!checked.ok) throw new AppError(checked.code, 'buyIn');
      if (body.buyIn < table.min_buy_in || body.buyIn > table.max_buy_in)
        throw new AppError('pvp_buy_in_out_of_range', 'buyIn', {
          min: formatMoney(table.min_buy_in, currency),
          max: formatMoney(table.max_buy_in, currency),
        });
      if (body.seat !== undefined && body.seat >= table.seats) throw new AppError('pvp_seat_taken', 'seat');
      await deps.playGuard?.check({ merchantId: merchant.id, memberId: member.id });
      const [main, account] = await Promise.all([
        wallet.memberAccount(merchant.id, member.id),
        tableAccount(merchant.id, member.id),
      ]);
      try {
        await db.transaction().execute(async (trx) => {
          const locked = (await repository.table(trx, merchant.id, code, true)) as TableRow;
          const elsewhere = await repository.seatOf(trx, member.id);
          if (elsewhere) {
            if (elsewhere.table_id === locked.id) return; // a retry of this sitting, or seated already
            throw new AppError('pvp_already_seated', 'code', { table: elsewhere.code });
          }
          const seats = await repository.seats(trx, locked.id);
          if (seats.length >= locked.seats) throw new AppError('pvp_table_full', 'code');
          if (seats.some((s) => s.ip === ip || s.device_id === body.deviceId))
            throw new AppError('pvp_same_address', 'code');
          let seat = body.seat;
          if (seat !== undefined && seats.some((s) => s.seat === seat))
            throw new AppError('pvp_seat_taken', 'seat');
          if (seat === undefined) {
            seat = 0;
            while (seats.some((s) => s.seat === seat)) seat += 1;
          }
          await wallet.transfer(trx, {
            merchantId: merchant.id,
            idempotencyKey: `pvp:in:${member.id}:${body.requestId}`,
            type: 'vendor_transfer',
            from: main,
            to: account,
            amount: body.buyIn,
            memo: `To ${locked.code}`,
            actor: { type: 'member', id: member.id },
            alongside: deps.limits?.transferIn({ merchantId: merchant.id, memberId: member.id }, body.buyIn),
          });
          await repository.insertSeat(trx, {
            table_id: locked.id,
            seat,
            member_id: member.id,
            ip,
            device_id: body.deviceId,
          });
          changes.publish(trx, { on: 'member', memberId: member.id });
          publish(trx, locked, null, 0);
        });
      } catch (error) {
        // Two sittings of one member at once (two tables): the second finds the first.
        if (isUniqueViolation(error)) {
          const elsewhere = await repository.seatOf(db, member.id);
          if (elsewhere && elsewhere.table_id !== table.id)
            throw new AppError('pvp_already_seated', 'code', { table: elsewhere.code });
          if (!elsewhere) throw new AppError('pvp_seat_taken', 'seat');
        } else throw error;
      }
      return stateOf(merchant, member, table);
    },

    /** Leaves the table: at once between hands, else after the hand (the timer plays the seat's turns meanwhile). */
    async leave(merchant: Merchant, member: PvpMember, code: string): Promise<PvpTableState> {
      const table = await tableOf(merchant, code);
      await db.transaction().execute(async (trx) => {
        const locked = (await repository.table(trx, merchant.id, code, true)) as TableRow;
        const seat = (await repository.seats(trx, locked.id)).find((s) => s.member_id === member.id);
        if (!seat) throw new AppError('pvp_not_seated', 'code');
        const hand = await repository.currentHand(trx, locked.id, true);
        const inHand =
          hand !== undefined &&
          hand.ended_at === null &&
          jsonValue<Player[]>(hand.players).some((p) => p.memberId === member.id);
        if (!inHand) await cashOut(trx, locked, seat);
        else {
          await repository.markLeaving(trx, locked.id, seat.seat);
          if (hand.to_act === seat.seat)
            await repository.advanceHand(trx, hand.id, {
              state: JSON.stringify(jsonValue(hand.state)),
              seq: hand.seq,
              toAct: hand.to_act,
              turnSeconds: 0,
            });
        }
        publish(trx, locked, hand?.hand_no ?? null, hand?.seq ?? 0);
      });
      return stateOf(merchant, member, table);
    },

    /**
     * A member's move in the running hand: `handNo` and `seq` must be the hand's now (a replayed, late or
     * forged move is refused as stale), the member must be dealt in and it must be their turn; the rules say
     * whether the move is legal. Nothing else changes when it is refused.
     */
    async move(
      merchant: Merchant,
      member: PvpMember,
      code: string,
      body: { handNo: number; seq: number; move: unknown },
    ): Promise<PvpTableState> {
      const table = await tableOf(merchant, code);
      await db.transaction().execute(async (trx) => {
        const hand = await repository.currentHand(trx, table.id, true);
        if (!hand || hand.hand_no !== body.handNo)
          throw new AppError(
            hand && hand.hand_no > body.handNo ? 'pvp_hand_over' : 'pvp_stale_move',
            'handNo',
          );
        if (hand.ended_at !== null) throw new AppError('pvp_hand_over', 'handNo');
        const player = jsonValue<Player[]>(hand.players).find((p) => p.memberId === member.id);
        if (!player) throw new AppError('pvp_not_in_hand', 'handNo');
        if (body.seq !== hand.seq) throw new AppError('pvp_stale_move', 'seq');
        const rules = rulesOf(hand.game);
        const move = rules.parseMove(body.move);
        if (move === null) throw new AppError('pvp_illegal_move', 'move');
        if (hand.to_act !== player.seat) throw new AppError('pvp_not_your_turn', 'move');
        await applyMove(trx, table, hand, player.seat, move, false);
      });
      return stateOf(merchant, member, table);
    },

    /** The member's last hands with every move, the seed once the hand is over, and the view all may see. */
    async history(member: PvpMember): Promise<PvpHistoryHand[]> {
      const hands = await repository.memberHands(db, member.id, HISTORY_SIZE);
      const moves = await repository.moves(
        db,
        hands.map((h) => h.id),
      );
      return hands.map((h) => {
        const over = h.ended_at !== null;
        return {
          tableCode: h.code,
          game: h.game as PvpGame,
          handNo: h.hand_no,
          serverSeedHash: h.server_seed_hash,
          serverSeed: over ? h.server_seed : null,
          startedAt: new Date(h.started_at).toISOString(),
          endedAt: over ? new Date(h.ended_at as Date).toISOString() : null,
          seat: h.seat,
          stackBefore: h.stack_before,
          net: h.net === null ? 0 : Number(h.net),
          rake: h.rake,
          moves: moves
            .filter((m) => Number(m.hand_id) === h.id)
            .map((m) => ({
              seq: m.seq,
              seat: m.seat,
              move: jsonValue(m.move),
              auto: m.auto,
              at: new Date(m.created_at).toISOString(),
            })),
          view: over ? rulesOf(h.game).view(jsonValue(h.state), h.seat) : null,
        };
      });
    },

    /** One beat of the tables' clock: the timer's moves that are due, then the hands that may be dealt. */
    tick,

    /** Test hook: deals at a table now if it may (no pause after the last hand). */
    deal,
    timeout,
  };
}

export type PvpService = ReturnType<typeof pvpService>;
