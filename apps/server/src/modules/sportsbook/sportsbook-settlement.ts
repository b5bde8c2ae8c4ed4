// Settling bets (issue 15 item 3; decision 058): what a bet returns from its legs' results, by @tala/sports's rules,
// and the posting of each change exactly once. Every change of a bet's return is a row of sports_settlements with
// the bet's next version (UNIQUE (bet_id, version)), written in the transaction that posts its money: the old return
// reversed by its own entry, the new one paid by another, never an edit.
import { fraction } from '@tala/slots/fraction';
import { settleParlay } from '@tala/sports/parlay';
import { type LegResult, resettlement, resultLabel, selectionReturn, voided } from '@tala/sports/settlement';
import { equals } from '@tala/sports/shares';
import type { Database } from '../../db/database.ts';
import { changes } from '../../lib/change-feed.ts';
import type { LimitsService } from '../limits/limits.service.ts';
import type { PostRequest, WalletService } from '../wallet/wallet.service.ts';
import type { BetRow, LegRow, SportsbookRepository } from './sportsbook.repository.ts';
import type { BetStatus, SettlementCause } from './sportsbook.tables.ts';
import type { SportsbookSettings } from './sportsbook-settings.ts';

/** Statuses of a bet whose return is decided (a correction may still change it). */
const settledStatuses = new Set<BetStatus>([
  'won',
  'lost',
  'void',
  'half_won',
  'half_lost',
  'dead_heat',
  'partial',
]);
export const isSettled = (status: BetStatus) => settledStatuses.has(status);

/** A share stored as 'n/d'. */
export const shareText = (f: { n: bigint; d: bigint }) => `${f.n}/${f.d}`;
function share(text: string): ReturnType<typeof fraction> {
  const [n = '0', d = '1'] = text.split('/');
  return fraction(BigInt(n), BigInt(d));
}

/** A leg's result as it counts now: void while cancelled, else the feed's settlement, null while open. */
export function legResult(leg: Pick<LegRow, 'result_win' | 'result_void' | 'cancelled'>): LegResult | null {
  if (leg.cancelled) return voided;
  if (leg.result_win === null || leg.result_void === null) return null;
  return { win: share(leg.result_win), voided: share(leg.result_void) };
}

export type BetOutcome = { state: 'open' } | { state: 'settled'; return: bigint; status: BetStatus };

/** What a bet returns from its legs now: a single by its leg's result, a parlay by the product of its legs. */
export function betOutcome(
  bet: Pick<BetRow, 'kind' | 'stake'>,
  legs: readonly Pick<LegRow, 'price' | 'result_win' | 'result_void' | 'cancelled'>[],
  settings: Pick<SportsbookSettings, 'parlay'>,
): BetOutcome {
  const stake = BigInt(bet.stake);
  if (bet.kind === 'single') {
    const leg = legs[0];
    if (!leg) throw new Error('a single has a leg');
    const result = legResult(leg);
    if (!result) return { state: 'open' };
    return {
      state: 'settled',
      return: selectionReturn(stake, leg.price, result),
      status: resultLabel(result),
    };
  }
  const placed = legs.map((leg) => ({ price: leg.price, result: legResult(leg) }));
  const outcome = settleParlay(stake, placed, settings.parlay.maxPayout);
  if (outcome.state === 'open') return outcome;
  const allVoid = placed.every((leg) => leg.result !== null && equals(leg.result.voided, fraction(1)));
  const status: BetStatus =
    outcome.return === 0n ? 'lost' : allVoid ? 'void' : outcome.return < stake ? 'partial' : 'won';
  return { state: 'settled', return: outcome.return, status };
}

export type SettleContext = {
  cause: SettlementCause;
  sequence: number;
};

/**
 * Brings each of these bets in line with its legs, in the caller's transaction: the bets are locked in id order,
 * each one whose return or state changed gets its next version in sports_settlements (the unique constraint
 * refuses a second writer of the same version), a reversal of what it paid before and a payout of what it pays now.
 * Bets pending, refused or cashed out are left alone. Answers how many bets changed.
 */
