import type { LotteryService } from '../lottery/lottery.service.ts';
import type { MembersService, SignedInMember } from '../members/members.service.ts';
import type { MerchantsService } from '../merchants/merchants.service.ts';
import type { Actor } from '../operators/operators.service.ts';
import type { PromotionsService } from '../promotions/promotions.service.ts';
import type { SeamlessService } from '../seamless/seamless.service.ts';

type Started = { exclusionId: number; members: { id: number; merchantId: number }[] };

/**
 * Time-out, self-exclusion, family and operator exclusion, closure (issue 18 item 3;
 * docs/decisions/047-time-out-and-self-exclusion.md). The members module holds the breaks and their rules and its
 * guard refuses a restricted member's calls; this module carries out what a break stops, for the member and every
 * account it covers: the vendors' game sessions end (the seamless wallet refuses their bets), running lottery chases
 * stop with what they hold refunded, pending bonuses are forfeited. Each effect is safe to run again; a break whose
 * effects did not finish (a process died) is taken up by the exclusions-effects job.
 */
export function exclusionsService(deps: {
  members: MembersService;
  merchants: MerchantsService;
  seamless: SeamlessService;
  lottery: LotteryService;
  promotions: PromotionsService;
  log?: { error: (object: object, message: string) => void } | undefined;
}) {
  const { members, merchants, seamless, lottery, promotions } = deps;

  async function merchantOf(id: number) {
    const merchant = (await merchants.list()).find((m) => m.id === id);
    if (!merchant) throw new Error(`merchant ${id} not found`);
    return merchant;
  }

  /** The effects of one break on every account it covers; marked done once all went through. */
  async function carryOut(started: Started, reason: string) {
    for (const covered of started.members) {
      await seamless.endSessionsOf(covered.id);
      await lottery.stopChasesOf(covered.merchantId, covered.id);
      await promotions.forfeitPendingOf(await merchantOf(covered.merchantId), covered.id, reason);
    }
    await members.exclusionEffectsDone(started.exclusionId);
  }

  /** Effects right after the break committed; a failure is left to the job (the break itself stands). */
  async function afterStart(started: Started, reason: string) {
    try {
      await carryOut(started, reason);
    } catch (error) {
      deps.log?.error(
        { err: error, exclusionId: started.exclusionId },
        'exclusion effects failed; the job retries',
      );
    }
  }

  return {
    breaksOf: (member: SignedInMember) => members.breaksOf(member.id),

    async startTimeout(
      member: SignedInMember,
      body: { hours: unknown; confirm?: boolean | undefined },
      ip: string,
    ) {
      await afterStart(await members.startTimeout(member, body, ip), 'time-out');
      return members.breaksOf(member.id);
    },

    async startSelfExclusion(
      member: SignedInMember,
      body: { period: unknown; confirm?: boolean | undefined },
      ip: string,
    ) {
      await afterStart(await members.startSelfExclusion(member, body, ip), 'self-exclusion');
      return members.breaksOf(member.id);
    },

    async closeAccount(
      member: SignedInMember,
      body: { confirm?: boolean | undefined; reason?: string | undefined },
      ip: string,
    ) {
      await afterStart(await members.closeAccount(member, body, ip), 'account closed');
      return members.breaksOf(member.id);
    },

    requestLift: (member: SignedInMember, exclusionId: number, ip: string) =>
      members.requestLift(member, exclusionId, ip),

    adminBreaks: (memberId: number) => members.adminBreaks(memberId),

    async excludeByOperator(
      actor: Actor,
      memberId: number,
      body: { kind: string; period: unknown; reason: string },
    ) {
      const started = await members.excludeByOperator(actor, memberId, body);
      await afterStart(started, `${body.kind} exclusion`);
      return members.adminBreaks(memberId);
    },

    liftByOperator: (actor: Actor, memberId: number, exclusionId: number, body: { reason: string }) =>
      members.liftByOperator(actor, memberId, exclusionId, body),

    /** The job: breaks whose effects did not finish are carried out again (each effect is idempotent). */
    async runPendingEffects() {
      for (const row of await members.exclusionsAwaitingEffects()) {
        const spreads = row.kind === 'self' || row.kind === 'family' || row.kind === 'operator';
        const linked = spreads ? await members.linkedAccounts(row.member_id) : [];
        await carryOut(
          {
            exclusionId: Number(row.id),
            members: [{ id: row.member_id, merchantId: row.merchant_id }, ...linked],
          },
          row.kind === 'closure' ? 'account closed' : `${row.kind} exclusion`,
        );
      }
    },
  };
}

export type ExclusionsService = ReturnType<typeof exclusionsService>;
