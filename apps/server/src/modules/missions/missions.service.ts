import type { ErrorCode } from '@tala/contracts/errors';
import type { LanguageCode } from '@tala/contracts/language-codes';
import { TRIAL_TYPE } from '@tala/contracts/members';
import type {
  AdminMission,
  Leaderboard,
  Mission,
  MissionBody,
  MissionClaim,
  MissionPeriod,
  MissionSummary,
} from '@tala/contracts/missions';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { maskName } from '../games/game-records.ts';
import type { GamesPlayService } from '../games/games-play.service.ts';
import type { MembersService, SignedInMember } from '../members/members.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { Actor } from '../operators/operators.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import {
  type MemberFacts,
  type MissionPeriodBounds,
  periodAt,
  previousPeriod,
  progressOf,
  statusOf,
} from './mission-rules.ts';
import { type MissionRow, missionsRepository } from './missions.repository.ts';

/** The most deposits of one period that a deposit task reads (far above any real member's). */
const DEPOSITS_READ = 1000;

/**
 * Missions and the mission leaderboard (issue 13 item 3; docs/decisions/036-missions.md): daily and weekly missions
 * whose tasks are counted from the member's real sign-ins (members), credited deposits (payments) and rounds
 * (gamesPlay and the games-played view); a completed mission's reward is claimed once per period, paid as cash
 * through the ledger from the merchant's promotion expense, with points for the leaderboard.
 */
