import crypto from 'node:crypto';
import { addDays, dayStart } from '@tala/contracts/calendar';
import { contentImagePath } from '@tala/contracts/content';
import type { ErrorCode } from '@tala/contracts/errors';
import type { LanguageCode } from '@tala/contracts/language-codes';
import { agentTypes } from '@tala/contracts/member-types';
import { TRIAL_TYPE } from '@tala/contracts/members';
import { formatMoney, moneyDisplay } from '@tala/contracts/money-format';
import {
  type ActivityStatus,
  type AdminApplication,
  type AdminPromotion,
  APPLICATION_REMARK_MAX,
  type Application,
  type Bonus,
  costSources,
  MANUAL_BONUS_FOUR_EYES_ABOVE,
  type ManualBonus,
  type Promotion,
  type PromotionBody,
  type PromotionKind,
} from '@tala/contracts/promotions';

type CostSource = (typeof costSources)[number];

import { checkAmount, type LedgerActor } from '@tala/contracts/wallet';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { ContentService } from '../content/content.service.ts';
import type { ReceivedImage } from '../content/uploads.ts';
import type { GamesPlayService } from '../games/games-play.service.ts';
import type { MembersService, SignedInMember } from '../members/members.service.ts';
import type { Merchant, MerchantsService } from '../merchants/merchants.service.ts';
import type { MissionsService } from '../missions/missions.service.ts';
import type { Actor } from '../operators/operators.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { PointsService } from '../points/points.service.ts';
import type { SupportService } from '../support/support.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import {
  birthdayBonus,
  birthdayWindow,
  bonusFor,
  claimPeriodAt,
  heldFor,
  prizeAt,
  turnoverFor,
  turnoverOf,
  weightOfAll,
} from './promotion-rules.ts';
import {
  type ApplicationRow,
  type BonusRow,
  type ManualRow,
  type PromotionRow,
  promotionsRepository,
} from './promotions.repository.ts';
import { type RebateUseCases, rebateUseCases } from './rebates.ts';
import { referralUseCases } from './referrals.ts';

type Deposit = { id: number; amount: number; creditedAt: Date };
type MemberFacts = {
  bonuses: BonusRow[];
  applications: ApplicationRow[];
  first: Deposit | null;
  recent: Deposit[];
  used: Set<number>;
};
type Standing = {
  /** Rank upgrade: the levels this member has claimed. */
  claimedLevels?: Set<number>;
  status: ActivityStatus;
  reason: string | null;
  claimable: number | null;
  deposit: Deposit | null;
  rejectReason?: string | null;
  /** Birthday bonus: the member's window (none until a birthday is on file). */
  window?: ReturnType<typeof birthdayWindow> | undefined;
};

/** Unique indexes of migration 047 and the refusal each stands for. */
const uniqueRefusals: Record<string, ErrorCode> = {
  bonus_once_per_period: 'promotion_already_claimed',
  bonus_once_per_deposit: 'promotion_already_claimed',
  bonus_one_active: 'bonus_already_active',
};
/** The platform message a member gets when an application is decided, in the merchant's default language. */
const decisionMessages: Partial<
  Record<LanguageCode, Record<'issued' | 'rejected', (promotion: string, detail: string) => [string, string]>>
> = {
  EN: {
    issued: (promotion, amount) => [
      'Your application was approved',
      `${promotion}: a bonus of ${amount} is in your balance. See its turnover in Bonus details.`,
    ],
    rejected: (promotion, reason) => ['Your application was not approved', `${promotion}: ${reason}`],
  },
  TY: {
    issued: (promotion, amount) => [
      'Naaprubahan ang iyong aplikasyon',
      `${promotion}: nasa iyong balanse ang bonus na ${amount}. Tingnan ang turnover nito sa Detalye ng bonus.`,
    ],
    rejected: (promotion, reason) => ['Hindi naaprubahan ang iyong aplikasyon', `${promotion}: ${reason}`],
  },
  CN: {
    issued: (promotion, amount) => [
      '您的申请已通过',
      `${promotion}：${amount} 的红利已存入您的余额。流水要求请在“红利明细”中查看。`,
    ],
    rejected: (promotion, reason) => ['您的申请未通过', `${promotion}：${reason}`],
  },
  ID: {
    issued: (promotion, amount) => [
      'Pengajuan Anda disetujui',
      `${promotion}: bonus sebesar ${amount} sudah masuk ke saldo Anda. Lihat turnover-nya di Rincian bonus.`,
    ],
    rejected: (promotion, reason) => ['Pengajuan Anda tidak disetujui', `${promotion}: ${reason}`],
  },
  TH: {
    issued: (promotion, amount) => [
      'ใบสมัครของคุณได้รับการอนุมัติแล้ว',
      `${promotion}: โบนัส ${amount} เข้ายอดเงินของคุณแล้ว ดูเทิร์นโอเวอร์ได้ที่ รายละเอียดโบนัส`,
    ],
    rejected: (promotion, reason) => ['ใบสมัครของคุณไม่ได้รับการอนุมัติ', `${promotion}: ${reason}`],
  },
  VI: {
    issued: (promotion, amount) => [
      'Đơn đăng ký của bạn đã được duyệt',
      `${promotion}: tiền thưởng ${amount} đã được cộng vào số dư của bạn. Xem doanh thu cược yêu cầu trong Chi tiết thưởng.`,
    ],
    rejected: (promotion, reason) => ['Đơn đăng ký của bạn không được duyệt', `${promotion}: ${reason}`],
  },
};

const markFields = { device: 'deviceId', ip: 'ip', bankAccount: 'bankAccount' } as const;

/**
 * Promotions and bonus money (issue 13 items 1 and 2; docs/decisions/034-promotions.md): deposit bonuses claimed by
 * the member, paid through the ledger from the merchant's promotion expense, and held back from cash-out (through
 * payments' cash-out guard) until their turnover, counted from the member's real valid bets, is met.
 */
