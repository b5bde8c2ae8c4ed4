// A member's bets (issue 15 item 2; decision 058): placement of singles and parlays, the in-play delay and cash-out.
// Every check is @tala/sports's; each refusal is its own error code and moves no money. A stake is posted (member →
// the vendor's house account) in the transaction that records the bet; an in-play bet's stake is taken at placement
// and refunded by its own entry if the bet is refused when its delay ends.
import { formatAmount, moneyDisplay } from '@tala/contracts/money-format';
import type { SportsPlaceBody } from '@tala/contracts/sportsbook';
import { acceptCashOut, cashOutValue } from '@tala/sports/cash-out';
import { checkParlayStake, checkSingle, readAmount } from '@tala/sports/limits';
import { type MarketTypeId, parseSpecifiers, type Selection } from '@tala/sports/markets';
import { acceptSlip, type OddsPreference, type QuotedLeg } from '@tala/sports/odds-change';
import type { OddsFormat } from '@tala/sports/odds-format';
import { checkParlayLegs, parlayPotentialReturn } from '@tala/sports/parlay';
import type { Checked, SportsReason } from '@tala/sports/reasons';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { changes } from '../../lib/change-feed.ts';
import type { PlayGuardPort } from '../../lib/play-guard.ts';
import { type VendorState, vendorStates } from '../games/vendor-state.ts';
import type { LimitsService } from '../limits/limits.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { PostedEntry, WalletService } from '../wallet/wallet.service.ts';
import type { BetRow, EventRow, LegRow, MarketRow, SportsbookRepository } from './sportsbook.repository.ts';
import {
  esportsVendor,
  productOfSport,
  type SportsbookSettings,
  sportsVendor,
  vendorOfProduct,
} from './sportsbook-settings.ts';
import { betView, effectiveStatus } from './sportsbook-views.ts';
import { applyOffer, type TradingOffer } from './trading-offer.ts';

export type SportsMember = { id: number; merchant_id: number };