export async function settleBets(
  trx: Database,
  deps: {
    repository: SportsbookRepository;
    wallet: WalletService;
    limits?: LimitsService | undefined;
    settings: SportsbookSettings;
  },
  betIds: readonly number[],
  context: SettleContext,
): Promise<number> {
  const { repository, wallet } = deps;
  const bets = (await repository.lockBets(trx, betIds)).filter(
    (b) => b.status !== 'pending' && b.status !== 'refused' && b.status !== 'cashed_out',
  );
  if (bets.length === 0) return 0;
  const legs = await repository.legs(
    trx,
    bets.map((b) => b.id),
  );
  const legsOf = new Map<number, LegRow[]>();
  for (const leg of legs) legsOf.set(leg.bet_id, [...(legsOf.get(leg.bet_id) ?? []), leg]);

  type Change = {
    bet: BetRow;
    version: number;
    status: BetStatus;
    previous: number;
    next: number;
    open: boolean;
  };
  const changed: Change[] = [];
  for (const bet of bets) {
    const outcome = betOutcome(bet, legsOf.get(bet.id) ?? [], deps.settings);
    const previous = isSettled(bet.status) ? bet.returned : 0;
    const next = outcome.state === 'settled' ? Number(outcome.return) : 0;
    const status: BetStatus = outcome.state === 'settled' ? outcome.status : 'open';
    if (status === bet.status && next === previous) continue;
    changed.push({
      bet,
      version: bet.settlement_version + 1,
      status,
      previous,
      next,
      open: outcome.state === 'open',
    });
  }
  if (changed.length === 0) return 0;

  const payouts = await repository.currentPayouts(
    trx,
    changed.map((c) => c.bet.id),
  );
  const memberAccounts = new Map<number, number>();
  for (const a of await wallet.memberAccounts(
    changed.map((c) => c.bet.member_id),
    trx,
  ))
    if (a.kind === 'member_main') memberAccounts.set(a.memberId, a.id);
  const houses = new Map<string, number>();
  for (const c of changed) {
    const key = `${c.bet.merchant_id}:${c.bet.vendor_code}`;
    if (!houses.has(key))
      houses.set(
        key,
        await wallet.houseAccount(c.bet.merchant_id, 'house_vendor', c.bet.vendor_code, { executor: trx }),
      );
  }

  const reversals = new Map<number, number>();
  const counts: { memberId: number; wager: number; loss: number }[] = [];
  const requests: { change: Change; request: PostRequest }[] = [];
  for (const c of changed) {
    const plan = resettlement(BigInt(c.previous), c.open ? null : BigInt(c.next));
    for (const entry of plan.entries) {
      if (entry.kind === 'reversal') {
        const paid = payouts.get(c.bet.id);
        if (!paid) throw new Error(`bet ${c.bet.id} returned ${c.previous} without a payout entry`);
        const reversal = await wallet.reverse(trx, {
          merchantId: c.bet.merchant_id,
          entryId: paid,
          idempotencyKey: `sports:reverse:${c.bet.id}:${c.version}`,
          memo: `Sports bet ${c.bet.id}: ${context.cause} (version ${c.version}) reverses ${c.previous}`,
          actor: { type: 'system' },
        });
        reversals.set(c.bet.id, reversal.entryId);
        counts.push({
          memberId: c.bet.member_id,
          wager: c.bet.status === 'void' ? Number(entry.amount) : 0,
          loss: Number(entry.amount),
        });
        continue;
      }
      const member = memberAccounts.get(c.bet.member_id);
      const house = houses.get(`${c.bet.merchant_id}:${c.bet.vendor_code}`);
      if (member === undefined || house === undefined) throw new Error(`bet ${c.bet.id} has no accounts`);
      const amount = Number(entry.amount);
      requests.push({
        change: c,
        request: {
          merchantId: c.bet.merchant_id,
          idempotencyKey: `sports:pay:${c.bet.id}:${c.version}`,
          type: c.status === 'void' ? 'bet_refund' : 'payout',
          postings: [
            { accountId: house, amount: -amount },
            { accountId: member, amount },
          ],
          memo: `Sports bet ${c.bet.id} ${c.status} (version ${c.version})`,
          actor: { type: 'system' },
        },
      });
      // A refund takes the stake back out of the wager and the loss; a payout only out of the loss.
      counts.push({ memberId: c.bet.member_id, wager: c.status === 'void' ? -amount : 0, loss: -amount });
    }
  }
  const posted = await wallet.postMany(
    trx,
    requests.map((r) => r.request),
  );
  const paidEntries = new Map(requests.map((r, i) => [r.change.bet.id, posted[i]?.entryId ?? null]));

  await repository.insertSettlements(
    trx,
    changed.map((c) => ({
      bet_id: c.bet.id,
      version: c.version,
      cause: context.cause,
      feed_sequence: context.sequence,
      previous_status: c.bet.status,
      status: c.status,
      previous_return: c.previous,
      new_return: c.next,
      reversal_entry_id: reversals.get(c.bet.id) ?? null,
      payout_entry_id: paidEntries.get(c.bet.id) ?? null,
    })),
  );
  // One statement for the page's bets (a round trip each made a market of 100,000 bets as many round trips).
  await repository.updateSettledBets(
    trx,
    changed.map((c) => ({
      id: c.bet.id,
      status: c.status,
      returned: c.next,
      version: c.version,
      settled: !c.open,
    })),
  );
  for (const memberId of new Set(changed.map((c) => c.bet.member_id)))
    changes.publish(trx, { on: 'member', memberId });
  await deps.limits?.countMany(trx, counts);
  return changed.length;
}