export function missionsService(deps: {
  db: Database;
  audit: AuditService;
  members: MembersService;
  wallet: WalletService;
  payments: PaymentsService;
  gamesPlay: GamesPlayService;
  /** The read replica (decision 062): the promotions cost report's line of this module reads it. */
  reports?: Database;
}) {
  const { db, audit, members, wallet, payments, gamesPlay } = deps;
  const repo = missionsRepository(db);
  const timeZoneOf = (merchant: Merchant) => merchant.settings.whitelabel.timeZone;

  function textOf(row: MissionRow, language: string | undefined) {
    return row.texts[(language ?? 'EN') as LanguageCode] ?? row.texts.EN ?? { name: '', description: '' };
  }

  /** What the member did in [from, to), read from the modules that record it. */
  async function factsOf(merchant: Merchant, memberId: number, from: Date, to: Date): Promise<MemberFacts> {
    const [days, deposits, bets, games] = await Promise.all([
      members.signInDays(memberId, from, to, timeZoneOf(merchant)),
      payments.recentDeposits(memberId, DEPOSITS_READ),
      gamesPlay.validBetsSince(merchant, memberId, from),
      repo.gamesPlayed(merchant.id, memberId, from, to),
    ]);
    const inPeriod = deposits.filter((d) => d.creditedAt >= from && d.creditedAt < to);
    return {
      signInDays: days.length,
      deposits: { count: inPeriod.length, amount: inPeriod.reduce((sum, d) => sum + d.amount, 0) },
      betsByProduct: bets as Map<string, number>,
      gamesPlayed: games,
    };
  }

  /** The part of the current period the mission runs in: its progress counts only from its start. */
  function windowOf(row: MissionRow, period: MissionPeriodBounds) {
    return {
      from: row.starts_at > period.start ? row.starts_at : period.start,
      to: row.ends_at < period.end ? row.ends_at : period.end,
    };
  }

  /** The running missions with the member's progress in their current periods. */
  async function missionsOf(
    merchant: Merchant,
    member: SignedInMember,
    language: string | undefined,
    now = new Date(),
  ): Promise<Mission[]> {
    const rows = await repo.running(merchant.id, now);
    if (rows.length === 0) return [];
    const periods: Record<MissionPeriod, MissionPeriodBounds> = {
      day: periodAt('day', now, timeZoneOf(merchant)),
      week: periodAt('week', now, timeZoneOf(merchant)),
    };
    const claimed = new Set(
      (await repo.claimsOf(member.id, [periods.day.key, periods.week.key])).map(
        (c) => `${c.mission_id}|${c.period_key}`,
      ),
    );
    // Facts per distinct window: most missions share the day's or the week's.
    const facts = new Map<string, Promise<MemberFacts>>();
    const factsFor = (from: Date, to: Date) => {
      const key = `${from.getTime()}|${to.getTime()}`;
      let found = facts.get(key);
      if (!found) {
        found = factsOf(merchant, member.id, from, to);
        facts.set(key, found);
      }
      return found;
    };
    return Promise.all(
      rows.map(async (row) => {
        const period = periods[row.period];
        const window = windowOf(row, period);
        const progress = progressOf(row.tasks, await factsFor(window.from, window.to));
        const text = textOf(row, language);
        return {
          id: row.id,
          name: text.name,
          description: text.description,
          period: row.period,
          periodKey: period.key,
          periodEndsAt: window.to.toISOString(),
          endsAt: row.ends_at.toISOString(),
          reward: Number(row.reward),
          points: row.points,
          tasks: progress,
          status: statusOf(progress, claimed.has(`${row.id}|${period.key}`)),
        };
      }),
    );
  }

  async function missionOf(merchant: Merchant, id: number, field = 'id') {
    const row = await repo.mission(id);
    if (!row || row.merchant_id !== merchant.id) throw new AppError('mission_not_found', field);
    return row;
  }

  function toAdmin(
    merchant: Merchant,
    row: MissionRow,
    stats: { claims: number; members: number; paid: number; current: number } | undefined,
  ): AdminMission {
    return {
      id: row.id,
      merchantCode: merchant.code,
      period: row.period,
      enabled: row.enabled,
      startsAt: row.starts_at.toISOString(),
      endsAt: row.ends_at.toISOString(),
      reward: Number(row.reward),
      points: row.points,
      tasks: row.tasks,
      texts: row.texts,
      claims: stats?.claims ?? 0,
      members: stats?.members ?? 0,
      paid: stats?.paid ?? 0,
      claimsThisPeriod: stats?.current ?? 0,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    };
  }

  function currentKeys(merchant: Merchant) {
    const now = new Date();
    return [periodAt('day', now, timeZoneOf(merchant)).key, periodAt('week', now, timeZoneOf(merchant)).key];
  }

  function isUniqueViolation(error: unknown) {
    return (error as { code?: unknown } | null)?.code === '23505';
  }

  function refuseTrial(member: SignedInMember) {
    if (member.type === TRIAL_TYPE) throw new AppError('in_need_true_account');
  }

  return {
    /** MCSFE_getMissionSummaryDetails: the running missions, their progress, the badge and the points. */
    /** The promotions cost report's mission line: cash rewards claimed per day (merchant calendar). */
    costByDay(merchantId: number, from: Date, to: Date, timeZone: string) {
      return (deps.reports ? missionsRepository(deps.reports) : repo).rewardsByDay(
        merchantId,
        from,
        to,
        timeZone,
      );
    },

    async summary(
      merchant: Merchant,
      member: SignedInMember,
      query: { period?: MissionPeriod | undefined },
      language: string | undefined,
    ): Promise<MissionSummary> {
      refuseTrial(member);
      const now = new Date();
      const all = await missionsOf(merchant, member, language, now);
      const day = periodAt('day', now, timeZoneOf(merchant));
      const week = periodAt('week', now, timeZoneOf(merchant));
      const [pointsToday, pointsThisWeek] = await Promise.all([
        repo.pointsBetween(member.id, day.start, day.end),
        repo.pointsBetween(member.id, week.start, week.end),
      ]);
      return {
        missions: query.period ? all.filter((m) => m.period === query.period) : all,
        claimable: all.filter((m) => m.status === 'claimable').length,
        pointsToday,
        pointsThisWeek,
      };
    },

    /** The mission badge of /wps/member/counts: completed missions whose reward is not claimed (0 for trials). */
    async claimableCount(merchant: Merchant, member: SignedInMember) {
      if (member.type === TRIAL_TYPE) return 0;
      return (await missionsOf(merchant, member, undefined)).filter((m) => m.status === 'claimable').length;
    },

    /** The next instant after `now` that a switched-on mission starts or ends: its badge changes then by time alone. */
    async nextChangeAt(merchant: Merchant, now: Date): Promise<Date | null> {
      let next: Date | null = null;
      for (const row of await repo.missions(merchant.id)) {
        if (!row.enabled) continue;
        for (const at of [row.starts_at, row.ends_at]) if (at > now && (!next || at < next)) next = at;
      }
      return next;
    },

    /** MCS2_claimMissionReward: pays a completed mission's reward once per period; nothing moves on a refusal. */
    async claim(
      merchant: Merchant,
      member: SignedInMember,
      missionId: number,
      language: string | undefined,
    ): Promise<MissionClaim> {
      refuseTrial(member);
      const row = await missionOf(merchant, missionId, 'missionId');
      const now = new Date();
      if (!row.enabled) throw new AppError('mission_not_found', 'missionId');
      if (now < row.starts_at) throw new AppError('mission_not_started', 'missionId');
      if (now >= row.ends_at) throw new AppError('mission_ended', 'missionId');
      const mine = (await missionsOf(merchant, member, language, now)).find((m) => m.id === row.id);
      if (!mine) throw new AppError('mission_ended', 'missionId');
      if (mine.status === 'claimed') throw new AppError('mission_already_claimed', 'missionId');
      if (mine.status !== 'claimable') throw new AppError('mission_incomplete', 'missionId');
      const reward = Number(row.reward);
      // Accounts first: on the embedded database a query outside the transaction would wait for it.
      const accounts =
        reward > 0
          ? {
              expense: await wallet.houseAccount(merchant.id, 'house_promotion_expense'),
              main: await wallet.memberAccount(merchant.id, member.id),
            }
          : null;
      const name = textOf(row, 'EN').name;
      try {
        const claimed = await db.transaction().execute(async (trx) => {
          const posted = accounts
            ? await wallet.transfer(trx, {
                merchantId: merchant.id,
                idempotencyKey: `mission:${row.id}:${member.id}:${mine.periodKey}`,
                type: 'promotion',
                from: accounts.expense,
                to: accounts.main,
                amount: reward,
                memo: `Mission: ${name}`.slice(0, 500),
                actor: { type: 'member', id: member.id },
              })
            : null;
          return repo.insertClaim(trx, {
            merchant_id: merchant.id,
            mission_id: row.id,
            member_id: member.id,
            period_key: mine.periodKey,
            reward,
            points: row.points,
            ledger_entry_id: posted?.entryId ?? null,
          });
        });
        return {
          missionId: row.id,
          periodKey: claimed.period_key,
          reward: Number(claimed.reward),
          points: claimed.points,
          claimedAt: claimed.claimed_at.toISOString(),
        };
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('mission_already_claimed', 'missionId');
        throw error;
      }
    },

    /** MCSFE_getMissionLeaderboard: members ranked by points of the current or previous day or week. */
    async leaderboard(
      merchant: Merchant,
      member: SignedInMember,
      query: { period: MissionPeriod; which: 'current' | 'previous'; limit: number },
    ): Promise<Leaderboard> {
      refuseTrial(member);
      const now = new Date();
      const bounds =
        query.which === 'current'
          ? periodAt(query.period, now, timeZoneOf(merchant))
          : previousPeriod(query.period, now, timeZoneOf(merchant));
      const ranked = (await repo.board(merchant.id, bounds.start, bounds.end)).map((r, i) => ({
        memberId: r.memberId,
        row: {
          rank: i + 1,
          username: maskName(r.username),
          points: r.points,
          reward: r.reward,
          missions: r.missions,
        },
      }));
      return {
        period: query.period,
        periodKey: bounds.key,
        startsAt: bounds.start.toISOString(),
        endsAt: bounds.end.toISOString(),
        list: ranked.slice(0, query.limit).map((r) => r.row),
        mine: ranked.find((r) => r.memberId === member.id)?.row ?? null,
      };
    },

    // ------------------------------------------------------------------ back office
    async adminList(merchant: Merchant): Promise<AdminMission[]> {
      const rows = await repo.missions(merchant.id);
      const stats = await repo.stats(
        rows.map((r) => r.id),
        currentKeys(merchant),
      );
      return rows.map((r) => toAdmin(merchant, r, stats.get(r.id)));
    },

    async create(actor: Actor, merchant: Merchant, body: MissionBody) {
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await repo.insert(trx, merchant.id, body);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: 'missions.create',
          target: `mission:${inserted.id}`,
          after: body,
          ip: actor.ip,
        });
        return inserted;
      });
      return toAdmin(merchant, row, undefined);
    },

    async update(actor: Actor, merchant: Merchant, id: number, body: MissionBody) {
      const before = await missionOf(merchant, id);
      // A claimed period's key depends on the period: changing it would let a member claim twice.
      if (before.period !== body.period)
        throw new AppError('validation_failed' satisfies ErrorCode, 'period');
      const row = await db.transaction().execute(async (trx) => {
        const updated = await repo.update(trx, id, body);
        if (!updated) throw new AppError('mission_not_found', 'id');
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: 'missions.update',
          target: `mission:${id}`,
          before: {
            period: before.period,
            enabled: before.enabled,
            reward: Number(before.reward),
            points: before.points,
            tasks: before.tasks,
          },
          after: body,
          ip: actor.ip,
        });
        return updated;
      });
      const stats = await repo.stats([id], currentKeys(merchant));
      return toAdmin(merchant, row, stats.get(id));
    },
  };
}

export type MissionsService = ReturnType<typeof missionsService>;