export function promotionsService(deps: {
  db: Database;
  audit: AuditService;
  merchants: MerchantsService;
  members: MembersService;
  wallet: WalletService;
  payments: PaymentsService;
  gamesPlay: GamesPlayService;
  support: SupportService;
  /** The read replica (decision 062): the cost report reads it. */
  reports?: Database;
  /** The other costs of the promotion expense account the cost report adds up, day by day. */
  otherCosts?: {
    missions: Pick<MissionsService, 'costByDay'>;
    points: Pick<PointsService, 'costByDay'>;
  };
  /** The image library a promotion's pictures come from. */
  content: Pick<ContentService, 'ownImages'>;
  /** Tests stop a rebate run in the middle (a crash) after this many payouts. */
  crashAfterRebatePayouts?: () => number | undefined;
  /** Tests hold a referral decision open here, to run two at once. */
  beforeReferralDecision?: () => Promise<void>;
}) {
  const { db, audit, merchants, members, wallet, payments, gamesPlay, support } = deps;
  const repo = promotionsRepository(db);
  // The cost report's reads, on the replica when there is one; claims, payouts and every check read `repo`.
  const reportRepo = deps.reports ? promotionsRepository(deps.reports) : repo;
  const rebates = rebateUseCases({
    db,
    wallet,
    gamesPlay,
    members,
    merchants,
    promotions: (merchantId) => repo.promotions(merchantId),
    ...(deps.reports ? { reports: deps.reports } : {}),
    ...(deps.crashAfterRebatePayouts ? { crashAfterPayouts: deps.crashAfterRebatePayouts } : {}),
  });
  type RebateStanding = Awaited<ReturnType<RebateUseCases['standing']>>;

  function textOf(row: PromotionRow, language: string | undefined) {
    return (
      row.texts[(language ?? 'EN') as LanguageCode] ?? row.texts.EN ?? { title: '', summary: '', rules: '' }
    );
  }

  function toPromotion(
    row: PromotionRow,
    standing: Omit<Standing, 'deposit'>,
    language: string | undefined,
    rebate?: RebateStanding,
  ): Promotion {
    const text = textOf(row, language);
    const mine = rebate?.get(row.id);
    const image = text.image ?? row.texts.EN?.image;
    return {
      id: row.id,
      kind: row.kind,
      title: text.title,
      summary: text.summary,
      rules: text.rules,
      imageUrl: image ? contentImagePath(image) : null,
      startsAt: row.starts_at.toISOString(),
      endsAt: row.ends_at.toISOString(),
      status: standing.status,
      reason: standing.reason,
      claimable: standing.claimable,
      rejectReason: standing.rejectReason ?? null,
      percent: row.rules.percent,
      maxBonus: row.rules.maxBonus,
      minDeposit: row.rules.minDeposit,
      turnoverMultiple: row.rules.turnoverMultiple,
      turnoverBasis: row.rules.turnoverBasis,
      claimPer: row.kind === 'firstDeposit' || row.kind === 'rankUpgrade' ? 'once' : row.rules.claimPer,
      rebate:
        row.kind === 'rebate'
          ? {
              basis: row.rules.rebateBasis ?? 'validBets',
              rates: row.rules.rebateRates ?? {},
              defaultRate: row.rules.percent,
              minPayout: row.rules.minPayout ?? 0,
              soFar: mine?.soFar ?? null,
              lastPaid: mine?.lastPaid ?? null,
            }
          : null,
      levels:
        row.kind === 'rankUpgrade' || row.kind === 'birthday'
          ? [...row.rules.levelBonuses]
              .sort((a, b) => a.level - b.level)
              .map((l) => ({ ...l, claimed: standing.claimedLevels?.has(l.level) ?? false }))
          : null,
      birthday:
        row.kind === 'birthday'
          ? {
              days: row.rules.birthdayDays,
              opensAt: standing.window?.opensAt.toISOString() ?? null,
              closesAt: standing.window?.closesAt.toISOString() ?? null,
            }
          : null,
      prizes:
        row.kind === 'raffle'
          ? row.rules.prizes.map((p) => ({
              amount: p.amount,
              chance: Math.round(
                (p.weight * 10_000) / row.rules.prizes.reduce((sum, q) => sum + q.weight, 0),
              ),
            }))
          : null,
      referral: row.kind === 'referral' ? row.rules.referral : null,
    };
  }

  function periodOf(row: PromotionRow, merchant: Merchant, now: Date, member?: SignedInMember | null) {
    if (row.kind === 'birthday') {
      // Once a year, in the member's own window; a visitor or a member without a birthday has none.
      const window = member?.birthday
        ? birthdayWindow(member.birthday, row.rules.birthdayDays, now, merchant.settings.whitelabel.timeZone)
        : null;
      return { key: window?.key ?? 'B-none', start: window?.opensAt ?? null, window };
    }
    return claimPeriodAt(
      row.kind === 'firstDeposit' || row.kind === 'rankUpgrade' ? 'once' : row.rules.claimPer,
      now,
      merchant.settings.whitelabel.timeZone,
    );
  }

  /** Rank and agent line; null when the member may take part. */
  async function ineligibility(row: PromotionRow, member: Pick<SignedInMember, 'id' | 'vip_level'>) {
    if (member.vip_level < row.rules.minVipLevel) return 'promotion_not_eligible';
    if (row.rules.agentUsername) {
      const agent = await members.byAccount(row.merchant_id, row.rules.agentUsername);
      const depth = agent ? await members.downlineDepth(agent.id, member.id) : null;
      if (depth === null || depth < 1) return 'promotion_not_eligible';
    }
    return null;
  }

  /** What a member's standing in every promotion is computed from: a few queries, whatever the promotions. */
  async function factsOf(member: SignedInMember): Promise<MemberFacts> {
    const [bonuses, applications, first, recent] = await Promise.all([
      repo.memberBonuses(member.id),
      repo.memberApplications(member.id),
      payments.firstDeposit(member.id),
      payments.recentDeposits(member.id),
    ]);
    const used = await repo.usedDeposits([...(first ? [first.id] : []), ...recent.map((d) => d.id)]);
    return { bonuses, applications, first, recent, used };
  }

  /** The deposit a claim now would be paid on: null when there is none (final: there never will be). */
  function qualifyingDeposit(row: PromotionRow, facts: MemberFacts, merchant: Merchant, now: Date) {
    const { first, used } = facts;
    const inWindow = (d: Deposit) => d.creditedAt >= row.starts_at && d.creditedAt < row.ends_at;
    if (row.kind === 'firstDeposit') {
      if (!first) return { deposit: null, final: false };
      if (!inWindow(first) || first.amount < row.rules.minDeposit || used.has(first.id))
        return { deposit: null, final: true };
      return { deposit: first, final: false };
    }
    const period = periodOf(row, merchant, now);
    const since = period.start && period.start > row.starts_at ? period.start : row.starts_at;
    const open = facts.recent.find(
      (d) =>
        d.id !== first?.id &&
        d.creditedAt >= since &&
        inWindow(d) &&
        d.amount >= row.rules.minDeposit &&
        !used.has(d.id),
    );
    return { deposit: open ?? null, final: false };
  }

  /** Where this member stands with a promotion now (spec §4's activity statuses). */
  async function standingOf(
    row: PromotionRow,
    merchant: Merchant,
    member: SignedInMember | null,
    facts: MemberFacts | null,
    now: Date,
  ): Promise<Standing> {
    const none = { claimable: null, deposit: null };
    if (now < row.starts_at) return { status: 'coming', reason: null, ...none };
    const mine = facts ? facts.bonuses.filter((b) => b.promotion_id === row.id) : [];
    const period = periodOf(row, merchant, now, member);
    const window = 'window' in period ? (period.window ?? undefined) : undefined;
    const thisPeriod = mine.find((b) => b.period_key === period.key);
    if (thisPeriod) {
      const done = row.kind === 'applied' ? 'issued' : 'claimed';
      return { status: thisPeriod.status === 'active' ? 'process' : done, reason: null, ...none, window };
    }
    if (!row.enabled || now >= row.ends_at) return { status: 'closed', reason: 'promotion_ended', ...none };
    if (row.budget !== null && row.budget - row.spent < 1)
      return { status: 'closed', reason: 'promotion_budget_spent', ...none };
    if (!member || !facts) return { status: 'join', reason: null, ...none };
    const refusal = await ineligibility(row, member);
    if (refusal) return { status: 'closed', reason: refusal, ...none };
    // A rebate needs nothing of the member: every valid bet of the period takes part, paid when it closes.
    if (row.kind === 'rebate') return { status: 'process', reason: null, ...none };
    // A referral pays by itself when a friend qualifies: the member joins by sharing their link.
    if (row.kind === 'referral') return { status: 'join', reason: null, ...none };
    if (row.kind === 'rankUpgrade') {
      const claimedLevels = new Set(
        mine.filter((b) => b.period_key.startsWith('L')).map((b) => Number(b.period_key.slice(1))),
      );
      const next = nextLevel(row, member.vip_level, claimedLevels);
      if (next) {
        const capped = row.budget === null ? next.amount : Math.min(next.amount, row.budget - row.spent);
        return { status: 'claim', reason: null, claimable: capped, deposit: null, claimedLevels };
      }
      return claimedLevels.size > 0
        ? { status: 'claimed', reason: null, ...none, claimedLevels }
        : { status: 'join', reason: 'promotion_rank_not_reached', ...none, claimedLevels };
    }
    if (row.kind === 'birthday') {
      // The birthday must be on file before its window opens: one given today cannot earn today's bonus.
      if (!member.birthday_set_at || !window || member.birthday_set_at >= window.opensAt)
        return { status: 'join', reason: 'promotion_birthday_missing', ...none, window };
      if (!window.open) return { status: 'join', reason: 'promotion_not_birthday', ...none, window };
      const amount = birthdayBonus(row.rules, member.vip_level);
      const capped = row.budget === null ? amount : Math.min(amount, row.budget - row.spent);
      return { status: 'claim', reason: null, claimable: capped, deposit: null, window };
    }
    if (row.kind === 'raffle') {
      // A draw once a period for a member whose approved deposits of the period reach the minimum.
      const since = period.start && period.start > row.starts_at ? period.start : row.starts_at;
      const deposited = facts.recent
        .filter((d) => d.creditedAt >= since && d.creditedAt < row.ends_at)
        .reduce((sum, d) => sum + d.amount, 0);
      if (deposited < row.rules.minDeposit || deposited === 0)
        return { status: 'join', reason: 'promotion_no_qualifying_deposit', ...none };
      return { status: 'claim', reason: null, ...none };
    }
    if (row.kind === 'applied') {
      // The latest application of this period: waiting, or rejected (the member may apply again).
      const applied = facts.applications.find(
        (a) => a.promotion_id === row.id && a.period_key === period.key,
      );
      if (applied?.status === 'applying') return { status: 'applying', reason: null, ...none };
      if (applied?.status === 'rejected')
        return { status: 'rejected', reason: null, rejectReason: applied.reject_reason, ...none };
      return { status: 'join', reason: null, ...none };
    }
    const found = qualifyingDeposit(row, facts, merchant, now);
    if (!found.deposit) {
      return {
        status: found.final ? 'closed' : 'join',
        reason: 'promotion_no_qualifying_deposit',
        ...none,
      };
    }
    const amount = bonusFor(row.rules, found.deposit.amount);
    const capped = row.budget === null ? amount : Math.min(amount, row.budget - row.spent);
    return { status: 'claim', reason: null, claimable: capped, deposit: found.deposit };
  }

  /** Rank upgrade: the lowest level the member has reached and not claimed yet. */
  function nextLevel(row: PromotionRow, vipLevel: number, claimed: Set<number>) {
    return [...row.rules.levelBonuses]
      .sort((a, b) => a.level - b.level)
      .find((l) => l.level <= vipLevel && !claimed.has(l.level));
  }

  /** Raffle: one prize, each with the chance of its weight, from the operating system's random source. */
  function drawPrize(row: PromotionRow) {
    return prizeAt(row.rules.prizes, crypto.randomInt(weightOfAll(row.rules.prizes)));
  }

  /**
   * No bonus reaches a member under a time-out, an exclusion or a closure (docs/decisions/047-time-out-and-self-
   * exclusion.md, "Automatic payouts"): an operator's grant or approval is refused (the member's own claims never get
   * here: the member guard refuses them first).
   */
  async function refuseUnderBreak(memberId: number, field: string | undefined, executor: Database = db) {
    if ((await members.activeExclusions(memberId, executor)).length > 0)
      throw new AppError('bonus_member_on_break', field);
  }

  /**
   * Pays a bonus in the caller's transaction: the member's bonus lock, the budget, the ledger entry from the
   * promotion expense, and the bonus with its hold and turnover (closed at once when it asks for none).
   */
  async function payBonus(
    trx: Database,
    p: {
      merchant: Merchant;
      /** The promotion that pays it (its budget spent), or a manual bonus's own title. */
      row: PromotionRow | { title: string };
      memberId: number;
      periodKey: string;
      amount: number;
      deposit: Deposit | null;
      required: number;
      accounts: { expense: number; main: number };
      idempotencyKey: string;
      actor: LedgerActor;
      now: Date;
    },
  ) {
    await repo.lockMember(trx, p.memberId);
    await refuseUnderBreak(p.memberId, undefined, trx);
    const promotion = 'id' in p.row ? p.row : null;
    if (promotion && !(await repo.spend(trx, promotion.id, p.amount)))
      throw new AppError('promotion_budget_spent', 'promotionId');
    const title = promotion ? textOf(promotion, 'EN').title : (p.row as { title: string }).title;
    const posted = await wallet.transfer(trx, {
      merchantId: p.merchant.id,
      idempotencyKey: p.idempotencyKey,
      type: 'promotion',
      from: p.accounts.expense,
      to: p.accounts.main,
      amount: p.amount,
      memo: `Bonus: ${title}`.slice(0, 500),
      actor: p.actor,
    });
    const depositAmount = p.deposit?.amount ?? 0;
    const bonus = await repo.insertBonus(trx, {
      merchant_id: p.merchant.id,
      promotion_id: promotion?.id ?? null,
      title: promotion ? null : title,
      member_id: p.memberId,
      period_key: p.periodKey,
      deposit_id: p.deposit?.id ?? null,
      amount: p.amount,
      deposit_amount: depositAmount,
      locked: heldFor(p.amount, depositAmount, p.required),
      turnover_required: p.required,
      weights: JSON.stringify(promotion?.rules.weights ?? {}),
      status: p.required > 0 ? 'active' : 'completed',
      ledger_entry_id: posted.entryId,
      closed_at: p.required > 0 ? null : p.now,
    });
    // The member is told of every bonus paid; a decided application is told by its own message (tellMember).
    if (!p.idempotencyKey.startsWith('promotion-application:')) {
      await support.bonusPaidMessage(trx, {
        merchantId: p.merchant.id,
        memberId: p.memberId,
        bonusId: Number(bonus.id),
        title: promotion
          ? Object.fromEntries(
              Object.entries(promotion.texts).map(([language, t]) => [language, t?.title ?? '']),
            )
          : title,
        amount: moneyText(p.merchant, p.amount),
      });
    }
    return bonus;
  }

  async function promotionOf(merchant: Merchant, id: number, field = 'id') {
    const row = await repo.promotion(id);
    if (!row || row.merchant_id !== merchant.id) throw new AppError('promotion_not_found', field);
    return row;
  }

  /** Turnover counted so far towards an active bonus. */
  async function turnoverDone(merchant: Merchant, bonus: BonusRow) {
    return turnoverOf(
      bonus.weights,
      await gamesPlay.validBetsSince(merchant, bonus.member_id, bonus.created_at),
    );
  }

  /** Closes the member's active bonus once its turnover is met; returns the turnover counted. */
  async function refresh(merchant: Merchant, memberId: number) {
    const active = await repo.activeBonus(db, memberId);
    if (!active) return;
    const done = await turnoverDone(merchant, active);
    if (done >= active.turnover_required) {
      await repo.closeBonus(db, active.id, { status: 'completed', turnoverDone: done });
    }
  }

  function toBonus(row: BonusRow, title: string, liveTurnover: number | null): Bonus {
    const done = row.status === 'active' ? (liveTurnover ?? 0) : row.turnover_done;
    return {
      id: row.id,
      promotionId: row.promotion_id,
      title,
      amount: row.amount,
      depositAmount: row.deposit_amount,
      locked: row.status === 'active' ? row.locked : 0,
      turnoverRequired: row.turnover_required,
      turnoverDone: Math.min(done, row.turnover_required),
      status: row.status,
      createdAt: row.created_at.toISOString(),
      closedAt: row.closed_at?.toISOString() ?? null,
      forfeitedAmount: row.forfeited_amount,
    };
  }

  async function bonusesOut(merchant: Merchant, rows: BonusRow[], language: string | undefined) {
    const titles = new Map<number, string>();
    for (const p of await repo.promotions(merchant.id)) titles.set(p.id, textOf(p, language).title);
    return Promise.all(
      rows.map(async (r) =>
        toBonus(
          r,
          r.promotion_id === null ? (r.title ?? '') : (titles.get(r.promotion_id) ?? ''),
          r.status === 'active' ? await turnoverDone(merchant, r) : null,
        ),
      ),
    );
  }

  async function list(
    merchant: Merchant,
    member: SignedInMember | null,
    query: { kind?: PromotionKind | undefined },
    language: string | undefined,
    /** The rebate earned so far this period (counts only need the statuses). */
    options: { rebates: boolean } = { rebates: true },
  ) {
    const now = new Date();
    const rows = (await repo.promotions(merchant.id)).filter(
      (r) => r.enabled && (!query.kind || r.kind === query.kind),
    );
    const facts = member ? await factsOf(member) : null;
    const rebate =
      member && options.rebates ? await rebates.standing(merchant, member, rows, now) : undefined;
    return Promise.all(
      rows.map(async (r) =>
        toPromotion(r, await standingOf(r, merchant, member, facts, now), language, rebate),
      ),
    );
  }

  function isUniqueViolation(
    error: unknown,
  ): error is { constraint?: string; detail?: string; message?: string } {
    return (error as { code?: unknown } | null)?.code === '23505';
  }

  /** The constraint a unique violation broke (PostgreSQL names it; PGlite's message carries it too). */
  function constraintOf(error: { constraint?: string; message?: string }) {
    if (error.constraint) return error.constraint;
    const found = /"([a-z_]+)"/.exec(error.message ?? '');
    return found?.[1] ?? '';
  }

  return {
    // ------------------------------------------------------------------ cash-out guard (payments calls it)
    cashOutGuard: {
      refresh,
      async held(trx: Database, memberId: number) {
        await repo.lockMember(trx, memberId);
        return repo.held(trx, memberId);
      },
    },

    // ------------------------------------------------------------------ the site
    list,

    async detail(
      merchant: Merchant,
      member: SignedInMember | null,
      id: number,
      language: string | undefined,
    ) {
      const row = await promotionOf(merchant, id);
      if (!row.enabled) throw new AppError('promotion_not_found', 'id');
      const facts = member ? await factsOf(member) : null;
      const rebate = member ? await rebates.standing(merchant, member, [row]) : undefined;
      return toPromotion(row, await standingOf(row, merchant, member, facts, new Date()), language, rebate);
    },

    /** Promotions the member can claim now: the avatar's and the reward centre's count. */
    async claimableCount(merchant: Merchant, member: SignedInMember) {
      const listed = await list(merchant, member, {}, undefined, { rebates: false });
      return listed.filter((p) => p.status === 'claim').length;
    },

    /** The next instant after `now` that a switched-on promotion starts or ends: counts change then by time alone. */
    async nextChangeAt(merchant: Merchant, now: Date): Promise<Date | null> {
      let next: Date | null = null;
      for (const row of await repo.promotions(merchant.id)) {
        if (!row.enabled) continue;
        for (const at of [row.starts_at, row.ends_at]) if (at > now && (!next || at < next)) next = at;
      }
      return next;
    },

    async rewardCentre(merchant: Merchant, member: SignedInMember, language: string | undefined) {
      await refresh(merchant, member.id);
      const listed = await list(merchant, member, {}, language, { rebates: false });
      const active = await repo.activeBonus(db, member.id);
      return {
        claimable: listed.filter((p) => p.status === 'claim'),
        active: active ? await bonusesOut(merchant, [active], language) : [],
      };
    },

    async bonuses(
      merchant: Merchant,
      member: SignedInMember,
      query: { status?: Bonus['status'] | undefined; pageNo: number; pageSize: number },
      language: string | undefined,
    ) {
      await refresh(merchant, member.id);
      const { rows, total } = await repo.bonusPage(member.id, query.status, query.pageNo, query.pageSize);
      return {
        list: await bonusesOut(merchant, rows, language),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    /** Claims a deposit or rank upgrade bonus (`MCS2_claimPromotion`), or draws a raffle's prize (`raffle`). */
    async claim(
      merchant: Merchant,
      member: SignedInMember,
      body: { promotionId: number; deviceId: string },
      ip: string,
      language: string | undefined,
      options: { raffle: boolean } = { raffle: false },
    ) {
      const row = await promotionOf(merchant, body.promotionId, 'promotionId');
      const now = new Date();
      if (!row.enabled) throw new AppError('promotion_not_found', 'promotionId');
      if (row.kind === 'applied') throw new AppError('promotion_needs_application', 'promotionId');
      if (row.kind === 'rebate') throw new AppError('promotion_paid_automatically', 'promotionId');
      if (row.kind === 'referral') throw new AppError('promotion_is_referral', 'promotionId');
      if (options.raffle !== (row.kind === 'raffle'))
        throw new AppError(options.raffle ? 'promotion_not_raffle' : 'promotion_is_raffle', 'promotionId');
      if (now < row.starts_at) throw new AppError('promotion_not_started', 'promotionId');
      if (now >= row.ends_at) throw new AppError('promotion_ended', 'promotionId');
      await refresh(merchant, member.id);
      const standing = await standingOf(row, merchant, member, await factsOf(member), now);
      if (standing.status === 'process' || standing.status === 'claimed')
        throw new AppError('promotion_already_claimed', 'promotionId');
      if (standing.reason === 'promotion_budget_spent')
        throw new AppError('promotion_budget_spent', 'promotionId');
      if (standing.reason === 'promotion_not_eligible')
        throw new AppError('promotion_not_eligible', 'promotionId');
      if (standing.reason === 'promotion_rank_not_reached')
        throw new AppError('promotion_rank_not_reached', 'promotionId');
      const period = periodOf(row, merchant, now, member);
      let deposit: Deposit | null = null;
      let amount: number;
      let periodKey = period.key;
      if (row.kind === 'rankUpgrade') {
        const next = nextLevel(row, member.vip_level, standing.claimedLevels ?? new Set());
        if (!next) throw new AppError('promotion_already_claimed', 'promotionId');
        amount = next.amount;
        periodKey = `L${next.level}`;
      } else if (row.kind === 'birthday') {
        if (standing.status !== 'claim')
          throw new AppError(
            (standing.reason as ErrorCode | null) ?? 'promotion_not_birthday',
            'promotionId',
          );
        amount = birthdayBonus(row.rules, member.vip_level);
      } else if (row.kind === 'raffle') {
        if (standing.status !== 'claim') throw new AppError('promotion_no_qualifying_deposit', 'promotionId');
        amount = drawPrize(row);
      } else {
        if (!standing.deposit) throw new AppError('promotion_no_qualifying_deposit', 'promotionId');
        deposit = standing.deposit;
        amount = bonusFor(row.rules, deposit.amount);
      }
      const marks: { kind: 'device' | 'ip' | 'bankAccount'; value: string }[] = [];
      if (row.rules.oncePerDevice) marks.push({ kind: 'device', value: body.deviceId });
      if (row.rules.oncePerIp) marks.push({ kind: 'ip', value: ip });
      if (row.rules.oncePerBankAccount) {
        const accounts = await payments.bankAccountNumbers(member.id);
        if (accounts.length === 0) throw new AppError('promotion_needs_bank_card', 'promotionId');
        for (const account of accounts) marks.push({ kind: 'bankAccount', value: account });
      }
      const required = turnoverFor(row.rules, amount, deposit?.amount ?? 0);
      // Accounts first: on the embedded database a query outside the transaction would wait for it.
      const expense = await wallet.houseAccount(merchant.id, 'house_promotion_expense');
      const main = await wallet.memberAccount(merchant.id, member.id);
      try {
        const bonus = await db.transaction().execute(async (trx) => {
          const inserted = await payBonus(trx, {
            merchant,
            row,
            memberId: member.id,
            periodKey,
            amount,
            deposit,
            required,
            accounts: { expense, main },
            idempotencyKey: `promotion:${row.id}:${member.id}:${periodKey}`,
            actor: { type: 'member', id: member.id },
            now,
          });
          await repo.insertMarks(
            trx,
            marks.map((m) => ({ ...m, promotion_id: row.id, period_key: periodKey, bonus_id: inserted.id })),
          );
          return inserted;
        });
        return (await bonusesOut(merchant, [bonus], language))[0] as Bonus;
      } catch (error) {
        // Two draws of one raffle at once drew different prizes under the period's one ledger key: the later one
        // finds the key taken by a different amount.
        if (error instanceof AppError && error.code === 'idempotency_conflict')
          throw new AppError('promotion_already_claimed', 'promotionId');
        if (!isUniqueViolation(error)) throw error;
        const constraint = constraintOf(error);
        const refusal = uniqueRefusals[constraint];
        if (refusal) throw new AppError(refusal, 'promotionId');
        if (constraint === 'promotion_claim_marks_pkey') {
          const kind =
            marks.find((m) => (error.detail ?? error.message ?? '').includes(m.value))?.kind ?? 'device';
          throw new AppError('promotion_claimed_elsewhere', markFields[kind]);
        }
        throw error;
      }
    },

    /** Gives a bonus up: what is left of it (up to the bonus) goes back, and the rest of the balance is free. */
    async forfeit(merchant: Merchant, member: SignedInMember, bonusId: number, language: string | undefined) {
      const mine = await repo.bonus(bonusId);
      if (!mine || mine.member_id !== member.id) throw new AppError('bonus_not_found', 'bonusId');
      // A bonus whose turnover was met since it was last looked at is completed, not forfeited.
      await refresh(merchant, member.id);
      const found = (await repo.bonus(bonusId)) as BonusRow;
      if (found.status !== 'active') throw new AppError('bonus_not_active', 'bonusId');
      const done = await turnoverDone(merchant, found);
      const expense = await wallet.houseAccount(merchant.id, 'house_promotion_expense');
      const main = await wallet.memberAccount(merchant.id, member.id);
      await db.transaction().execute(async (trx) => {
        await repo.lockMember(trx, member.id);
        const still = await repo.activeBonus(trx, member.id);
        if (still?.id !== found.id) throw new AppError('bonus_not_active', 'bonusId');
        const take = Math.min(found.amount, await wallet.balance(main, trx));
        let entryId: number | null = null;
        if (take > 0) {
          const posted = await wallet.transfer(trx, {
            merchantId: merchant.id,
            idempotencyKey: `bonus-forfeit:${found.id}`,
            type: 'promotion',
            from: main,
            to: expense,
            amount: take,
            memo: `Bonus ${found.id} forfeited`,
            actor: { type: 'member', id: member.id },
          });
          entryId = posted.entryId;
        }
        await repo.closeBonus(trx, found.id, {
          status: 'forfeited',
          turnoverDone: Math.min(done, found.turnover_required),
          forfeitedAmount: take,
          forfeitEntryId: entryId,
        });
      });
      return (await bonusesOut(merchant, [(await repo.bonus(found.id)) as BonusRow], language))[0] as Bonus;
    },

    /**
     * A time-out, an exclusion or a closure began (docs/decisions/047-time-out-and-self-exclusion.md): the member's
     * pending bonuses are forfeited. Pending means bonus money still under wagering (the active bonus: what is left
     * of it, up to the bonus, goes back to the promotion expense in one balanced entry, key bonus-forfeit:<id>) and
     * promotions claimed but not paid yet (applications and manual bonuses waiting for review: rejected, with the
     * reason). Audited; safe to run again.
     */
    async forfeitPendingOf(merchant: Merchant, memberId: number, reason: string) {
      let forfeited = 0;
      let bonusId: number | null = null;
      // A bonus whose turnover was met is completed first: that money is the member's.
      await refresh(merchant, memberId);
      const found = await repo.activeBonus(db, memberId);
      const expense = await wallet.houseAccount(merchant.id, 'house_promotion_expense');
      const main = await wallet.memberAccount(merchant.id, memberId);
      const done = found ? await turnoverDone(merchant, found) : 0;
      await db.transaction().execute(async (trx) => {
        await repo.lockMember(trx, memberId);
        const still = await repo.activeBonus(trx, memberId);
        if (found && still?.id === found.id) {
          const take = Math.min(found.amount, await wallet.balance(main, trx));
          let entryId: number | null = null;
          if (take > 0) {
            const posted = await wallet.transfer(trx, {
              merchantId: merchant.id,
              idempotencyKey: `bonus-forfeit:${found.id}`,
              type: 'promotion',
              from: main,
              to: expense,
              amount: take,
              memo: `Bonus ${found.id} forfeited: ${reason}`,
              actor: { type: 'system' },
            });
            entryId = posted.entryId;
          }
          await repo.closeBonus(trx, found.id, {
            status: 'forfeited',
            turnoverDone: Math.min(done, found.turnover_required),
            forfeitedAmount: take,
            forfeitEntryId: entryId,
          });
          forfeited = take;
          bonusId = found.id;
        }
        const { applications, manual } = await repo.rejectPendingOf(trx, memberId, reason);
        if (bonusId !== null || applications.length > 0 || manual.length > 0) {
          await audit.record(trx, {
            actorType: 'system',
            merchantId: merchant.id,
            action: 'promotion.forfeit_pending',
            target: String(memberId),
            after: {
              reason,
              bonusId,
              forfeited,
              applications: applications.map((a) => a.id),
              manualBonuses: manual.map((m) => m.id),
            },
          });
        }
      });
      return { bonusId, forfeited };
    },

    // ------------------------------------------------------------------ applied promotions
    /** The member applies with a remark (§5: at most 140 characters) and up to 3 checked images. */
    async apply(
      merchant: Merchant,
      member: SignedInMember,
      fields: Record<string, string>,
      images: ReceivedImage[],
      language: string | undefined,
    ): Promise<Application> {
      const id = Number(fields.promotionId);
      if (!Number.isSafeInteger(id) || id < 1) throw new AppError('validation_failed', 'promotionId');
      const row = await promotionOf(merchant, id, 'promotionId');
      if (!row.enabled) throw new AppError('promotion_not_found', 'promotionId');
      if (row.kind !== 'applied') throw new AppError('promotion_not_applied', 'promotionId');
      const now = new Date();
      if (now < row.starts_at) throw new AppError('promotion_not_started', 'promotionId');
      if (now >= row.ends_at) throw new AppError('promotion_ended', 'promotionId');
      const remark = (fields.remark ?? '').trim();
      if (remark.length === 0) throw new AppError('remark_required', 'remark');
      if ([...remark].length > APPLICATION_REMARK_MAX)
        throw new AppError('remark_too_long', 'remark', { max: APPLICATION_REMARK_MAX });
      if (images.some((i) => i.contentType !== 'image/png' && i.contentType !== 'image/jpeg'))
        throw new AppError('image_type_not_allowed', 'images', { types: 'PNG, JPG' });
      const standing = await standingOf(row, merchant, member, await factsOf(member), now);
      if (standing.reason === 'promotion_not_eligible')
        throw new AppError('promotion_not_eligible', 'promotionId');
      if (standing.reason === 'promotion_budget_spent')
        throw new AppError('promotion_budget_spent', 'promotionId');
      if (standing.status === 'applying' || standing.status === 'process' || standing.status === 'issued')
        throw new AppError('promotion_already_applied', 'promotionId');
      const period = periodOf(row, merchant, now);
      try {
        const saved = await db.transaction().execute((trx) =>
          repo.insertApplication(
            trx,
            {
              merchant_id: merchant.id,
              promotion_id: row.id,
              member_id: member.id,
              period_key: period.key,
              remark,
            },
            images.map((i) => ({
              content_type: i.contentType as 'image/png' | 'image/jpeg',
              bytes: i.bytes,
            })),
          ),
        );
        return toApplication(saved, textOf(row, language).title, images.length);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('promotion_already_applied', 'promotionId');
        throw error;
      }
    },

    async applications(query: {
      merchantCode?: readonly string[] | undefined;
      status?: Application['status'] | undefined;
      id?: number | undefined;
      pageNo: number;
      pageSize: number;
    }) {
      const { rows, total } = await repo.applicationPage(
        { merchantIds: await merchants.idsOf(query.merchantCode), status: query.status, id: query.id },
        query.pageNo,
        query.pageSize,
      );
      const all = await merchants.list();
      const promotions = new Map<number, PromotionRow>();
      for (const r of rows) {
        if (!promotions.has(r.promotion_id)) {
          const p = await repo.promotion(r.promotion_id);
          if (p) promotions.set(p.id, p);
        }
      }
      return {
        list: rows.map((r): AdminApplication => {
          const p = promotions.get(r.promotion_id);
          const ids = (r.image_ids ?? []).map(Number);
          return {
            ...toApplication(r, p ? textOf(p, 'EN').title : '', ids.length),
            merchantCode: all.find((m) => m.id === r.merchant_id)?.code ?? '',
            memberId: r.member_id,
            username: r.username,
            imageIds: ids,
            maxBonus: p?.rules.maxBonus ?? 0,
            bonusAmount: r.bonus_amount === null ? null : Number(r.bonus_amount),
            decidedBy: r.decided_by_name ?? null,
          };
        }),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    async applicationImage(imageId: number) {
      const image = await repo.applicationImage(imageId);
      if (!image) throw new AppError('not_found', 'imageId');
      return image;
    },

    /** Issues the bonus an operator decided (at most the promotion's largest bonus), within the budget. */
    async approveApplication(actor: Actor, id: number, amountInput: unknown) {
      const found = await repo.application(db, id);
      if (!found) throw new AppError('application_not_found', 'id');
      if (found.status !== 'applying') throw new AppError('application_decided', 'id');
      const row = (await repo.promotion(found.promotion_id)) as PromotionRow;
      const merchant = (await merchants.list()).find((m) => m.id === found.merchant_id) as Merchant;
      const checked = checkAmount(amountInput);
      if (!checked.ok) throw new AppError(checked.code, 'amount');
      if (checked.amount > row.rules.maxBonus)
        throw new AppError('application_amount_over_limit', 'amount', { max: row.rules.maxBonus / 100 });
      const required = turnoverFor({ ...row.rules, turnoverBasis: 'bonus' }, checked.amount, 0);
      const expense = await wallet.houseAccount(merchant.id, 'house_promotion_expense');
      const main = await wallet.memberAccount(merchant.id, found.member_id);
      await refresh(merchant, found.member_id);
      try {
        await db.transaction().execute(async (trx) => {
          const locked = await repo.application(trx, id, true);
          if (locked?.status !== 'applying') throw new AppError('application_decided', 'id');
          const bonus = await payBonus(trx, {
            merchant,
            row,
            memberId: found.member_id,
            periodKey: found.period_key,
            amount: checked.amount,
            deposit: null,
            required,
            accounts: { expense, main },
            idempotencyKey: `promotion-application:${id}`,
            actor: { type: 'operator', id: actor.id, name: actor.name, ip: actor.ip },
            now: new Date(),
          });
          await repo.decideApplication(trx, id, {
            status: 'issued',
            bonusId: bonus.id,
            operatorId: actor.id,
          });
          await tellMember(trx, merchant, found, row, 'issued', moneyText(merchant, checked.amount));
          await audit.record(trx, {
            actorType: 'operator',
            actorId: actor.id,
            actorName: actor.name,
            merchantId: merchant.id,
            action: 'promotions.application.approve',
            target: `promotion_application:${id}`,
            after: { amount: checked.amount, bonusId: bonus.id },
            ip: actor.ip,
          });
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const refusal = uniqueRefusals[constraintOf(error)];
        throw refusal ? new AppError(refusal, 'id') : error;
      }
      return this.applicationOf(id);
    },

    async rejectApplication(actor: Actor, id: number, reason: string) {
      const found = await repo.application(db, id);
      if (!found) throw new AppError('application_not_found', 'id');
      const row = (await repo.promotion(found.promotion_id)) as PromotionRow;
      const merchant = (await merchants.list()).find((m) => m.id === found.merchant_id) as Merchant;
      await db.transaction().execute(async (trx) => {
        const locked = await repo.application(trx, id, true);
        if (locked?.status !== 'applying') throw new AppError('application_decided', 'id');
        await repo.decideApplication(trx, id, { status: 'rejected', reason, operatorId: actor.id });
        await tellMember(trx, merchant, found, row, 'rejected', reason);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: found.merchant_id,
          action: 'promotions.application.reject',
          target: `promotion_application:${id}`,
          after: { reason },
          ip: actor.ip,
        });
      });
      return this.applicationOf(id);
    },

    async applicationOf(id: number): Promise<AdminApplication> {
      const item = (await this.applications({ id, pageNo: 1, pageSize: 1 })).list[0];
      if (!item) throw new AppError('application_not_found', 'id');
      return item;
    },

    // ------------------------------------------------------------------ manual bonuses
    /**
     * An operator grants a bonus to one member: paid at once up to the four-eyes threshold, else waiting for a
     * second operator. Audited either way.
     */
    async grantManual(
      actor: Actor,
      merchant: Merchant,
      body: { username: string; amount: unknown; turnoverMultiple: number; title: string; reason: string },
    ): Promise<ManualBonus> {
      const member = await members.byAccount(merchant.id, body.username);
      if (!member) throw new AppError('not_found', 'username');
      if (member.type === TRIAL_TYPE) throw new AppError('in_need_true_account', 'username');
      const checked = checkAmount(body.amount);
      if (!checked.ok) throw new AppError(checked.code, 'amount');
      await refuseUnderBreak(member.id, 'username');
      const id = await db.transaction().execute(async (trx) => {
        const made = await repo.insertManual(trx, {
          merchant_id: merchant.id,
          member_id: member.id,
          amount: checked.amount,
          turnover_multiple: body.turnoverMultiple,
          title: body.title,
          reason: body.reason,
          status: 'pending',
          requested_by: actor.id,
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: 'promotions.manual_bonus.request',
          target: `manual_bonus:${made.id}`,
          after: { member: member.username, amount: checked.amount, title: body.title, reason: body.reason },
          ip: actor.ip,
        });
        return made.id;
      });
      if (checked.amount <= MANUAL_BONUS_FOUR_EYES_ABOVE) await issueManual(actor, merchant, id, true);
      return manualOf(merchant, id);
    },

    async manualBonuses(merchant: Merchant, status: ManualBonus['status'] | undefined) {
      return (await repo.manualList({ merchantId: merchant.id, status })).map((r) => toManual(merchant, r));
    },

    /** The second operator's approval: anyone of owner or finance but the one who asked. */
    async approveManual(actor: Actor, merchant: Merchant, id: number) {
      await issueManual(actor, merchant, id, false);
      return manualOf(merchant, id);
    },

    async rejectManual(actor: Actor, merchant: Merchant, id: number) {
      await db.transaction().execute(async (trx) => {
        const row = await repo.manual(trx, id, true);
        if (!row || row.merchant_id !== merchant.id) throw new AppError('not_found', 'id');
        if (row.status !== 'pending') throw new AppError('manual_bonus_decided', 'id');
        await repo.decideManual(trx, id, { status: 'rejected', operatorId: actor.id });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: 'promotions.manual_bonus.reject',
          target: `manual_bonus:${id}`,
          after: null,
          ip: actor.ip,
        });
      });
      return manualOf(merchant, id);
    },

    // ------------------------------------------------------------------ back office
    // ------------------------------------------------------------------ referral (docs/decisions/038-referral.md)
    referrals: referralUseCases({
      db,
      members,
      merchants,
      payments,
      gamesPlay,
      wallet,
      payBonus,
      ineligibility,
      title: (row, language) => textOf(row, language).title,
      ...(deps.beforeReferralDecision ? { beforeDecision: deps.beforeReferralDecision } : {}),
    }),

    // ------------------------------------------------------------------ rebates (the job and the back office)
    rebates: { runDue: rebates.runDue, runAll: rebates.runAll, runPeriod: rebates.runPeriod },

    /** A rebate promotion's runs, newest period first. */
    async rebateRuns(merchant: Merchant, id: number) {
      const row = await promotionOf(merchant, id);
      if (row.kind !== 'rebate') throw new AppError('promotion_not_rebate', 'id');
      return (await rebates.runs(row.id)).map((r) => ({
        period: r.period_key,
        periodStart: r.period_start.toISOString(),
        periodEnd: r.period_end.toISOString(),
        status: r.status,
        members: r.members,
        total: Number(r.total),
        overBudget: Number(r.over_budget),
        forfeitedMembers: r.forfeited_members,
        forfeited: Number(r.forfeited),
        finishedAt: r.finished_at?.toISOString() ?? null,
      }));
    },

    async adminList(merchant: Merchant): Promise<AdminPromotion[]> {
      const rows = await repo.promotions(merchant.id);
      const counts = await repo.claimCounts(rows.map((r) => r.id));
      return rows.map((r) => toAdmin(merchant, r, counts.get(r.id) ?? 0));
    },

    async create(actor: Actor, merchant: Merchant, body: PromotionBody) {
      await checkReferences(merchant, body);
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await repo.insertPromotion(trx, merchant.id, body);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: 'promotions.create',
          target: `promotion:${inserted.id}`,
          after: body,
          ip: actor.ip,
        });
        return inserted;
      });
      return toAdmin(merchant, row, 0);
    },

    async update(actor: Actor, merchant: Merchant, id: number, body: PromotionBody) {
      const before = await promotionOf(merchant, id);
      if (before.kind !== body.kind) throw new AppError('validation_failed', 'kind');
      await checkReferences(merchant, body);
      const row = await db.transaction().execute(async (trx) => {
        const updated = await repo.updatePromotion(trx, id, body);
        if (!updated) throw new AppError('promotion_not_found', 'id');
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: 'promotions.update',
          target: `promotion:${id}`,
          after: body,
          ip: actor.ip,
        });
        return updated;
      });
      return toAdmin(merchant, row, (await repo.claimCounts([id])).get(id) ?? 0);
    },

    async costReport(merchant: Merchant, query: { from: string; to: string }) {
      const timeZone = merchant.settings.whitelabel.timeZone;
      const from = dayStart(query.from, timeZone);
      const to = dayStart(addDays(query.to, 1), timeZone);
      if (to <= from) throw new AppError('validation_failed', 'to');
      if (to.getTime() - from.getTime() > 92 * 86_400_000)
        throw new AppError('range_too_long', 'to', { days: 92 });
      // Read from the replica (decision 062): a claim made a moment ago shows a few seconds late at worst.
      const { claimed, closed } = await reportRepo.costReport(merchant.id, from, to, timeZone);
      claimed.push(...(await rebates.costReport(merchant.id, from, to, timeZone)));
      const titles = new Map(
        (await reportRepo.promotions(merchant.id)).map((p) => [p.id, textOf(p, 'EN').title]),
      );
      const rows = new Map<string, ReturnType<typeof emptyRow>>();
      function emptyRow(day: string, promotionId: number | null, source: CostSource = 'promotion') {
        return {
          day,
          source: promotionId === null && source === 'promotion' ? ('manual' as const) : source,
          promotionId,
          title: promotionId === null ? '' : (titles.get(promotionId) ?? ''),
          claims: 0,
          paid: 0,
          completed: 0,
          completedAmount: 0,
          forfeited: 0,
          forfeitedAmount: 0,
        };
      }
      const rowOf = (day: string, promotionId: number | null) => {
        const key = `${day}|${promotionId}`;
        const row = rows.get(key) ?? emptyRow(day, promotionId);
        rows.set(key, row);
        return row;
      };
      for (const c of claimed) {
        const row = rowOf(c.day, c.promotion_id);
        row.claims += Number(c.n);
        row.paid += Number(c.amount);
      }
      for (const c of closed) {
        const row = rowOf(c.day, c.promotion_id);
        if (c.status === 'completed') {
          row.completed += Number(c.n);
          row.completedAmount += Number(c.amount);
        } else {
          row.forfeited += Number(c.n);
          row.forfeitedAmount += Number(c.forfeited);
        }
      }
      // Mission rewards and point conversions are paid from the same expense account: one row each per day.
      const others = deps.otherCosts;
      if (others) {
        const [missions, points] = await Promise.all([
          others.missions.costByDay(merchant.id, from, to, timeZone),
          others.points.costByDay(merchant.id, from, to, timeZone),
        ]);
        for (const [source, list] of [
          ['missions', missions],
          ['points', points],
        ] as const) {
          for (const c of list) {
            const row = emptyRow(c.day, null, source);
            row.claims = Number(c.n);
            row.paid = Number(c.amount);
            rows.set(`${c.day}|${source}`, row);
          }
        }
      }
      const order = (r: { source: CostSource; promotionId: number | null }) =>
        r.promotionId ?? costSources.indexOf(r.source) - costSources.length;
      return {
        rows: [...rows.values()].sort((a, b) => b.day.localeCompare(a.day) || order(a) - order(b)),
      };
    },
  };

  /** Pays a manual bonus: at once when small (`first`), else on a different operator's approval. */
  async function issueManual(actor: Actor, merchant: Merchant, id: number, first: boolean) {
    const found = await repo.manual(db, id);
    if (!found || found.merchant_id !== merchant.id) throw new AppError('not_found', 'id');
    if (found.status !== 'pending') throw new AppError('manual_bonus_decided', 'id');
    if (!first && found.requested_by === actor.id) throw new AppError('same_operator_approval', 'id');
    const expense = await wallet.houseAccount(merchant.id, 'house_promotion_expense');
    const main = await wallet.memberAccount(merchant.id, found.member_id);
    await refresh(merchant, found.member_id);
    try {
      await db.transaction().execute(async (trx) => {
        const locked = await repo.manual(trx, id, true);
        if (locked?.status !== 'pending') throw new AppError('manual_bonus_decided', 'id');
        const bonus = await payBonus(trx, {
          merchant,
          row: { title: found.title },
          memberId: found.member_id,
          periodKey: `manual:${id}`,
          amount: found.amount,
          deposit: null,
          required: found.amount * found.turnover_multiple,
          accounts: { expense, main },
          idempotencyKey: `manual-bonus:${id}`,
          actor: { type: 'operator', id: actor.id, name: actor.name, ip: actor.ip },
          now: new Date(),
        });
        await repo.decideManual(trx, id, { status: 'issued', bonusId: bonus.id, operatorId: actor.id });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: first ? 'promotions.manual_bonus.issue' : 'promotions.manual_bonus.approve',
          target: `manual_bonus:${id}`,
          after: { bonusId: bonus.id, amount: found.amount },
          ip: actor.ip,
        });
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const refusal = uniqueRefusals[constraintOf(error)];
      throw refusal ? new AppError(refusal, 'username') : error;
    }
  }

  async function manualOf(merchant: Merchant, id: number) {
    const row = (await repo.manualList({ merchantId: merchant.id, id }))[0];
    if (!row) throw new AppError('not_found', 'id');
    return toManual(merchant, row);
  }

  function toManual(
    merchant: Merchant,
    r: ManualRow & { username: string; requested_by_name: string; decided_by_name: string | null },
  ): ManualBonus {
    return {
      id: r.id,
      merchantCode: merchant.code,
      memberId: r.member_id,
      username: r.username,
      amount: r.amount,
      turnoverMultiple: r.turnover_multiple,
      title: r.title,
      reason: r.reason,
      status: r.status,
      requestedBy: r.requested_by_name,
      decidedBy: r.decided_by_name,
      createdAt: r.created_at.toISOString(),
      decidedAt: r.decided_at?.toISOString() ?? null,
    };
  }

  /** The agent a promotion is limited to, and its pictures, must be this merchant's. */
  async function checkReferences(merchant: Merchant, body: PromotionBody) {
    const images = Object.values(body.texts).flatMap((t) => (t?.image ? [t.image] : []));
    await deps.content.ownImages(merchant.id, images, 'texts');
    if (!body.rules.agentUsername) return;
    const agent = await members.byAccount(merchant.id, body.rules.agentUsername);
    if (!agent || !(agentTypes as readonly number[]).includes(agent.type))
      throw new AppError('promotion_agent_unknown', 'rules.agentUsername');
  }

  /** A platform message telling the member how the application was decided. */
  async function tellMember(
    trx: Database,
    merchant: Merchant,
    application: ApplicationRow,
    row: PromotionRow,
    outcome: 'issued' | 'rejected',
    detail: string,
  ) {
    const language = merchant.settings.whitelabel.defaultLanguage;
    const texts =
      decisionMessages[language] ?? (decisionMessages.EN as NonNullable<typeof decisionMessages.EN>);
    const [title, content] = texts[outcome](textOf(row, language).title, detail);
    await support.systemMessage(trx, {
      merchantId: merchant.id,
      memberId: application.member_id,
      kind: 'promotion',
      refId: application.id,
      title,
      content,
    });
  }

  function moneyText(merchant: Merchant, minor: number) {
    return formatMoney(minor, moneyDisplay(merchant.settings.whitelabel));
  }

  function toApplication(r: ApplicationRow, title: string, imageCount: number): Application {
    return {
      id: r.id,
      promotionId: r.promotion_id,
      title,
      status: r.status,
      remark: r.remark,
      imageCount,
      rejectReason: r.reject_reason,
      createdAt: r.created_at.toISOString(),
      decidedAt: r.decided_at?.toISOString() ?? null,
    };
  }

  function toAdmin(merchant: Merchant, r: PromotionRow, claims: number): AdminPromotion {
    return {
      id: r.id,
      merchantCode: merchant.code,
      kind: r.kind,
      enabled: r.enabled,
      startsAt: r.starts_at.toISOString(),
      endsAt: r.ends_at.toISOString(),
      budget: r.budget,
      spent: r.spent,
      claims,
      rules: r.rules,
      texts: r.texts,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
    };
  }
}

export type PromotionsService = ReturnType<typeof promotionsService>;