function isUniqueViolation(error: unknown) {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/** A refusal of the rules as the API's error, with the limit it broke where it has one. */
function refusal(code: SportsReason, field: string, params: Record<string, string | number> = {}): AppError {
  return new AppError(code, field, params);
}

function must<T>(checked: Checked<T>, field: string, params: Record<string, string | number> = {}): T {
  if (!checked.ok) throw refusal(checked.code, field, params);
  return checked.value;
}

/** The selection a leg names, for the parlay rules (their keys and events). */
function selectionOf(market: MarketRow, outcome: string): Selection {
  return {
    eventId: market.event_id,
    market: market.market_type as MarketTypeId,
    specifiers: parseSpecifiers(market.specifiers) ?? {},
    outcome,
  };
}

/** A leg as the odds-change rules read it: its market's state now (an inactive outcome reads as suspended). */
function quote(
  market: MarketRow,
  event: EventRow,
  outcome: string,
  seen: number,
  since?: Date,
): QuotedLeg | { unknownOutcome: true } {
  const odds = market.outcomes.find((o) => o.id === outcome);
  if (!odds) return { unknownOutcome: true };
  let status = effectiveStatus(market, event);
  if (status === 'active' && (!odds.active || odds.price === null)) status = 'suspended';
  return {
    seen,
    now: odds.price ?? seen,
    status,
    suspendedMeanwhile: since !== undefined && market.suspended_at !== null && market.suspended_at > since,
  };
}

export function sportsbookBetting(
  db: Database,
  deps: {
    repository: SportsbookRepository;
    wallet: WalletService;
    playGuard?: PlayGuardPort | undefined;
    limits?: LimitsService | undefined;
    settings: SportsbookSettings;
    /** The merchant's margins and suspensions (trading-offer.ts): the prices a member sees and takes. */
    offer?: TradingOffer | undefined;
    log?: { warn: (object: object, message: string) => void } | undefined;
    /** Queues the decision of an in-play bet at the end of its delay (the job queue: sportsbook.jobs.ts). */
    queue: { resolve?: (betId: number, at: Date) => Promise<void> };
  },
) {
  const { repository, wallet, settings } = deps;
  // The back office's switches of the TSPORTS and TESPORTS lines: switched off or under maintenance, the book takes
  // no bets and no cash-outs of that product for the merchant (settlement goes on).
  const switches = vendorStates(db);
  async function productStates(merchantId: number) {
    return {
      SPORTS: await switches.state(merchantId, sportsVendor),
      ESPORTS: await switches.state(merchantId, esportsVendor),
    };
  }
  function refuseClosed(state: VendorState) {
    if (state === 'off') throw new AppError('sports_switched_off');
    if (state === 'maintenance') throw new AppError('sports_maintenance');
  }

  async function context(
    executor: Database,
    legs: readonly Pick<LegRow, 'market_id' | 'event_id'>[],
    offeredBy?: number,
  ) {
    const [feedMarkets, events] = await Promise.all([
      repository.marketsById(
        executor,
        legs.map((l) => l.market_id),
      ),
      repository.eventsById(executor, [...new Set(legs.map((l) => l.event_id))]),
    ]);
    const eventMap = new Map(events.map((e) => [e.id, e]));
    const markets =
      offeredBy !== undefined && deps.offer
        ? await deps.offer.offered(executor, offeredBy, eventMap, feedMarkets)
        : feedMarkets;
    return { markets: new Map(markets.map((m) => [m.id, m])), events: eventMap };
  }

  async function view(executor: Database, bet: BetRow) {
    const legs = await repository.legs(executor, [bet.id]);
    const { markets, events } = await context(executor, legs);
    return betView(bet, legs, events, markets);
  }

  async function views(executor: Database, bets: BetRow[]) {
    const legs = await repository.legs(
      executor,
      bets.map((b) => b.id),
    );
    const { markets, events } = await context(executor, legs);
    return bets.map((bet) =>
      betView(
        bet,
        legs.filter((l) => l.bet_id === bet.id),
        events,
        markets,
      ),
    );
  }

  async function memberPreferences(memberId: number) {
    return preferencesOf(await repository.memberSettings(db, memberId));
  }

  /** A member's sportsbook settings as they read (a member who never chose has the defaults). */
  function preferencesOf(
    row: { odds_format: string; odds_preference: string; stake_factor: number } | null | undefined,
  ) {
    return {
      oddsFormat: (row?.odds_format ?? 'decimal') as OddsFormat,
      oddsPreference: (row?.odds_preference ?? 'none') as OddsPreference,
      stakeFactor: row?.stake_factor ?? 1_000,
    };
  }

  async function replay(member: SportsMember, body: SportsPlaceBody) {
    const existing = await repository.betByRequest(db, member.id, body.requestId);
    if (!existing) return undefined;
    const legs = await repository.legs(db, [existing.id]);
    const same =
      legs.length === body.selections.length &&
      legs.every(
        (l, i) => l.market_id === body.selections[i]?.marketId && l.outcome === body.selections[i]?.outcome,
      );
    const stake = readAmount(body.stake);
    if (!same || !stake.ok || Number(stake.value) !== existing.stake)
      throw new AppError('idempotency_conflict', 'requestId');
    return {
      bet: await view(db, existing),
      balance: await wallet.balance(await wallet.memberAccount(member.merchant_id, member.id)),
      replayed: true,
    };
  }

  /**
   * Decides a pending in-play bet whose delay is over: accepted at the prices now if the member's preference takes
   * them and no market was suspended meanwhile, else refused and its stake refunded. Once: the bet's row is locked
   * and only a pending bet is decided.
   */
  async function resolve(betId: number, now = new Date()): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const bet = await repository.bet(trx, betId, true);
      if (bet?.status !== 'pending' || !bet.accept_at || bet.accept_at > now) return false;
      const legs = await repository.legs(trx, [bet.id]);
      const { markets, events } = await context(trx, legs, bet.merchant_id);
      const quoted: QuotedLeg[] = [];
      let refused: SportsReason | null = null;
      for (const leg of legs) {
        const market = markets.get(leg.market_id);
        const event = events.get(leg.event_id);
        if (!market || !event) {
          refused = 'sports_market_closed';
          break;
        }
        const q = quote(market, event, leg.outcome, leg.seen_price, bet.created_at);
        if ('unknownOutcome' in q) {
          refused = 'sports_market_closed';
          break;
        }
        quoted.push(q);
      }
      const decided = refused ? null : acceptSlip(bet.odds_preference, quoted);
      if (decided?.ok) {
        const prices = decided.value;
        for (const [i, leg] of legs.entries())
          if (prices[i] !== undefined && prices[i] !== leg.price)
            await repository.setLegPrice(trx, bet.id, leg.leg_no, prices[i] as number);
        const stake = BigInt(bet.stake);
        const potential =
          bet.kind === 'single'
            ? (stake * BigInt(prices[0] ?? 0)) / 1_000n
            : parlayPotentialReturn(stake, prices, settings.parlay.maxPayout);
        await repository.updateBet(trx, bet.id, { status: 'open', potential_return: Number(potential) });
      } else {
        const code = refused ?? (decided && !decided.ok ? decided.code : 'sports_market_closed');
        const [member] = (await wallet.memberAccounts(bet.member_id, trx)).filter(
          (a) => a.kind === 'member_main',
        );
        const house = await wallet.houseAccount(bet.merchant_id, 'house_vendor', bet.vendor_code, {
          executor: trx,
        });
        if (!member) throw new Error(`bet ${bet.id} has no member account`);
        const entry = await wallet.post(trx, {
          merchantId: bet.merchant_id,
          idempotencyKey: `sports:refuse:${bet.id}`,
          type: 'bet_refund',
          postings: [
            { accountId: house, amount: -bet.stake },
            { accountId: member.id, amount: bet.stake },
          ],
          memo: `Sports bet ${bet.id} refused after the in-play delay: ${code}`,
          actor: { type: 'system' },
        });
        await deps.limits?.countMany(trx, [{ memberId: bet.member_id, wager: -bet.stake, loss: -bet.stake }]);
        await repository.updateBet(trx, bet.id, {
          status: 'refused',
          refusal_code: code,
          refund_entry_id: entry.entryId,
          settled: true,
        });
      }
      changes.publish(trx, { on: 'member', memberId: bet.member_id });
      return true;
    });
  }

  /** A slip on its way to a batch: what was read for it before the transaction (on the pool). */
  type Slip = {
    merchant: Merchant;
    member: SportsMember;
    body: SportsPlaceBody;
    memberAccount: number;
    houses: Record<string, number>;
    states: Record<'SPORTS' | 'ESPORTS', VendorState>;
  };
  type Placed = {
    bet: BetRow;
    legs: LegRow[];
    events: Map<string, EventRow>;
    markets: Map<number, MarketRow>;
    balance: number;
  };
  /** A slip's answer from its batch: its bet, the bet already placed under its requestId, or its refusal. */
  type SlipOutcome = { placed: Placed } | { replay: true } | { error: unknown };
  /** A batch of several slips with a refusal only its writes could find: rolled back, its slips placed one by one. */
  class OneByOne extends Error {}

  /**
   * Judges one slip on its batch's read (the rules of @tala/sports, in their order): the bet and legs to write, or
   * a refusal thrown as its AppError.
   */
  function judge(slip: Slip, read: Awaited<ReturnType<SportsbookRepository['placementRead']>>, i: number) {
    const { merchant, member, body } = slip;
    const mine = read.slips[i] as (typeof read.slips)[number];
    const prefs = preferencesOf(mine.settings);
    const preference = body.oddsPreference ?? prefs.oddsPreference;
    const events = new Map(read.events.map((e) => [e.id, e]));
    const offer = read.offerOf(merchant.id);
    const marketRows = deps.offer
      ? applyOffer(events, read.markets, offer.margins, offer.suspensions)
      : read.markets;
    const markets = new Map(marketRows.map((m) => [m.id, m]));
    const legs = body.selections.map((s, i) => {
      const market = markets.get(s.marketId);
      const event = market && events.get(market.event_id);
      if (!market || !event) throw new AppError('sports_market_not_found', `selections.${i}.marketId`);
      return { selection: s, market, event };
    });
    const parlay = legs.length > 1;
    if (parlay)
      must(
        checkParlayLegs(
          legs.map((l) => ({
            selection: selectionOf(l.market, l.selection.outcome),
            price: l.selection.price,
          })),
          settings.parlayRules,
        ),
        'selections',
        { max: settings.parlayRules.maxLegs },
      );
    const quoted = legs.map((l, i) => {
      const q = quote(l.market, l.event, l.selection.outcome, l.selection.price);
      if ('unknownOutcome' in q) throw refusal('sports_unknown_outcome', `selections.${i}.outcome`);
      return q;
    });
    const prices = must(acceptSlip(preference, quoted), 'selections');
    const currency = {
      exponent: moneyDisplay(merchant.settings.whitelabel).currencyExponent,
      displayDecimals: 2,
    };
    const money = (amount: bigint) => formatAmount(Number(amount), currency);
    const limits = parlay ? settings.parlay : settings.single;
    const limitParams = {
      min: money(limits.minStake),
      max: money((limits.maxStake * BigInt(prefs.stakeFactor)) / 1_000n),
    };
    // The stake and payout limits (a single's market payout room is checked again once the stake is locked).
    const checked = parlay
      ? must(
          checkParlayStake({
            stake: body.stake,
            prices,
            limits: settings.parlay,
            stakeFactor: prefs.stakeFactor,
          }),
          'stake',
          limitParams,
        )
      : must(
          checkSingle({
            stake: body.stake,
            price: prices[0] as number,
            limits: settings.single,
            stakeFactor: prefs.stakeFactor,
            alreadyOnMarket: mine.openReturn,
          }),
          'stake',
          limitParams,
        );
    const first = legs[0] as (typeof legs)[number];
    const product = productOfSport(settings, first.event.sport);
    refuseClosed(slip.states[product]);
    const vendor = vendorOfProduct(product);
    const inPlay = legs.some((l) => l.event.status === 'live');
    const stake = Number(checked.stake);
    return {
      slip,
      stake,
      house: slip.houses[vendor] as number,
      memo: `Sports ${parlay ? 'parlay' : 'single'} ${legs.map((l) => `${l.market.id}/${l.selection.outcome}`).join(' ')}`,
      payoutRefusal: () =>
        refusal('sports_payout_above_maximum', 'stake', { max: money(settings.single.maxPayoutPerMarket) }),
      maxOnMarket: parlay ? null : settings.single.maxPayoutPerMarket,
      bet: {
        merchant_id: merchant.id,
        member_id: member.id,
        request_id: body.requestId,
        kind: parlay ? ('parlay' as const) : ('single' as const),
        product,
        vendor_code: vendor,
        stake,
        potential_return: Number(checked.potentialReturn),
        odds_preference: preference,
        odds_format: prefs.oddsFormat,
        status: inPlay ? ('pending' as const) : ('open' as const),
        accept_at: inPlay ? new Date(Date.now() + settings.inPlayDelayMs) : null,
      },
      legRows: legs.map((l, i) => ({
        event_id: l.event.id,
        market_id: l.market.id,
        outcome: l.selection.outcome,
        seen_price: l.selection.price,
        price: prices[i] as number,
      })),
      events,
    };
  }

  /**
   * Places a batch of slips in one transaction of five round trips whatever its size (BEGIN, three statements,
   * COMMIT): one statement reads everything the rules judge for all of them (the markets KEY SHARE-locked in id order), the rules run here slip by
   * slip (a slip they refuse is answered its refusal and left out), one statement posts the stakes of the others
   * (ledger_post_batch(), which locks their balances in account order), and one writes their bets after each one's
   * player limits (sports_place_bets(), migration 094). A settlement or cancel of a market waits for the bets on it
   * (and then sees them), or came first and the slips are judged on the market it left; a price change or suspension
   * does not wait: a slip is taken at the prices it read, as it would have been a moment earlier (decision 058).
   * A stake beyond the member's balance as read is refused with the rules. A refusal only the writes find (funds
   * spent since the read, the player's limits, the market's payout room, a requestId placed
   * meanwhile) throws in a batch of one; in a larger batch it rolls the batch back (OneByOne).
   */
  async function placeBatch(slips: readonly Slip[]): Promise<SlipOutcome[]> {
    return db.transaction().execute(async (trx) => {
      const read = await repository.placementRead(
        trx,
        slips.map((s) => ({
          merchantId: s.merchant.id,
          memberId: s.member.id,
          accountId: s.memberAccount,
          requestId: s.body.requestId,
          marketIds: s.body.selections.map((l) => l.marketId),
        })),
      );
      await settings.whilePlacing?.();
      const outcomes: SlipOutcome[] = [];
      const judged: { at: number; slip: ReturnType<typeof judge> }[] = [];
      // A requestId already placed answers its bet (or the conflict), as does one sent twice in this batch once its
      // first slip is taken here: both are read back after the commit.
      const taken = new Set<string>();
      // What each member's balance still holds for the batch's stakes, in arrival order: a stake beyond it is refused
      // here as the ledger would refuse it, rather than rolling the whole batch back to place its slips one by one (a
      // member betting past their balance would otherwise slow every batch they land in).
      const funds = new Map<number, number>();
      for (const [i, slip] of slips.entries()) {
        const key = `${slip.member.id}:${slip.body.requestId}`;
        if (read.slips[i]?.replayId != null || taken.has(key)) {
          outcomes[i] = { replay: true };
          continue;
        }
        try {
          const judgedSlip = judge(slip, read, i);
          const balance = funds.get(slip.memberAccount) ?? read.slips[i]?.balance;
          if (balance != null && Number(judgedSlip.stake) > balance)
            throw new AppError('insufficient_funds', undefined, { accountId: slip.memberAccount });
          if (balance != null) funds.set(slip.memberAccount, balance - Number(judgedSlip.stake));
          judged.push({ at: i, slip: judgedSlip });
          taken.add(key);
        } catch (error) {
          outcomes[i] = { error };
        }
      }
      if (judged.length === 0) return outcomes;
      const alone = slips.length === 1;
      const entries = await wallet.postMany(
        trx,
        judged.map(({ slip: j }) => ({
          merchantId: j.slip.merchant.id,
          idempotencyKey: `sports:bet:${j.slip.member.id}:${j.slip.body.requestId}`,
          type: 'bet' as const,
          postings: [
            { accountId: j.slip.memberAccount, amount: -j.stake },
            { accountId: j.house, amount: j.stake },
          ],
          memo: j.memo,
          actor: { type: 'member' as const, id: j.slip.member.id },
        })),
      );
      // The same requestId placed meanwhile by another request (its entry committed after this read).
      if (entries.some((e) => e.replayed)) {
        if (!alone) throw new OneByOne();
        return [{ replay: true }];
      }
      // Each slip's limits: the limits service's check and count, evaluated in the bets' statement.
      const limits = judged.map(({ slip: j }) =>
        deps.limits?.bet({ merchantId: j.slip.merchant.id, memberId: j.slip.member.id }, j.stake),
      );
      const written = await repository.placeBets(
        trx,
        judged.map(({ slip: j }, k) => {
          const expression = limits[k]?.expression;
          const entryId = (entries[k] as PostedEntry).entryId;
          return {
            entryId,
            bet: j.bet,
            legs: j.legRows,
            maxOnMarket: j.maxOnMarket,
            limits: typeof expression === 'function' ? expression(sql`${entryId}`) : (expression ?? null),
          };
        }),
      );
      // A slip the player's limits or its market's payout room refused: its stake is posted with the others'.
      const refused = written.findIndex((outcome) => !outcome.bet);
      if (refused >= 0) {
        if (!alone) throw new OneByOne();
        const outcome = written[refused];
        if (outcome?.limits) await limits[refused]?.settle(outcome.limits, trx);
        throw judged[refused]?.slip.payoutRefusal();
      }
      for (const [k, { at, slip: j }] of judged.entries()) {
        const placedBet = repository.placedBet(written[k]?.bet as Record<string, unknown>);
        changes.publish(trx, { on: 'member', memberId: j.slip.member.id });
        outcomes[at] = {
          placed: {
            bet: placedBet,
            legs: j.legRows.map(
              (l, i): LegRow => ({
                ...l,
                bet_id: placedBet.id,
                leg_no: i,
                result_win: null,
                result_void: null,
                void_factor: null,
                dead_heat_factor: null,
                cancelled: false,
              }),
            ),
            events: j.events,
            // The bet reads its markets as the feed has them, as `view` does.
            markets: new Map(read.markets.map((m) => [m.id, m])),
            balance: (entries[k] as PostedEntry).postings[0]?.balanceAfter ?? 0,
          },
        };
      }
      return outcomes;
    });
  }

  /**
   * Gathers the slips that arrive together, as the wallet's group commit gathers entries (post-batcher.ts): whenever
   * fewer than `slots` batches are in flight, every slip waiting (up to `maxBatch`) leaves as one batch. A batch
   * that fails as a whole (a refusal only its writes found, a deadlock) places its slips again one at a time, in
   * arrival order, so that each is answered what it would have been alone.
   */
  function placementBatcher(options: () => { slots: number; maxBatch: number }) {
    type Waiting = { slip: Slip; resolve: (outcome: SlipOutcome) => void; reject: (error: unknown) => void };
    let waiting: Waiting[] = [];
    let inFlight = 0;
    const answer = (w: Waiting, outcome: SlipOutcome | undefined) =>
      outcome ? w.resolve(outcome) : w.reject(new Error('placement batch answered no outcome'));
    async function flush(batch: Waiting[]) {
      if (batch.length > 1) {
        const outcomes = await placeBatch(batch.map((w) => w.slip)).catch(() => undefined);
        if (outcomes) {
          for (const [i, w] of batch.entries()) answer(w, outcomes[i]);
          return;
        }
      }
      for (const w of batch)
        await placeBatch([w.slip]).then(
          (outcomes) => answer(w, outcomes[0]),
          (error: unknown) => w.reject(error),
        );
    }
    function pump() {
      const { slots, maxBatch } = options();
      while (inFlight < slots && waiting.length > 0) {
        const batch = waiting.slice(0, maxBatch);
        waiting = waiting.slice(maxBatch);
        inFlight++;
        // The slot is given back once the slips this batch answered had their turn to come back (a member's next
        // slip, placed as soon as the last is answered): they leave together, not one by one into the free slot.
        void flush(batch).finally(() =>
          setImmediate(() => {
            inFlight--;
            pump();
          }),
        );
      }
    }
    return {
      submit(slip: Slip): Promise<SlipOutcome> {
        return new Promise((resolve, reject) => {
          waiting.push({ slip, resolve, reject });
          pump();
        });
      },
    };
  }
  const batcher = placementBatcher(() => settings.placementBatch);

  async function placeSlip(merchant: Merchant, member: SportsMember, body: SportsPlaceBody) {
    await settings.beforePlacement?.();
    const memberAccount = await wallet.memberAccount(merchant.id, member.id);
    // The house's accounts on the pool, where the wallet keeps their ids (one round trip less in the transaction).
    const houses = {
      [sportsVendor]: await wallet.houseAccount(merchant.id, 'house_vendor', sportsVendor),
      [esportsVendor]: await wallet.houseAccount(merchant.id, 'house_vendor', esportsVendor),
    };
    // Before the transaction: the guards read on the pool, which on the embedded database (one connection) would wait
    // for this transaction for ever.
    await deps.playGuard?.check({ merchantId: merchant.id, memberId: member.id });
    const states = await productStates(merchant.id);
    try {
      const outcome = await batcher.submit({ merchant, member, body, memberAccount, houses, states });
      if ('error' in outcome) throw outcome.error;
      if ('replay' in outcome) {
        const earlier = await replay(member, body);
        if (earlier) return earlier;
        throw new AppError('idempotency_conflict', 'requestId');
      }
      const placed = outcome.placed;
      // The bet is taken: a queue that cannot take the job now leaves it to the every-minute backstop.
      if (placed.bet.status === 'pending' && placed.bet.accept_at)
        await deps.queue
          .resolve?.(placed.bet.id, placed.bet.accept_at)
          .catch((error: unknown) =>
            deps.log?.warn({ err: error, betId: placed.bet.id }, 'sportsbook: in-play decision not queued'),
          );
      return {
        bet: betView(placed.bet, placed.legs, placed.events, placed.markets),
        balance: placed.balance,
        replayed: false,
      };
    } catch (error) {
      // The same requestId sent twice at once: the loser answers the winner's bet.
      if (isUniqueViolation(error)) {
        const winner = await replay(member, body);
        if (winner) return winner;
      }
      throw error;
    }
  }

  return {
    memberPreferences,

    async savePreferences(
      memberId: number,
      body: { oddsFormat?: string | undefined; oddsPreference?: string | undefined },
    ) {
      await repository.saveMemberSettings(db, memberId, {
        ...(body.oddsFormat ? { odds_format: body.oddsFormat } : {}),
        ...(body.oddsPreference ? { odds_preference: body.oddsPreference } : {}),
      });
      const prefs = await memberPreferences(memberId);
      return { oddsFormat: prefs.oddsFormat, oddsPreference: prefs.oddsPreference };
    },

    /**
     * Places a bet from the slip: one selection is a single, more a parlay. Checked in the rules' order: the
     * selections (parlay combination), the markets (suspended, closed), the prices against the member's
     * preference, then the stake and payout limits (the market's maximum payout counted after the stake locked the
     * member's balance). A bet on an event in play waits `inPlayDelayMs` as pending. The same requestId answers the
     * bet already placed.
     */
    async place(merchant: Merchant, member: SportsMember, body: SportsPlaceBody) {
      return placeSlip(merchant, member, body);
    },

    resolve,

    /** Forgets the line switches read (tests that switch a line and bet at once). */
    forgetSwitches: switches.forget,

    /** Decides every pending bet whose delay is over (the job's work, and its backstop after a restart). */
    async resolveDue(now = new Date()): Promise<number> {
      let decided = 0;
      for (const id of await repository.dueBets(db, now, 200)) if (await resolve(id, now)) decided += 1;
      return decided;
    },

    /** The member's bets, open (pending or open) or settled, newest first. */
    async myBets(
      member: SportsMember,
      state: 'open' | 'settled',
      page: { pageNo: number; pageSize: number },
    ) {
      const { total, rows } = await repository.memberBets(db, member.id, state, {
        limit: page.pageSize,
        offset: (page.pageNo - 1) * page.pageSize,
      });
      return {
        list: await views(db, rows),
        pageNo: page.pageNo,
        pageSize: page.pageSize,
        total,
        totalPages: Math.ceil(total / page.pageSize),
      };
    },

    async bet(member: SportsMember, betId: number) {
      const bet = await repository.bet(db, betId);
      if (!bet || bet.member_id !== member.id) throw new AppError('sports_bet_not_found', 'betId');
      return view(db, bet);
    },

    /** What an open single would be cashed out at now (cash-out.ts), or why it cannot be. */
    async cashOutQuote(member: SportsMember, betId: number, executor: Database = db) {
      const bet = await repository.bet(executor, betId, executor !== db);
      if (!bet || bet.member_id !== member.id) throw new AppError('sports_bet_not_found', 'betId');
      const legs = await repository.legs(executor, [bet.id]);
      if (bet.status === 'pending') throw refusal('sports_cashout_unavailable', 'betId');
      const leg = legs[0] as LegRow;
      const { markets, events } = await context(executor, legs, bet.merchant_id);
      const market = markets.get(leg.market_id) as MarketRow;
      const event = events.get(leg.event_id) as EventRow;
      const odds = market.outcomes.find((o) => o.id === leg.outcome);
      const value = cashOutValue({
        stake: BigInt(bet.stake),
        placedPrice: leg.price,
        currentPrice: odds?.active ? odds.price : null,
        marketStatus: effectiveStatus(market, event),
        betOpen: bet.status === 'open',
        legs: legs.length,
        marginThousandths: settings.cashOutMarginThousandths,
      });
      return { bet, value, price: odds?.price ?? null };
    },

    /**
     * Cashes out an open single at the value now, unless it is lower than the value the member was shown
     * (sports_odds_changed): the bet's row locked, the value paid house → member in one entry, the bet closed as
     * cashed out, once (sports_cashouts is one row per bet).
     */
    async cashOut(member: SportsMember, betId: number, shown: number) {
      const states = await productStates(member.merchant_id);
      const done = await db.transaction().execute(async (trx) => {
        const quoted = await this.cashOutQuote(member, betId, trx);
        refuseClosed(states[quoted.bet.product]);
        const value = Number(must(acceptCashOut(BigInt(shown), quoted.value), 'value'));
        const bet = quoted.bet;
        const [account] = (await wallet.memberAccounts(bet.member_id, trx)).filter(
          (a) => a.kind === 'member_main',
        );
        const house = await wallet.houseAccount(bet.merchant_id, 'house_vendor', bet.vendor_code, {
          executor: trx,
        });
        if (!account) throw new Error(`bet ${bet.id} has no member account`);
        const entry = await wallet.post(trx, {
          merchantId: bet.merchant_id,
          idempotencyKey: `sports:cashout:${bet.id}`,
          type: 'payout',
          postings: [
            { accountId: house, amount: -value },
            { accountId: account.id, amount: value },
          ],
          memo: `Sports bet ${bet.id} cashed out`,
          actor: { type: 'member', id: member.id },
        });
        await repository.insertCashout(trx, {
          bet_id: bet.id,
          price: quoted.price ?? 0,
          value,
          entry_id: entry.entryId,
        });
        await repository.updateBet(trx, bet.id, { status: 'cashed_out', returned: value, settled: true });
        await deps.limits?.countMany(trx, [{ memberId: bet.member_id, wager: 0, loss: -value }]);
        changes.publish(trx, { on: 'member', memberId: bet.member_id });
        return { value, balance: entry.postings[1]?.balanceAfter ?? 0 };
      });
      return { bet: await this.bet(member, betId), ...done };
    },
  };
}

export type SportsbookBetting = ReturnType<typeof sportsbookBetting>;
