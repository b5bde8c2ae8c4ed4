// Referral rewards (issue 13 item 4; docs/decisions/038-referral.md): a friend who registered through a member's link
// qualifies by a first deposit and/or valid bets within the promotion's days; the decision is written once per friend
// (refused when the two share a browser, an address or a bank account, past the referrer's limit, or when the
// referrer may not take part), and each reward is paid once through payBonus under its own ledger key. The job runs
// every few minutes; a member opening their referral page runs it for their own friends.
import { TRIAL_TYPE } from '@tala/contracts/members';
import type { ReferralFriend, ReferralReason, ReferralRefusal } from '@tala/contracts/referral';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { maskName } from '../games/game-records.ts';
import type { GamesPlayService } from '../games/games-play.service.ts';
import type { MemberRow, MembersService, SignedInMember } from '../members/members.service.ts';
import type { Merchant, MerchantsService } from '../merchants/merchants.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { type BonusRow, type PromotionRow, promotionsRepository } from './promotions.repository.ts';
import { type ReferralRewardRow, referralsRepository } from './referrals.repository.ts';

const DAY = 86_400_000;
/** Friends past their days to qualify are still looked at for this long (a job that was down catches up). */
const CATCH_UP = DAY;
/** Unpaid rewards retried per merchant and run. */
const RETRY_PAGE = 500;

type Candidate = { friendId: number; referrerId: number; joinedAt: Date; friendType: number };
type ReferralRules = NonNullable<PromotionRow['rules']['referral']>;
type PayBonus = (
  trx: Database,
  p: {
    merchant: Merchant;
    row: PromotionRow;
    memberId: number;
    periodKey: string;
    amount: number;
    deposit: null;
    required: number;
    accounts: { expense: number; main: number };
    idempotencyKey: string;
    actor: { type: 'system' };
    now: Date;
  },
) => Promise<BonusRow>;

const reasonOf: Record<ReferralRefusal, ReferralReason> = {
  shared_device: 'linkedAccount',
  shared_ip: 'linkedAccount',
  shared_bank_account: 'linkedAccount',
  friend_limit: 'friendLimit',
  referrer_not_eligible: 'notEligible',
};

/** A qualified part of a reward: paid (its bonus), forfeited (its member was under a break), or still due. */
const rewardStatusOf = (bonusId: number | null, forfeitedAt: Date | null) =>
  forfeitedAt !== null ? ('forfeited' as const) : bonusId === null ? ('due' as const) : ('paid' as const);

