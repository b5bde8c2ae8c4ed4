import { stakeScaleOf } from '@tala/contracts/currencies';
import type { LiveBet, LiveRound, LiveTable, LiveTableState, PlaceBody } from '@tala/contracts/live';
import { formatAmount, moneyDisplay } from '@tala/contracts/money-format';
import { checkAmount } from '@tala/contracts/wallet';
import { hashServerSeed, newServerSeed } from '@tala/slots/fairness';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { changes } from '../../lib/change-feed.ts';
import type { PlayGuardPort } from '../../lib/play-guard.ts';
import type { GamesService } from '../games/games.service.ts';
import type { LimitsService } from '../limits/limits.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { PostRequest, WalletService } from '../wallet/wallet.service.ts';
import { type BetRow, liveRepository, type RoundRow, type TableRow } from './live.repository.ts';
import { declaredReturns, gameRules, isSpot } from './live-games.ts';
import { liveRecords } from './live-records.ts';
import { isRoom, isTable, liveChipValues, liveVendor, roomSettingsOf } from './live-tables.ts';

/** Results shown before the round now (the roads of a table card and page). */
const historySize = 72;
/** Game recall: the member's last rounds at a table. */
const recallSize = 10;

export type LiveMember = { id: number; merchant_id: number };

export type LiveSettings = {
  /** Round rows made ahead of the one now, each with its committed seed. */
  roundsAhead: number;
  /** Test hook: runs just before a placement's last statement (a bet racing the close). */
  beforeBetCommit?: () => Promise<void>;
};

function cycleMs(table: TableRow) {
  return (table.betting_seconds + table.result_seconds) * 1000;
}

/** The number of the round whose cycle holds `at` (its betting window or its result). */
export function roundNoAt(table: TableRow, at: Date): number {
  return Math.floor((at.getTime() - table.epoch.getTime()) / cycleMs(table));
}

export function roundTimes(table: TableRow, roundNo: number) {
  const opens = table.epoch.getTime() + roundNo * cycleMs(table);
  return {
    opens_at: new Date(opens),
    closes_at: new Date(opens + table.betting_seconds * 1000),
    ends_at: new Date(opens + cycleMs(table)),
  };
}

export function roundView(row: RoundRow): LiveRound {
  const shown = row.status !== 'open';
  // A table's round is never drawing (only a bingo room's is, and those have their own view).
  if (row.status === 'drawing') throw new Error(`round ${row.id} is a bingo game`);
  return {
    tableCode: row.table_code,
    roundNo: Number(row.round_no),
    opensAt: row.opens_at.toISOString(),
    closesAt: row.closes_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    serverSeedHash: row.server_seed_hash,
    status: row.status,
    result: row.status === 'settled' ? parsed(row.result) : null,
    serverSeed: shown ? row.server_seed : null,
  };
}

