// Manual settlement with four eyes (issue 15 item 5; decision 059): an operator proposes the result of a market per
// outcome with a reason, a different operator approves or rejects it. On approval the result is applied as a
// settlement message of the feed's own kind (sportsbook.applyFeedMessage → bet_settlement), so it settles the
// market's bets by the same path, exactly once per bet and version, and resettles them (reversing entries) when the
// market was settled before. Markets are the feed's and shared by every merchant: an approved result is the
// market's, for every merchant's bets on it, as a feed's correction would be: so only a platform operator approves.
// Once approved, the market keeps that result against the feed: a feed settlement, cancel or rollback of it comes
// with a lower sequence and leaves it alone (the market's settlement_sequence); a new proposal corrects it.
import type { FeedMessage } from '@tala/contracts/odds-feed';
import type { ManualResult, ProposeSettlementBody, SettlementProposal } from '@tala/contracts/sports-trading';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { OperatorActor } from '../games/games-admin.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { EventRow, MarketRow, SportsbookRepository } from './sportsbook.repository.ts';
import type { SportsbookService } from './sportsbook.service.ts';
import { competitorNames, eventName } from './sportsbook-views.ts';
import type { ProposalRow, TradingRepository } from './trading.repository.ts';

/** Manual settlements' sequence numbers, far above any feed's: 9·10¹² + the proposal's id. */
export const manualSequenceBase = 9_000_000_000_000;