export function referralUseCases(deps: {
  db: Database;
  members: MembersService;
  merchants: MerchantsService;
  payments: PaymentsService;
  gamesPlay: GamesPlayService;
  wallet: WalletService;
  payBonus: PayBonus;
  ineligibility: (row: PromotionRow, member: Pick<MemberRow, 'id' | 'vip_level'>) => Promise<string | null>;
  title: (row: PromotionRow, language: string | undefined) => string;
  /** Tests hold a decision open here, to run two at once. */
  beforeDecision?: () => Promise<void>;
}) {
  const { db, members, payments, gamesPlay, wallet } = deps;
  const repo = referralsRepository(db);
  const promotionsRepo = promotionsRepository(db);

  async function referralPromotions(merchantId: number) {
    return (await promotionsRepo.promotions(merchantId))
      .filter((r) => r.kind === 'referral' && r.enabled && r.rules.referral)
      .sort((a, b) => a.id - b.id);
  }

  /** The promotion a friend counts for: the first enabled referral promotion running when they joined. */
  const promotionFor = (rows: PromotionRow[], joinedAt: Date) =>
    rows.find((r) => r.starts_at <= joinedAt && joinedAt < r.ends_at) ?? null;

  const rulesOf = (row: PromotionRow) => row.rules.referral as ReferralRules;

  /** How far a friend is: the first deposit credited and the valid bets made within the days to qualify. */
  async function progressOf(merchant: Merchant, rules: ReferralRules, friend: Candidate, now: Date) {
    const deadline = new Date(friend.joinedAt.getTime() + rules.withinDays * DAY);
    const first = await payments.firstDeposit(friend.friendId);
    const deposit = first && first.creditedAt < deadline ? first.amount : 0;
    const until = now < deadline ? now : deadline;
    const turnover =
      rules.minTurnover > 0 && until > friend.joinedAt
        ? (
            await gamesPlay.memberTotals(merchant, friend.friendId, { from: friend.joinedAt, to: until })
          ).reduce((sum, p) => sum + p.bet, 0)
        : 0;
    const depositMet = rules.minFirstDeposit === 0 || deposit >= rules.minFirstDeposit;
    const qualified = depositMet && turnover >= rules.minTurnover;
    return { deposit, turnover, deadline, qualified };
  }

  /** Why a qualified friend earns nothing: the referrer may not take part, or the two accounts are linked. */
  async function refusalOf(row: PromotionRow, referrer: MemberRow, friendId: number) {
    if (referrer.type === TRIAL_TYPE || (await deps.ineligibility(row, referrer)))
      return 'referrer_not_eligible' as const;
    if (row.rules.oncePerDevice || row.rules.oncePerIp) {
      const shared = await members.sharedTraces(referrer.id, friendId);
      if (row.rules.oncePerDevice && shared.device) return 'shared_device' as const;
      if (row.rules.oncePerIp && shared.ip) return 'shared_ip' as const;
    }
    if (row.rules.oncePerBankAccount) {
      const [mine, theirs] = await Promise.all([
        payments.bankAccountNumbers(referrer.id),
        payments.bankAccountNumbers(friendId),
      ]);
      if (mine.some((account) => theirs.includes(account))) return 'shared_bank_account' as const;
    }
    return null;
  }

  /** Decides a friend once (if they qualified), then pays what the decision says. */
  async function decide(merchant: Merchant, row: PromotionRow, friend: Candidate, now: Date) {
    if (friend.friendType === TRIAL_TYPE) return;
    const rules = rulesOf(row);
    if (!(await progressOf(merchant, rules, friend, now)).qualified) return;
    const referrer = await members.byId(friend.referrerId);
    if (!referrer) return;
    const refusal = await refusalOf(row, referrer, friend.friendId);
    await deps.beforeDecision?.();
    const decided = await db.transaction().execute(async (trx) => {
      // One referrer's friends are decided one at a time, so the limit holds when several qualify at once.
      await promotionsRepo.lockMember(trx, friend.referrerId);
      const inserted = await repo.insertDecision(trx, {
        friend_id: friend.friendId,
        referrer_id: friend.referrerId,
        merchant_id: merchant.id,
        promotion_id: row.id,
        outcome: refusal ? 'refused' : 'qualified',
        refusal,
        reward: rules.referrerReward,
        friend_reward: rules.friendReward,
      });
      if (!inserted) return false;
      if (
        !refusal &&
        rules.maxFriends > 0 &&
        (await repo.qualifiedCount(trx, friend.referrerId, row.id)) > rules.maxFriends
      )
        await repo.refuse(trx, friend.friendId, 'friend_limit');
      return true;
    });
    if (decided) await pay(merchant, friend.friendId, now);
  }

  /**
   * Pays the rewards of a qualified friend not paid yet, each in its own transaction under its own key. A reward
   * with turnover waits while its member has another bonus under wagering (one at a time); one beyond the budget
   * waits for more budget. Either is tried again by the next run.
   */
  async function pay(merchant: Merchant, friendId: number, now: Date) {
    const decision = await repo.decision(db, friendId);
    if (decision?.outcome !== 'qualified') return;
    const row = await promotionsRepo.promotion(decision.promotion_id);
    if (!row) return;
    const parts = [
      {
        part: 'referrer' as const,
        memberId: decision.referrer_id,
        amount: decision.reward,
        paid: decision.referrer_bonus_id,
        forfeited: decision.referrer_forfeited_at,
        periodKey: `F${friendId}`,
        key: `referral:${decision.referrer_id}:${friendId}`,
      },
      {
        part: 'friend' as const,
        memberId: friendId,
        amount: decision.friend_reward,
        paid: decision.friend_bonus_id,
        forfeited: decision.friend_forfeited_at,
        periodKey: 'friend',
        key: `referral-friend:${decision.referrer_id}:${friendId}`,
      },
    ];
    const expense = await wallet.houseAccount(merchant.id, 'house_promotion_expense');
    for (const p of parts) {
      if (p.amount === 0 || p.paid !== null || p.forfeited !== null) continue;
      const main = await wallet.memberAccount(merchant.id, p.memberId);
      const required = p.amount * row.rules.turnoverMultiple;
      try {
        await db.transaction().execute(async (trx) => {
          const locked = (await repo.decision(trx, friendId, true)) as ReferralRewardRow;
          const [paid, forfeited] =
            p.part === 'referrer'
              ? [locked.referrer_bonus_id, locked.referrer_forfeited_at]
              : [locked.friend_bonus_id, locked.friend_forfeited_at];
          if (paid !== null || forfeited !== null) return;
          await promotionsRepo.lockMember(trx, p.memberId);
          // The moment of payment: a member under a time-out, an exclusion or a closure forfeits the reward, which
          // is never paid later (docs/decisions/047-time-out-and-self-exclusion.md, "Automatic payouts").
          if ((await members.activeExclusions(p.memberId, trx)).length > 0) {
            await repo.forfeit(trx, friendId, p.part, new Date());
            return;
          }
          if (required > 0 && (await promotionsRepo.activeBonus(trx, p.memberId))) return;
          const bonus = await deps.payBonus(trx, {
            merchant,
            row,
            memberId: p.memberId,
            periodKey: p.periodKey,
            amount: p.amount,
            deposit: null,
            required,
            accounts: { expense, main },
            idempotencyKey: p.key,
            actor: { type: 'system' },
            now,
          });
          await repo.markPaid(trx, friendId, p.part, Number(bonus.id));
        });
      } catch (error) {
        // Out of budget: tried again by the next run. A break begun this very moment: the next run forfeits it.
        if (
          error instanceof AppError &&
          (error.code === 'promotion_budget_spent' || error.code === 'bonus_member_on_break')
        )
          continue;
        throw error;
      }
    }
  }

  /** Decides every friend of a merchant (of one referrer when given) who may have qualified, and pays what is due. */
  async function runMerchant(merchant: Merchant, now = new Date(), referrerId?: number) {
    const rows = await referralPromotions(merchant.id);
    for (const row of rows) {
      const rules = rulesOf(row);
      const from = new Date(
        Math.max(row.starts_at.getTime(), now.getTime() - rules.withinDays * DAY - CATCH_UP),
      );
      const to = row.ends_at < now ? row.ends_at : now;
      if (to <= from) continue;
      const candidates = await members.referralsJoinedBetween(merchant.id, { from, to }, referrerId);
      const decided = await repo.decisions(candidates.map((c) => c.friendId));
      for (const friend of candidates) {
        if (decided.has(friend.friendId) || promotionFor(rows, friend.joinedAt)?.id !== row.id) continue;
        await decide(merchant, row, friend, now);
      }
    }
    const unpaid = await repo.unpaid(merchant.id, RETRY_PAGE);
    for (const decision of unpaid) {
      if (
        referrerId === undefined ||
        decision.referrer_id === referrerId ||
        decision.friend_id === referrerId
      )
        await pay(merchant, decision.friend_id, now);
    }
  }

  /** What the referrer is told of one friend. */
  async function standingOf(
    merchant: Merchant,
    rows: PromotionRow[],
    friend: Candidate,
    decision: ReferralRewardRow | undefined,
    now: Date,
  ): Promise<Omit<ReferralFriend, 'username' | 'joinedAt'>> {
    const none = { progress: null, reward: 0, rewardStatus: 'none' as const };
    if (decision?.outcome === 'qualified')
      return {
        status: 'qualified',
        reason: null,
        progress: null,
        reward: decision.reward,
        rewardStatus: rewardStatusOf(decision.referrer_bonus_id, decision.referrer_forfeited_at),
      };
    if (decision?.refusal) return { status: 'notQualified', reason: reasonOf[decision.refusal], ...none };
    const row = promotionFor(rows, friend.joinedAt);
    if (!row) return { status: 'notQualified', reason: 'noPromotion', ...none };
    const rules = rulesOf(row);
    const progress = await progressOf(merchant, rules, friend, now);
    if (progress.deadline <= now) return { status: 'notQualified', reason: 'windowPassed', ...none };
    return {
      status: 'pending',
      reason: null,
      progress: {
        deposit: progress.deposit,
        minFirstDeposit: rules.minFirstDeposit,
        turnover: progress.turnover,
        minTurnover: rules.minTurnover,
        deadline: progress.deadline.toISOString(),
      },
      reward: 0,
      rewardStatus: 'none',
    };
  }

  async function friendsOf(merchant: Merchant, referrerId: number, pageNo: number, pageSize: number) {
    const now = new Date();
    const rows = await referralPromotions(merchant.id);
    const page = await members.referralFriends(referrerId, pageNo, pageSize);
    const decisions = await repo.decisions(page.rows.map((r) => r.friendId));
    const list = await Promise.all(
      page.rows.map(async (r) => {
        const decision = decisions.get(r.friendId);
        const friend = { friendId: r.friendId, referrerId, joinedAt: r.joinedAt, friendType: r.type };
        return { r, decision, standing: await standingOf(merchant, rows, friend, decision, now) };
      }),
    );
    return { list, total: page.total };
  }

  const pageOf = <T>(list: T[], total: number, pageNo: number, pageSize: number) => ({
    list,
    pageNo,
    pageSize,
    total,
    totalPages: Math.ceil(total / pageSize),
  });

  return {
    runMerchant,

    /** Every merchant (the job). */
    async runAll(now = new Date()) {
      for (const merchant of await deps.merchants.list()) await runMerchant(merchant, now);
    },

    /** The member's code, link, the promotion running and the totals (their own friends decided first). */
    async summary(merchant: Merchant, member: SignedInMember, origin: string, language: string | undefined) {
      const code = await members.referralCodeOf(member);
      await runMerchant(merchant, new Date(), member.id);
      const row = promotionFor(await referralPromotions(merchant.id), new Date());
      const [{ total }, totals] = await Promise.all([
        members.referralFriends(member.id, 1, 1),
        repo.totals(member.id),
      ]);
      return {
        code,
        link: `${origin}/register?referralCode=${encodeURIComponent(code)}`,
        promotion: row
          ? {
              id: row.id,
              title: deps.title(row, language),
              rules: { ...rulesOf(row), turnoverMultiple: row.rules.turnoverMultiple },
            }
          : null,
        totals: { friends: total, ...totals },
      };
    },

    /** The member's friends, newest first, each with where they stand (names masked), their own decided first. */
    async friends(merchant: Merchant, member: SignedInMember, query: { pageNo: number; pageSize: number }) {
      if (member.type === TRIAL_TYPE) throw new AppError('in_need_true_account');
      // Decided first, like the summary (either may be read first; deciding twice at once pays once).
      await runMerchant(merchant, new Date(), member.id);
      const { list, total } = await friendsOf(merchant, member.id, query.pageNo, query.pageSize);
      return pageOf(
        list.map(({ r, standing }) => ({
          username: maskName(r.username),
          joinedAt: r.joinedAt.toISOString(),
          ...standing,
        })),
        total,
        query.pageNo,
        query.pageSize,
      );
    },

    /** The back office: a member's referrer, own code, and friends with the operators' reasons. */
    async admin(memberId: number, query: { pageNo: number; pageSize: number }) {
      const member = await members.byId(memberId);
      if (!member) throw new AppError('not_found', 'memberId');
      const merchant = (await deps.merchants.list()).find((m) => m.id === member.merchant_id) as Merchant;
      const [referrer, code, page, totals] = await Promise.all([
        members.referrerOf(memberId),
        members.storedReferralCode(memberId),
        friendsOf(merchant, memberId, query.pageNo, query.pageSize),
        repo.totals(memberId),
      ]);
      return {
        code,
        referrer: referrer
          ? { memberId: referrer.referrer_id, username: referrer.username, code: referrer.code }
          : null,
        totals: { friends: page.total, ...totals },
        friends: pageOf(
          page.list.map(({ r, decision, standing }) => ({
            memberId: r.friendId,
            username: r.username,
            joinedAt: r.joinedAt.toISOString(),
            status: standing.status,
            reason: standing.reason,
            refusal: decision?.refusal ?? null,
            promotionId: decision?.promotion_id ?? null,
            reward: standing.reward,
            rewardStatus: standing.rewardStatus,
            friendReward: decision?.outcome === 'qualified' ? decision.friend_reward : 0,
            friendRewardStatus:
              decision?.outcome === 'qualified' && decision.friend_reward > 0
                ? rewardStatusOf(decision.friend_bonus_id, decision.friend_forfeited_at)
                : ('none' as const),
          })),
          page.total,
          query.pageNo,
          query.pageSize,
        ),
      };
    },
  };
}

export type ReferralUseCases = ReturnType<typeof referralUseCases>;
