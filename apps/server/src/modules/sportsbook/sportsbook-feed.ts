// The odds feed into the sportsbook's tables (issue 15 items 2 and 3; decision 058): every typed message of the feed's
// contract (packages/contracts/src/odds-feed.ts) applied as one whole change, or logged and skipped. Settlements,
// rollbacks, cancels and their rollbacks settle the bets of their markets in pages, each page one transaction
// (sportsbook-settlement.ts), so a market of 100,000 bets never holds one long transaction and a crash resumes
// where it stopped when the message is applied again: a page already applied changes nothing.
import {
  type FeedMessage,
  type FeedMessageOf,
  feedMessage,
  type snapshotResponse,
} from '@tala/contracts/odds-feed';
import { parseSpecifiers } from '@tala/sports/markets';
import { resultFromFeed } from '@tala/sports/settlement';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { LimitsService } from '../limits/limits.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { EventRow, MarketRow, OddsChange, SportsbookRepository } from './sportsbook.repository.ts';
import type { SettlementCause } from './sportsbook.tables.ts';
import type { SportsbookSettings } from './sportsbook-settings.ts';
import { settleBets, shareText } from './sportsbook-settlement.ts';

export type FeedLog = {
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

export type FeedApplied =
  | {
      applied: true;
      type: FeedMessage['type'];
      settled?: number;
      /** An odds change's event and markets as they are after it (the push sends them without reading them again). */
      changed?: { event: EventRow; markets: MarketRow[] };
    }
  | { applied: false; type: string | null; reason: string };

function isUniqueViolation(error: unknown) {
  return (error as { code?: unknown } | null)?.code === '23505';
}

class Skip extends Error {}

type FeedSnapshot = z.infer<typeof snapshotResponse>;

type MarketRef = { id: string; specifiers: string };

/** An odds change message as sports_apply_odds takes it (the push forecasts its effect from the same). */
export function oddsChangeOf(message: FeedMessageOf<'odds_change'>): OddsChange {
  const suspended = message.betting_status === 'suspended';
  return {
    eventId: message.event_id,
    sequence: message.sequence,
    bettingStatus: message.betting_status,
    markets: message.markets.map((m) => ({
      type: m.id,
      specifiers: m.specifiers,
      name: m.name,
      status: suspended && m.status === 'active' ? 'suspended' : m.status,
      outcomes: m.outcomes.map((o) => ({ id: o.id, name: o.name, price: o.odds ?? null, active: o.active })),
    })),
  };
}

export function sportsbookFeed(
  db: Database,
  deps: {
    repository: SportsbookRepository;
    wallet: WalletService;
    limits?: LimitsService | undefined;
    settings: SportsbookSettings;
    log: FeedLog;
  },
) {
  const { repository, settings, log } = deps;

  async function reject(raw: unknown, reason: string): Promise<FeedApplied> {
    const object = (raw ?? {}) as { type?: unknown; sequence?: unknown };
    const type = typeof object.type === 'string' ? object.type : null;
    const sequence = Number.isSafeInteger(object.sequence) ? (object.sequence as number) : null;
    log.warn({ type, sequence, reason }, 'sportsbook: feed message skipped');
    try {
      await repository.reject(db, { type, sequence, reason, message: raw });
    } catch (error) {
      log.error({ err: error }, 'sportsbook: could not record a skipped feed message');
    }
    return { applied: false, type, reason };
  }

  function checkSpecifiers(markets: readonly MarketRef[]) {
    for (const m of markets)
      if (parseSpecifiers(m.specifiers) === null) throw new Skip(`bad specifiers ${m.id} ${m.specifiers}`);
  }

  async function knownEvent(eventId: string) {
    const event = await repository.event(db, eventId);
    if (!event) throw new Skip(`unknown event ${eventId}`);
    return event;
  }

  // ------------------------------------------------------------------ fixtures, odds, stops and scores

  async function fixtureChange(message: FeedMessageOf<'fixture_change'>) {
    const f = message.fixture;
    await db.transaction().execute(async (trx) => {
      await repository.upsertEvent(trx, {
        id: message.event_id,
        kind: f.kind,
        sport: f.sport,
        category: f.category,
        league_id: f.tournament.id,
        league_name: f.tournament.name,
        competitors: f.competitors,
        start_time: new Date(f.start_time),
        status: f.status,
        live_odds: f.live_odds,
        best_of: f.best_of ?? null,
      });
      // A postponed event stops taking bets until the feed prices it again; a cancelled or abandoned one is closed
      // (its bets are voided by the feed's bet cancels, which follow).
      if (f.status === 'postponed') await repository.closeMarkets(trx, message.event_id, 'suspended');
      if (f.status === 'cancelled' || f.status === 'abandoned')
        await repository.closeMarkets(trx, message.event_id, 'deactivated');
    });
  }

  /** One statement (sports_apply_odds): a burst of odds changes must not queue behind round trips. Answers the
   * event and its markets as they are after the change, for the push. */
  async function oddsChange(message: FeedMessageOf<'odds_change'>) {
    checkSpecifiers(message.markets);
    const applied = await repository.applyOdds(db, oddsChangeOf(message));
    if (applied.outcome !== 'applied')
      // A late message must not bring older prices back.
      throw new Skip(
        applied.outcome === 'unknown'
          ? `unknown event ${message.event_id}`
          : `stale odds change ${message.sequence}`,
      );
    return { event: applied.event, markets: applied.markets };
  }

  async function betStop(message: FeedMessageOf<'bet_stop'>) {
    await knownEvent(message.event_id);
    await repository.suspendMarkets(db, message.event_id, message.markets);
  }

  async function score(message: FeedMessageOf<'score'>) {
    await knownEvent(message.event_id);
    await repository.updateEvent(db, message.event_id, {
      status: message.state.status,
      home_score: message.state.home_score,
      away_score: message.state.away_score,
      match_state: JSON.stringify(message.state),
    });
  }

  // ------------------------------------------------------------------ settlement and its corrections

  /**
   * Runs `page` over the bets with a leg on the market, a page at a time, each in its own transaction. A page that
   * meets another process's settlement of the same bets (the unique version) is read again and finds nothing left
   * to do; a page the ledger refuses for one bet (a reversal the member's balance cannot cover) is retried bet by
   * bet so the others are settled, and the bet left is logged for the trading desk.
   */
  async function inPages(
    market: MarketRow,
    placedIn: { start?: Date | undefined; end?: Date | undefined } | undefined,
    sequence: number,
    page: (trx: Database, betIds: number[]) => Promise<number>,
  ) {
    // A placement that read the market before it stopped taking bets (or before the cancel's window closed) may
    // still be writing its bet: its pages must see that bet.
    await repository.waitForPlacements(db, market.id);
    let after = 0;
    let changed = 0;
    // A newer settlement message took the market while this one ran (a replay beside the live consumer): the
    // newer one settles every bet after this page, so this one stops.
    let superseded = false;
    const run = async (ids: number[]) =>
      db.transaction().execute(async (trx) => {
        if (!(await repository.holdsSettlement(trx, market.id, sequence))) {
          superseded = true;
          return 0;
        }
        const n = await page(trx, ids);
        await settings.beforeSettlementCommit?.();
        return n;
      });
    while (!superseded) {
      const ids = await repository.betIdsOnMarket(
        db,
        market.id,
        after,
        settings.settlementPageSize,
        placedIn,
      );
      if (ids.length === 0) break;
      after = ids[ids.length - 1] as number;
      try {
        changed += await run(ids);
      } catch (error) {
        if (isUniqueViolation(error)) {
          changed += await run(ids);
          continue;
        }
        // Anything but a refusal of the ledger (a lost connection, a dying process) stops the message: applied
        // again, it resumes, the pages already committed changing nothing.
        if (!(error instanceof AppError)) throw error;
        for (const id of ids) {
          try {
            changed += await run([id]);
          } catch (single) {
            log.error({ err: single, betId: id, marketId: market.id }, 'sportsbook: bet left unsettled');
            await repository.reject(db, {
              type: 'settlement_held',
              sequence: null,
              reason: `bet ${id} on market ${market.id}: ${(single as Error).message}`,
              message: null,
            });
          }
        }
      }
    }
    return changed;
  }

  /**
   * The markets a settlement message names that it may change: known ones (a market never offered is logged) that no
   * newer settlement message has changed. A replay of the feed from before its stored position (a crash before the
   * position was written, another process starting behind) meets its settlements again: one applied before its
   * rollback and resettlement must not write the old result again.
   */
  async function claimedMarkets(message: {
    event_id: string;
    sequence: number;
    markets: readonly MarketRef[];
  }) {
    const claimed: { ref: MarketRef; market: MarketRow }[] = [];
    for (const found of await marketsOf(message.event_id, message.markets)) {
      if (await repository.claimSettlement(db, found.market.id, message.sequence)) claimed.push(found);
      else
        log.warn(
          { eventId: message.event_id, marketId: found.market.id, sequence: message.sequence },
          "sportsbook: settlement message older than the market's last one, left alone",
        );
    }
    return claimed;
  }

  async function marketsOf(eventId: string, refs: readonly MarketRef[]) {
    const found: { ref: MarketRef; market: MarketRow }[] = [];
    for (const ref of refs) {
      const market = await repository.marketByKey(db, eventId, ref.id, ref.specifiers);
      if (market) found.push({ ref, market });
      else log.warn({ eventId, market: ref }, 'sportsbook: settlement of a market never offered');
    }
    return found;
  }

  const settleDeps = () => ({
    repository,
    wallet: deps.wallet,
    limits: deps.limits,
    settings,
  });

  async function betSettlement(message: FeedMessageOf<'bet_settlement'>) {
    checkSpecifiers(message.markets);
    // Read every outcome's result first: a malformed one skips the whole message, nothing half-applied.
    const results = message.markets.map((m) => ({
      ref: m,
      outcomes: m.outcomes.map((o) => {
        const result = resultFromFeed({
          result: o.result === 'win' ? 1 : 0,
          voidFactor: o.void_factor,
          deadHeatFactor: o.dead_heat_factor,
        });
        if (!result) throw new Skip(`malformed result of ${m.id} ${o.id}`);
        return {
          id: o.id,
          stored: {
            win: shareText(result.win),
            void: shareText(result.voided),
            voidFactor: o.void_factor === undefined ? null : String(o.void_factor),
            deadHeatFactor: o.dead_heat_factor === undefined ? null : String(o.dead_heat_factor),
          },
        };
      }),
    }));
    await knownEvent(message.event_id);
    let settled = 0;
    for (const { ref, market } of await claimedMarkets(message)) {
      const found = results.find((r) => r.ref === ref);
      const outcomes = found?.outcomes ?? [];
      await repository.updateMarket(db, market.id, {
        status: 'settled',
        result: {
          sequence: message.sequence,
          certainty: message.certainty,
          outcomes: found?.ref.outcomes ?? [],
        },
      });
      settled += await inPages(market, undefined, message.sequence, async (trx, ids) => {
        for (const o of outcomes) await repository.setLegResults(trx, market.id, ids, o.id, o.stored);
        return settleBets(trx, settleDeps(), ids, { cause: 'bet_settlement', sequence: message.sequence });
      });
    }
    return settled;
  }

  async function rollbackSettlement(message: FeedMessageOf<'rollback_bet_settlement'>) {
    checkSpecifiers(message.markets);
    await knownEvent(message.event_id);
    let settled = 0;
    for (const { market } of await claimedMarkets(message)) {
      // Back to taking no bets until the feed prices it again.
      await repository.updateMarket(db, market.id, { status: 'suspended', result: null });
      settled += await inPages(market, undefined, message.sequence, async (trx, ids) => {
        await repository.setLegResults(trx, market.id, ids, '*', null);
        return settleBets(trx, settleDeps(), ids, {
          cause: 'rollback_bet_settlement',
          sequence: message.sequence,
        });
      });
    }
    return settled;
  }

  async function cancel(
    message: FeedMessageOf<'bet_cancel'> | FeedMessageOf<'rollback_bet_cancel'>,
    cancelled: boolean,
  ) {
    checkSpecifiers(message.markets);
    await knownEvent(message.event_id);
    const window =
      message.start_time === undefined && message.end_time === undefined
        ? undefined
        : {
            start: message.start_time === undefined ? undefined : new Date(message.start_time),
            end: message.end_time === undefined ? undefined : new Date(message.end_time),
          };
    const cause: SettlementCause = cancelled ? 'bet_cancel' : 'rollback_bet_cancel';
    let settled = 0;
    for (const { market } of await claimedMarkets(message)) {
      // A cancel of the whole market closes it; a window only voids the bets placed in it.
      if (!window && cancelled) await repository.updateMarket(db, market.id, { status: 'cancelled' });
      if (!window && !cancelled && market.status === 'cancelled')
        await repository.updateMarket(db, market.id, { status: 'suspended' });
      settled += await inPages(market, window, message.sequence, async (trx, ids) => {
        await repository.setLegsCancelled(trx, market.id, ids, cancelled);
        return settleBets(trx, settleDeps(), ids, { cause, sequence: message.sequence });
      });
    }
    return settled;
  }

  /**
   * The feed's whole state after a gap it no longer keeps (the consumer's `snapshot`): each fixture applied as its
   * fixture change, its score and its odds at the snapshot's sequence. Bets are only settled by settlement
   * messages, never by a snapshot. A fixture that cannot be applied is logged and skipped, the others go on.
   */
  async function applyFeedSnapshot(snapshot: FeedSnapshot) {
    const sequence = Math.max(1, snapshot.sequence);
    let applied = 0;
    for (const detail of snapshot.fixtures) {
      const base = {
        producer: 'prematch' as const,
        sequence,
        timestamp: Date.now(),
        event_id: detail.fixture.id,
      };
      try {
        await fixtureChange({ ...base, type: 'fixture_change', change: 'new', fixture: detail.fixture });
        await score({ ...base, type: 'score', state: detail.state });
        await oddsChange({
          ...base,
          type: 'odds_change',
          betting_status: detail.betting_status,
          markets: detail.markets,
        });
        applied += 1;
      } catch (error) {
        if (!(error instanceof Skip)) throw error;
        log.warn(
          { eventId: detail.fixture.id, reason: error.message },
          'sportsbook: snapshot fixture skipped',
        );
      }
    }
    return applied;
  }

  return {
    applyFeedSnapshot,

    /**
     * Applies one message of the odds feed (the consumer's typed events, or raw JSON): a malformed or unknown
     * message, one of an event never announced, a stale odds change, is logged, recorded in sports_feed_rejects
     * and skipped; it never throws for the feed's faults, so the consumer's process never stops on them.
     */
    async applyFeedMessage(raw: unknown): Promise<FeedApplied> {
      const parsed = feedMessage.safeParse(raw);
      if (!parsed.success)
        return reject(
          raw,
          `malformed: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`,
        );
      const message = parsed.data;
      try {
        switch (message.type) {
          case 'alive':
            return { applied: true, type: message.type };
          case 'fixture_change':
            await fixtureChange(message);
            return { applied: true, type: message.type };
          case 'odds_change':
            return { applied: true, type: message.type, changed: await oddsChange(message) };
          case 'bet_stop':
            await betStop(message);
            return { applied: true, type: message.type };
          case 'score':
            await score(message);
            return { applied: true, type: message.type };
          case 'bet_settlement':
            return { applied: true, type: message.type, settled: await betSettlement(message) };
          case 'rollback_bet_settlement':
            return { applied: true, type: message.type, settled: await rollbackSettlement(message) };
          case 'bet_cancel':
            return { applied: true, type: message.type, settled: await cancel(message, true) };
          case 'rollback_bet_cancel':
            return { applied: true, type: message.type, settled: await cancel(message, false) };
        }
      } catch (error) {
        if (error instanceof Skip) return reject(raw, error.message);
        throw error;
      }
    },
  };
}

export type SportsbookFeed = ReturnType<typeof sportsbookFeed>;
