// Safer-gambling signals (issue 18 item 5): the rules the nightly job runs per merchant, the back office's list of
// flagged members with why, and the interactions operators record.
import {
  INTERACTION_NOTE_MAX,
  type Interaction,
  interactionChannels,
  interactionOutcomes,
  type SignalFlag,
  type SignalRule,
} from '@tala/contracts/safer-gambling';
import { AppError } from '../../http/app-error.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { FlagRow, InteractionRow } from './safer-gambling.repository.ts';
import type { SaferGamblingCore } from './safer-gambling-core.ts';

function flagView(row: FlagRow): SignalFlag {
  return {
    id: Number(row.id),
    rule: row.rule,
    detail: (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail) as Record<string, number>,
    firstSeenAt: row.first_seen_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    clearedAt: row.cleared_at?.toISOString() ?? null,
  };
}

function interactionView(row: InteractionRow): Interaction {
  return {
    id: Number(row.id),
    channel: row.channel as Interaction['channel'],
    note: row.note,
    outcome: row.outcome as Interaction['outcome'],
    operatorName: row.operator_name,
    createdAt: row.created_at.toISOString(),
  };
}

export function signalUseCases(core: SaferGamblingCore) {
  const { db, repository, audit, members, now, settingsOf } = core;

  async function memberOf(merchant: Merchant, memberId: number) {
    const member = await members.repository.byId(memberId);
    if (!member || member.merchant_id !== merchant.id) throw new AppError('not_found', 'memberId');
    return member;
  }

  return {
    /** Runs every rule for one merchant at `at`: opens the flags found, refreshes those still holding, clears the rest. */
    async runSignals(merchant: Merchant, at: Date = now()) {
      const found = await repository.findSignals(
        db,
        merchant.id,
        merchant.settings.whitelabel.timeZone,
        settingsOf(merchant).signals,
        at,
      );
      return db.transaction().execute(async (trx) => {
        const result = await repository.storeSignals(trx, merchant.id, found, at);
        await repository.markRun(trx, merchant.id, at);
        return result;
      });
    },

    /** Every merchant's run (the scheduled job). */
    async runAllSignals(at: Date = now()) {
      for (const merchant of await core.merchants.list()) await this.runSignals(merchant, at);
    },

    /** A page of the merchant's members with open flags, newest first, each with its flags and last interaction. */
    async flagged(
      merchant: Merchant,
      query: { rule?: SignalRule | undefined; pageNo: number; pageSize: number },
    ) {
      const { rows, total } = await repository.flaggedPage(db, merchant.id, query.rule, {
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      const ids = rows.map((r) => r.member_id);
      const [flags, interactions, lastRunAt] = await Promise.all([
        repository.flagsOf(db, ids, true),
        repository.interactionsOf(db, ids, 500),
        repository.lastRunAt(db, merchant.id),
      ]);
      return {
        list: rows.map((r) => {
          const last = interactions.find((i) => i.member_id === r.member_id);
          return {
            memberId: r.member_id,
            username: r.username,
            flags: flags.filter((f) => f.member_id === r.member_id).map(flagView),
            lastInteractionAt: last?.created_at.toISOString() ?? null,
            lastOutcome: (last?.outcome ?? null) as Interaction['outcome'] | null,
          };
        }),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
        lastRunAt: lastRunAt?.toISOString() ?? null,
      };
    },

    /** One member's flags (open and cleared) and every interaction recorded, for the operator's panel. */
    async memberSignals(merchant: Merchant, memberId: number) {
      const member = await memberOf(merchant, memberId);
      const [flags, interactions] = await Promise.all([
        repository.flagsOf(db, [memberId], false),
        repository.interactionsOf(db, [memberId], 200),
      ]);
      return {
        memberId,
        username: member.username,
        flags: flags.map(flagView),
        interactions: interactions.map(interactionView),
      };
    },

    /**
     * Records an operator's interaction with a member: a channel, a note (1 to 2,000 characters) and an outcome,
     * each refused with its own code. Audited; never edited afterwards.
     */
    async recordInteraction(
      merchant: Merchant,
      operator: { id: number; name: string; ip: string },
      memberId: number,
      body: { channel: unknown; note: unknown; outcome: unknown },
    ): Promise<Interaction> {
      if (
        typeof body.channel !== 'string' ||
        !(interactionChannels as readonly string[]).includes(body.channel)
      )
        throw new AppError('interaction_channel_unknown', 'channel');
      if (
        typeof body.outcome !== 'string' ||
        !(interactionOutcomes as readonly string[]).includes(body.outcome)
      )
        throw new AppError('interaction_outcome_unknown', 'outcome');
      const note = typeof body.note === 'string' ? body.note.trim() : '';
      if (note === '') throw new AppError('interaction_note_required', 'note');
      if (note.length > INTERACTION_NOTE_MAX) throw new AppError('interaction_note_too_long', 'note');
      await memberOf(merchant, memberId);
      return db.transaction().execute(async (trx) => {
        const row = await repository.insertInteraction(trx, {
          merchantId: merchant.id,
          memberId,
          channel: body.channel as string,
          note,
          outcome: body.outcome as string,
          operatorId: operator.id,
          operatorName: operator.name,
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operator.id,
          actorName: operator.name,
          merchantId: merchant.id,
          action: 'safer_gambling.interaction',
          target: `member:${memberId}`,
          after: { channel: body.channel, outcome: body.outcome },
          ip: operator.ip,
        });
        return interactionView(row);
      });
    },
  };
}