function parsed(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

function betView(row: BetRow, round: { table_code: string; round_no: number }): LiveBet {
  return {
    id: Number(row.id),
    tableCode: round.table_code,
    roundNo: Number(round.round_no),
    spots: Object.fromEntries(Object.entries(parsed(row.spots) as object).map(([k, v]) => [k, Number(v)])),
    stake: Number(row.stake),
    returned: Number(row.returned),
    status: row.status,
    createdAt: row.created_at.toISOString(),
    settledAt: row.settled_at?.toISOString() ?? null,
  };
}

function isUniqueViolation(error: unknown) {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/**
 * The live studio (decision 053): tables shared by every merchant's members, rounds on each table's fixed cycle
 * with seeds committed ahead, bets until the close by the database's clock, and each round dealt and settled
 * exactly once (the round row's lock and status), every stake, payout and refund a ledger entry in the member's
 * merchant.
 */
export function liveService(
  db: Database,
  deps: {
    wallet: WalletService;
    games: GamesService;
    playGuard?: PlayGuardPort;
    limits?: LimitsService | undefined;
  },
  settings: LiveSettings = { roundsAhead: 3 },
) {
  const repository = liveRepository();
  const { wallet } = deps;

  /**
   * A table's limits and chips in the merchant's currency: the studio keeps them for the peso and every merchant's
   * members read them scaled by its currency's stake scale (decision 069), so a dong table starts at 10,000 ₫.
   */
  function limitsOf(row: TableRow, merchant: Merchant | undefined) {
    const scale = stakeScaleOf(merchant?.settings.whitelabel.currency);
    return {
      minBet: Number(row.min_bet) * scale,
      maxBet: Number(row.max_bet) * scale,
      chips: liveChipValues.map((value) => value * scale),
    };
  }

  function tableView(row: TableRow & { game: LiveTable['game'] }, merchant: Merchant | undefined): LiveTable {
    const rtp = declaredReturns(row.game);
    return {
      code: row.code,
      game: row.game,
      name: row.name,
      ...limitsOf(row, merchant),
      bettingSeconds: row.betting_seconds,
      resultSeconds: row.result_seconds,
      maintenance: row.maintenance,
      spots: gameRules(row.game).spots.map((s) => ({ ...s, rtp: rtp[s.code] ?? '' })),
    };
  }

  /** A live casino table (a bingo room's code is not one). */
  async function table(code: string) {
    const row = await repository.table(db, code);
    if (!row || !isTable(row)) throw new AppError('live_table_not_found', 'tableCode');
    return row;
  }

  /**
   * The round of every table and room whose cycle holds now, made if missing (with the rounds ahead). A room's round
   * carries the room's settings as they are when it is made; the rows are read share-locked, so an operator saving a
   * room (which locks its row and resets the settings of its games not opened yet) is wholly before or after this.
   */
  async function ensureRounds(now = new Date()) {
    await db.transaction().execute(async (trx) => {
      const rows = await repository.tablesForShare(trx);
      const rounds = rows
        .filter((row) => !row.maintenance)
        .flatMap((row) => {
          const current = roundNoAt(row, now);
          const room = isRoom(row) ? JSON.stringify(roomSettingsOf(row)) : null;
          return Array.from({ length: settings.roundsAhead + 1 }, (_, i) => {
            const serverSeed = newServerSeed();
            return {
              table_code: row.code,
              round_no: current + i,
              ...roundTimes(row, current + i),
              server_seed: serverSeed,
              server_seed_hash: hashServerSeed(serverSeed),
              room,
            };
          });
        });
      await repository.insertRounds(trx, rounds);
    });
  }

  async function state(
    row: TableRow & { game: LiveTable['game'] },
    now: Date,
    merchant: Merchant | undefined,
    nodeId: number | null = null,
  ): Promise<LiveTableState> {
    const [round, history] = await Promise.all([
      repository.round(db, row.code, roundNoAt(row, now)),
      repository.history(db, row.code, historySize),
    ]);
    return {
      table: tableView(row, merchant),
      nodeId,
      round: round && !row.maintenance ? roundView(round) : null,
      history: history.map((h) => ({ roundNo: Number(h.round_no), result: parsed(h.result) })),
      serverTime: now.toISOString(),
    };
  }

  /** Deals a due round and settles its bets in one transaction; false when there was nothing to do. */
  async function settleRound(roundId: number): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const round = await repository.lockDueRound(trx, roundId);
      if (!round) return false;
      const row = await repository.table(trx, round.table_code);
      if (!row || !isTable(row)) throw new Error(`round ${roundId} has no table`);
      const rules = gameRules(row.game);
      const result = rules.deal(round.server_seed, round.table_code, Number(round.round_no));
      await repository.markRound(trx, round.id, 'settled', result);
      const bets = await repository.openBets(trx, round.id);
      const returns = bets.map((bet) =>
        Object.entries(parsed(bet.spots) as Record<string, number>).reduce(
          (sum, [spot, stake]) => sum + rules.returns(result, spot, Number(stake)),
          0,
        ),
      );
      await pay(trx, bets, returns, 'payout', (bet) => `live:payout:${bet.id}`);
      return true;
    });
  }

  /**
   * Posts what each bet gets back (a payout or a refund: house → member, one entry each, keyed by the bet), counts
   * it against the player's limits and closes the bets, in the caller's transaction.
   */
  async function pay(
    trx: Database,
    bets: BetRow[],
    amounts: number[],
    type: 'payout' | 'bet_refund',
    key: (bet: BetRow) => string,
  ) {
    if (bets.length === 0) return;
    const memberAccounts = new Map<number, number>();
    for (const a of await wallet.memberAccounts(
      bets.map((b) => b.member_id),
      trx,
    ))
      if (a.kind === 'member_main') memberAccounts.set(a.memberId, a.id);
    const houses = new Map<number, number>();
    for (const merchantId of new Set(bets.map((b) => b.merchant_id)))
      houses.set(
        merchantId,
        await wallet.houseAccount(merchantId, 'house_vendor', liveVendor, { executor: trx }),
      );
    const paid: { bet: BetRow; amount: number; request: PostRequest }[] = [];
    bets.forEach((bet, i) => {
      const amount = amounts[i] ?? 0;
      if (amount <= 0) return;
      const member = memberAccounts.get(bet.member_id);
      const house = houses.get(bet.merchant_id);
      if (member === undefined || house === undefined) throw new Error(`bet ${bet.id} has no accounts`);
      paid.push({
        bet,
        amount,
        request: {
          merchantId: bet.merchant_id,
          idempotencyKey: key(bet),
          type,
          postings: [
            { accountId: house, amount: -amount },
            { accountId: member, amount },
          ],
          memo: `Live ${type === 'payout' ? 'payout' : 'refund'} of bet ${bet.id}`,
          actor: { type: 'system' },
        },
      });
    });
    const posted = await wallet.postMany(
      trx,
      paid.map((p) => p.request),
    );
    const entries = new Map(paid.map((p, i) => [p.bet.id, posted[i]?.entryId ?? null]));
    // A refund takes the stake back out of the wager and the loss; a payout only out of the loss.
    await deps.limits?.countMany(
      trx,
      paid.map((p) => ({
        memberId: p.bet.member_id,
        wager: type === 'bet_refund' ? -p.amount : 0,
        loss: -p.amount,
      })),
    );
    for (const [i, bet] of bets.entries()) {
      await repository.closeBet(trx, bet.id, {
        status: type === 'payout' ? 'settled' : 'refunded',
        returned: amounts[i] ?? 0,
        entryId: entries.get(bet.id) ?? null,
      });
      changes.publish(trx, { on: 'member', memberId: bet.member_id });
    }
  }

  async function replay(member: LiveMember, body: PlaceBody) {
    const existing = await repository.betByRequest(db, member.id, body.requestId);
    if (!existing) return undefined;
    const round = await repository.round(db, body.tableCode, body.roundNo);
    const same =
      round?.id === existing.round_id &&
      JSON.stringify(Object.entries(parsed(existing.spots) as object).sort()) ===
        JSON.stringify(Object.entries(body.spots).sort());
    if (!round || !same) throw new AppError('idempotency_conflict', 'requestId');
    return {
      bet: betView(existing, round),
      balance: await wallet.balance(await wallet.memberAccount(member.merchant_id, member.id)),
      replayed: true,
    };
  }

  return {
    settings,

    /** The placements as rounds of the betting record, P&L and reports (games/game-records.ts). */
    records: liveRecords(db),

    /**
     * The tables the merchant offers (the catalogue's switches), each with its game's node id, the round now and
     * the results before it: the lobby. A table whose catalogue game is under maintenance reads as under it.
     */
    async tables(merchant: Merchant, now = new Date()): Promise<LiveTableState[]> {
      const rows = (await repository.tables(db)).filter(isTable);
      const offered = await Promise.all(
        rows.map(async (row) => ({ row, game: await deps.games.inHouseGame(merchant, row.code) })),
      );
      return Promise.all(
        offered.flatMap(({ row, game }) =>
          game
            ? [
                state(
                  { ...row, maintenance: row.maintenance || game.maintenance },
                  now,
                  merchant,
                  game.nodeId,
                ),
              ]
            : [],
        ),
      );
    },

    /** The tables' rows with their settings (the back office). */
    tableRows: () => repository.tables(db),

    /** One table, its limits and chips in the currency of the merchant asking (none: the studio's own, pesos). */
    async table(code: string, merchant?: Merchant, now = new Date()): Promise<LiveTableState> {
      return state(await table(code), now, merchant);
    },

    /** A round of a table; its seed and result only once betting closed and it was dealt. */
    async round(code: string, roundNo: number): Promise<LiveRound> {
      await table(code);
      const row = await repository.round(db, code, roundNo);
      if (!row) throw new AppError('live_round_not_found', 'roundNo');
      return roundView(row);
    },

    /** The rounds taking bets or showing results now, for the table socket (live.socket.ts). */
    async roundsNow(codes: string[], now = new Date()): Promise<LiveRound[]> {
      const rows = (await repository.tables(db)).filter(
        (row) => isTable(row) && codes.includes(row.code) && !row.maintenance,
      );
      const rounds = await Promise.all(
        rows.map((row) => repository.round(db, row.code, roundNoAt(row, now))),
      );
      return rounds.filter((round): round is RoundRow => round !== undefined).map(roundView);
    },

    /** Makes the rounds of every table's cycle now and ahead (each process's clock calls this; duplicates vanish). */
    async ensureRounds(now = new Date()) {
      await ensureRounds(now);
    },

    /** Pays or refunds bets in the caller's transaction (a bingo game's prizes: bingo.service.ts). */
    payBets: pay,

    /** Deals and settles every round whose betting closed: once each, whichever process gets there first. */
    async settleDue(): Promise<number> {
      let settled = 0;
      for (const { id } of await repository.dueRounds(db, 50)) if (await settleRound(id)) settled += 1;
      return settled;
    },

    /**
     * Voids a round that has not been dealt (or a bingo game not paid yet): every bet on it refunded (one entry
     * each), the round marked void. A table or room put under maintenance voids its open rounds.
     */
    async voidRound(code: string, roundNo: number): Promise<boolean> {
      const row = await repository.round(db, code, roundNo);
      if (!row) throw new AppError('live_round_not_found', 'roundNo');
      return db.transaction().execute(async (trx) => {
        const round = await repository.lockOpenRound(trx, row.id);
        if (!round) return false;
        await repository.markRound(trx, round.id, 'void', null);
        const bets = await repository.openBets(trx, round.id);
        await pay(
          trx,
          bets,
          bets.map((b) => Number(b.stake)),
          'bet_refund',
          (bet) => `live:refund:${bet.id}`,
        );
        return true;
      });
    },

    /**
     * Places a member's chips on a round: the table and spots checked (each refusal its own code), then in one
     * transaction the stake posted (member → the studio's house account) and the placement recorded, on a round
     * whose betting is open from the first statement to the last. The same requestId answers the placement made.
     */
    async place(merchant: Merchant, member: LiveMember, body: PlaceBody) {
      const row = await table(body.tableCode);
      const game = await deps.games.inHouseGame(merchant, row.code);
      if (!game) throw new AppError('live_table_not_found', 'tableCode');
      if (row.maintenance || game.maintenance) throw new AppError('live_table_maintenance', 'tableCode');
      const currency = {
        exponent: moneyDisplay(merchant.settings.whitelabel).currencyExponent,
        displayDecimals: 2,
      };
      const { minBet, maxBet } = limitsOf(row, merchant);
      for (const [spot, amount] of Object.entries(body.spots)) {
        if (!isSpot(row.game, spot)) throw new AppError('live_spot_unknown', 'spots', { spot });
        // A stake is whole minor units of the merchant's currency: 10,000.5 dong is amount_too_precise.
        const checked = checkAmount(amount);
        if (!checked.ok) throw new AppError(checked.code, 'spots', { spot });
        if (amount < minBet)
          throw new AppError('live_bet_below_minimum', 'spots', { min: formatAmount(minBet, currency) });
        if (amount > maxBet)
          throw new AppError('live_bet_over_limit', 'spots', { spot, max: formatAmount(maxBet, currency) });
      }
      await deps.playGuard?.check({ merchantId: merchant.id, memberId: member.id });
      const earlier = await replay(member, body);
      if (earlier) return earlier;

      const stake = Object.values(body.spots).reduce((sum, amount) => sum + amount, 0);
      const [memberAccount, house] = await Promise.all([
        wallet.memberAccount(merchant.id, member.id),
        wallet.houseAccount(merchant.id, 'house_vendor', liveVendor),
      ]);
      try {
        return await db.transaction().execute(async (trx) => {
          const round = await repository.roundForBet(trx, row.code, body.roundNo);
          if (!round || round.status === 'void') throw new AppError('live_round_not_found', 'roundNo');
          const now = new Date(round.now);
          if (now < round.opens_at) throw new AppError('live_betting_not_open', 'roundNo');
          if (round.status !== 'open' || now >= round.closes_at)
            throw new AppError('live_betting_closed', 'roundNo');

          const entry = await wallet.post(trx, {
            merchantId: merchant.id,
            idempotencyKey: `live:bet:${member.id}:${body.requestId}`,
            type: 'bet',
            postings: [
              { accountId: memberAccount, amount: -stake },
              { accountId: house, amount: stake },
            ],
            memo: `${row.code} #${body.roundNo} ${Object.keys(body.spots).join(' ')}`,
            actor: { type: 'member', id: member.id },
            alongside: deps.limits?.bet({ merchantId: merchant.id, memberId: member.id }, stake),
          });
          // The stake locked the member's balance: their placements on this round are counted one at a time.
          const before = await repository.spotTotals(trx, member.id, round.id);
          for (const [spot, amount] of Object.entries(body.spots))
            if ((before[spot] ?? 0) + amount > maxBet)
              throw new AppError('live_bet_over_limit', 'spots', {
                spot,
                max: formatAmount(maxBet, currency),
              });
          const bet = await repository.insertBet(trx, {
            merchant_id: merchant.id,
            member_id: member.id,
            round_id: round.id,
            request_id: body.requestId,
            spots: body.spots,
            stake,
            bet_entry_id: entry.entryId,
          });
          await settings.beforeBetCommit?.();
          // The last statement: a placement that reached the close while it ran is rolled back, money and all.
          if (!(await repository.stillOpen(trx, round.id)))
            throw new AppError('live_betting_closed', 'roundNo');
          changes.publish(trx, { on: 'member', memberId: member.id });
          return {
            bet: betView(bet, round),
            balance: entry.postings[0]?.balanceAfter ?? 0,
            replayed: false,
          };
        });
      } catch (error) {
        // The same requestId sent twice at once: the loser answers the winner's placement.
        if (isUniqueViolation(error)) {
          const winner = await replay(member, body);
          if (winner) return winner;
        }
        throw error;
      }
    },

    /** Game recall: the member's last rounds at a table, with their bets. */
    async recall(member: LiveMember, tableCode: string) {
      await table(tableCode);
      const { rounds, bets } = await repository.recall(db, member.id, tableCode, recallSize);
      return rounds.map((round) => ({
        round: roundView(round),
        bets: bets.filter((b) => b.round_id === round.id).map((b) => betView(b, round)),
      }));
    },
  };
}

export type LiveService = ReturnType<typeof liveService>;