/** A manual result as the feed's settlement of an outcome (UOF: result, void factor). */
export function feedOutcome(id: string, result: ManualResult) {
  switch (result) {
    case 'win':
      return { id, result: 'win' as const };
    case 'lose':
      return { id, result: 'lose' as const };
    case 'void':
      return { id, result: 'lose' as const, void_factor: 1 as const };
    case 'half_win':
      return { id, result: 'win' as const, void_factor: 0.5 as const };
    case 'half_lose':
      return { id, result: 'lose' as const, void_factor: 0.5 as const };
  }
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

export function tradingSettlement(deps: {
  db: Database;
  audit: AuditService;
  sportsbook: SportsbookService;
  repo: TradingRepository;
  book: SportsbookRepository;
  marketAndEvent: (marketId: number) => Promise<{ market: MarketRow; event: EventRow }>;
}) {
  const { db, audit, sportsbook, repo, book } = deps;

  async function view(rows: ProposalRow[]): Promise<SettlementProposal[]> {
    const markets = new Map(
      (
        await book.marketsById(
          db,
          rows.map((r) => r.market_id),
        )
      ).map((m) => [m.id, m]),
    );
    const events = new Map(
      (await book.eventsById(db, [...new Set([...markets.values()].map((m) => m.event_id))])).map((e) => [
        e.id,
        e,
      ]),
    );
    return rows.map((r) => {
      const market = markets.get(r.market_id);
      const event = market && events.get(market.event_id);
      return {
        id: r.id,
        marketId: r.market_id,
        marketName: market?.name ?? '',
        marketType: market?.market_type ?? '',
        specifiers: market?.specifiers ?? '',
        eventId: market?.event_id ?? '',
        eventName: event ? eventName(event) : '',
        competitors: event ? competitorNames(event) : [],
        sport: event?.sport ?? '',
        league: { id: event?.league_id ?? '', name: event?.league_name ?? '' },
        outcomes: Object.entries(r.outcomes).map(([id, result]) => ({
          id,
          name: market?.outcomes.find((o) => o.id === id)?.name ?? id,
          result,
        })),
        reason: r.reason,
        status: r.status,
        proposedBy: r.proposed_name,
        decidedBy: r.decided_name,
        note: r.decided_note,
        createdAt: r.created_at.toISOString(),
        decidedAt: r.decided_at?.toISOString() ?? null,
        settled: r.settled,
      };
    });
  }

  async function one(merchant: Merchant, id: number) {
    const row = await repo.proposal(db, merchant.id, id);
    if (!row) throw new AppError('sports_proposal_not_found', 'id');
    return (await view([row]))[0] as SettlementProposal;
  }

  /** Locks a waiting proposal for its decision by `operator`: found, still waiting, and not their own. */
  async function lockForDecision(trx: Database, merchant: Merchant, id: number, operator: OperatorActor) {
    const row = await repo.proposal(trx, merchant.id, id, true);
    if (!row) throw new AppError('sports_proposal_not_found', 'id');
    if (row.status !== 'proposed') throw new AppError('sports_proposal_decided', 'id');
    if (row.proposed_by === operator.id) throw new AppError('sports_four_eyes', 'id');
    return row;
  }

  return {
    async list(
      merchant: Merchant,
      query: { status?: string | undefined; marketId?: number | undefined; pageNo: number; pageSize: number },
    ) {
      const { total, rows } = await repo.proposals(db, merchant.id, query, {
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      return {
        list: await view(rows),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    get: one,

    /** Proposes a market's result: every outcome of the market named once, with a reason; one waits at a time. */
    async propose(
      operator: OperatorActor,
      merchant: Merchant,
      marketId: number,
      body: ProposeSettlementBody,
    ) {
      const { market } = await deps.marketAndEvent(marketId);
      const ids = market.outcomes.map((o) => o.id);
      const given = Object.keys(body.outcomes);
      const unknown = given.find((o) => !ids.includes(o));
      if (unknown !== undefined) throw new AppError('sports_unknown_outcome', `outcomes.${unknown}`);
      const missing = ids.find((o) => !given.includes(o));
      if (missing !== undefined) throw new AppError('sports_outcome_result_missing', `outcomes.${missing}`);
      try {
        const row = await db.transaction().execute(async (trx) => {
          const inserted = await repo.insertProposal(trx, {
            merchantId: merchant.id,
            marketId,
            outcomes: body.outcomes,
            reason: body.reason,
            operatorId: operator.id,
            operatorName: operator.name,
          });
          await audit.record(trx, {
            actorType: 'operator',
            actorId: operator.id,
            actorName: operator.name,
            merchantId: merchant.id,
            action: 'sports.settlement.propose',
            target: `sports_market:${marketId}`,
            after: { proposal: inserted.id, outcomes: body.outcomes, reason: body.reason },
            ip: operator.ip,
          });
          return inserted;
        });
        return (await view([row]))[0] as SettlementProposal;
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('sports_proposal_waiting', 'marketId');
        throw error;
      }
    },

    /**
     * Approves a waiting proposal (never its proposer's own): marked approved with its settlement's sequence and
     * audited in one transaction, then applied as the feed's settlement message. The message settles in pages, each
     * exactly once per bet; should the process stop half way, applying the same message again (the sequence is kept)
     * finishes it and changes nothing already settled.
     */
    async approve(
      operator: OperatorActor & { platform: boolean },
      merchant: Merchant,
      id: number,
      note: string | null,
    ) {
      // The market is every merchant's: its result settles their bets too, beyond an operator of this merchant.
      if (!operator.platform) throw new AppError('platform_operators_only');
      const sequence = manualSequenceBase + id;
      const row = await db.transaction().execute(async (trx) => {
        const locked = await lockForDecision(trx, merchant, id, operator);
        await repo.decide(trx, id, {
          status: 'approved',
          operatorId: operator.id,
          operatorName: operator.name,
          note,
          sequence,
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operator.id,
          actorName: operator.name,
          merchantId: merchant.id,
          action: 'sports.settlement.approve',
          target: `sports_market:${locked.market_id}`,
          after: { proposal: id, outcomes: locked.outcomes, note },
          ip: operator.ip,
        });
        return locked;
      });
      const { market } = await deps.marketAndEvent(row.market_id);
      const message: FeedMessage = {
        type: 'bet_settlement',
        producer: 'prematch',
        sequence,
        timestamp: Date.now(),
        event_id: market.event_id,
        certainty: 'confirmed',
        markets: [
          {
            id: market.market_type,
            specifiers: market.specifiers,
            outcomes: Object.entries(row.outcomes).map(([o, result]) => feedOutcome(o, result)),
          },
        ],
      };
      const applied = await sportsbook.applyFeedMessage(message);
      if (!applied.applied)
        throw new AppError('sports_manual_settlement_failed', 'id', { reason: applied.reason });
      await repo.setSettled(db, id, applied.settled ?? 0);
      return one(merchant, id);
    },

    async reject(operator: OperatorActor, merchant: Merchant, id: number, note: string | null) {
      await db.transaction().execute(async (trx) => {
        const locked = await lockForDecision(trx, merchant, id, operator);
        await repo.decide(trx, id, {
          status: 'rejected',
          operatorId: operator.id,
          operatorName: operator.name,
          note,
          sequence: null,
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operator.id,
          actorName: operator.name,
          merchantId: merchant.id,
          action: 'sports.settlement.reject',
          target: `sports_market:${locked.market_id}`,
          after: { proposal: id, note },
          ip: operator.ip,
        });
      });
      return one(merchant, id);
    },
  };
}
