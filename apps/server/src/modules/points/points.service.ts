import crypto from 'node:crypto';
import type { LanguageCode } from '@tala/contracts/language-codes';
import { TRIAL_TYPE } from '@tala/contracts/members';
import {
  type AdminRedemption,
  type AdminReward,
  type EarnRates,
  type PointLine,
  type PointSettings,
  type PointType,
  productOfGameType,
  REDEEM_REMARK_MAX,
  type RedeemBody,
  type RedeemStatus,
  type Redemption,
  type Reward,
  type RewardBody,
} from '@tala/contracts/points';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { ReceivedImage } from '../content/uploads.ts';
import type { GamesPlayService } from '../games/games-play.service.ts';
import type { MembersService, SignedInMember } from '../members/members.service.ts';
import type { Merchant, MerchantsService } from '../merchants/merchants.service.ts';
import type { Actor } from '../operators/operators.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { SupportService } from '../support/support.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { isUniqueViolation, type Line, pointsRepository, type RedemptionRow } from './points.repository.ts';

const noRates: EarnRates = { live: 0, lottery: 0, pvp: 0, slots: 0, sports: 0, deposit: 0 };
export const defaultSettings: PointSettings = { earnRates: noRates, cashPerPoint: 0, minConvertPoints: 1 };
/**
 * Bets and deposits this recent are left to the next run, so a row whose transaction has not committed yet is not
 * skipped (its time is its transaction's start). Ten seconds is far above how long a bet or an approval takes.
 */
const ACCRUAL_LAG_MS = 10_000;

const decisionMessages: Partial<
  Record<LanguageCode, Record<'approved' | 'rejected', (reward: string, detail: string) => [string, string]>>
> = {
  EN: {
    approved: (reward, quantity) => [
      'Your redemption was approved',
      `${quantity} × ${reward} is on its way to the address you gave.`,
    ],
    rejected: (reward, reason) => [
      'Your redemption was not approved',
      `${reward}: ${reason} Your points have been returned.`,
    ],
  },
  TY: {
    approved: (reward, quantity) => [
      'Naaprubahan ang iyong redemption',
      `Ipapadala ang ${quantity} × ${reward} sa address na ibinigay mo.`,
    ],
    rejected: (reward, reason) => [
      'Hindi naaprubahan ang iyong redemption',
      `${reward}: ${reason} Naibalik na ang iyong puntos.`,
    ],
  },
  CN: {
    approved: (reward, quantity) => ['您的兑换已通过', `${quantity} × ${reward} 正在寄往您填写的地址。`],
    rejected: (reward, reason) => ['您的兑换未通过', `${reward}：${reason} 您的积分已退还。`],
  },
  ID: {
    approved: (reward, quantity) => [
      'Penukaran Anda disetujui',
      `${quantity} × ${reward} sedang dikirim ke alamat yang Anda berikan.`,
    ],
    rejected: (reward, reason) => [
      'Penukaran Anda tidak disetujui',
      `${reward}: ${reason} Poin Anda sudah dikembalikan.`,
    ],
  },
  TH: {
    approved: (reward, quantity) => [
      'การแลกของคุณได้รับการอนุมัติแล้ว',
      `${quantity} × ${reward} กำลังจัดส่งไปยังที่อยู่ที่คุณให้ไว้`,
    ],
    rejected: (reward, reason) => ['การแลกของคุณไม่ได้รับการอนุมัติ', `${reward}: ${reason} คะแนนของคุณได้รับคืนแล้ว`],
  },
  VI: {
    approved: (reward, quantity) => [
      'Lượt đổi thưởng của bạn đã được duyệt',
      `${quantity} × ${reward} đang được gửi đến địa chỉ bạn đã cung cấp.`,
    ],
    rejected: (reward, reason) => [
      'Lượt đổi thưởng của bạn không được duyệt',
      `${reward}: ${reason} Điểm của bạn đã được hoàn lại.`,
    ],
  },
};

function nameOf(names: Partial<Record<LanguageCode, string>>, language: string | undefined) {
  return names[(language ?? 'EN') as LanguageCode] ?? names.EN ?? '';
}
function requestKey(requestId: string | undefined) {
  return requestId ?? crypto.randomUUID();
}

/**
 * The point mall (issue 13 item 6; docs/decisions/035-point-mall.md): points are their own double-entry ledger
 * (points.repository `post`), earned from valid bets and credited deposits by the accrual job, spent on goods from
 * the merchant's catalogue or converted to cash through the wallet, in one transaction each.
 */
export function pointsService(deps: {
  db: Database;
  audit: AuditService;
  merchants: MerchantsService;
  members: MembersService;
  wallet: WalletService;
  payments: PaymentsService;
  gamesPlay: GamesPlayService;
  support: SupportService;
  /** The read replica (decision 062): the promotions cost report's line of this module reads it. */
  reports?: Database;
}) {
  const { db, audit, merchants, members, wallet, payments, gamesPlay, support } = deps;
  const repo = pointsRepository(db);

  async function settingsOf(merchantId: number, executor: Database = db): Promise<PointSettings> {
    const row = await repo.settings(executor, merchantId);
    if (!row) return defaultSettings;
    return {
      earnRates: { ...noRates, ...row.earn_rates },
      cashPerPoint: Number(row.cash_per_point),
      minConvertPoints: Number(row.min_convert_points),
    };
  }

  function toRedemption(
    r: RedemptionRow & { names: Partial<Record<LanguageCode, string>> },
    language?: string,
  ) {
    return {
      id: Number(r.id),
      rewardId: r.reward_id,
      rewardName: nameOf(r.names, language),
      quantity: r.quantity,
      points: Number(r.points),
      status: r.status,
      address: r.address,
      mobile: r.mobile,
      remark: r.remark,
      rejectReason: r.reject_reason,
      createdAt: r.created_at.toISOString(),
      decidedAt: r.decided_at?.toISOString() ?? null,
    } satisfies Redemption;
  }

  async function merchantById(id: number) {
    const merchant = (await merchants.list()).find((m) => m.id === id);
    if (!merchant) throw new AppError('merchant_not_found');
    return merchant;
  }

  async function tell(
    trx: Database,
    merchant: Merchant,
    r: RedemptionRow,
    rewardNames: Partial<Record<LanguageCode, string>>,
    outcome: 'approved' | 'rejected',
    detail: string,
  ) {
    const language = merchant.settings.whitelabel.defaultLanguage;
    const texts =
      decisionMessages[language] ?? (decisionMessages.EN as NonNullable<typeof decisionMessages.EN>);
    const [title, content] = texts[outcome](nameOf(rewardNames, language), detail);
    await support.systemMessage(trx, {
      merchantId: merchant.id,
      memberId: r.member_id,
      kind: 'points',
      refId: Number(r.id),
      title,
      content,
    });
  }

  const service = {
    /** The promotions cost report's point-mall line: conversions to cash per day (merchant calendar). */
    costByDay(merchantId: number, from: Date, to: Date, timeZone: string) {
      return (deps.reports ? pointsRepository(deps.reports) : repo).conversionsByDay(
        merchantId,
        from,
        to,
        timeZone,
      );
    },

    settingsOf,

    // ------------------------------------------------------------------ player
    async balance(merchant: Merchant, member: SignedInMember) {
      return { points: await repo.balance(db, merchant.id, member.id) };
    },

    async config(merchant: Merchant) {
      return settingsOf(merchant.id);
    },

    async catalogue(merchant: Merchant, language?: string) {
      const [rows, settings] = await Promise.all([
        repo.rewards(merchant.id, { activeOnly: true }),
        settingsOf(merchant.id),
      ]);
      return {
        list: rows.map(
          (r): Reward => ({
            id: r.id,
            name: nameOf(r.names, language),
            points: Number(r.points),
            stock: r.stock,
            maxPerOrder: r.max_per_order,
            imageUrl: r.has_image ? `/wps/relay/MCS2_pointRewardImage/${r.id}` : null,
          }),
        ),
        conversion:
          settings.cashPerPoint > 0
            ? { cashPerPoint: settings.cashPerPoint, minPoints: settings.minConvertPoints }
            : null,
      };
    },

    async rewardImage(merchant: Merchant | null, id: number) {
      const row = await repo.rewardImage(id);
      if (!row?.image || !row.image_type || (merchant && row.merchant_id !== merchant.id))
        throw new AppError('not_found');
      return { bytes: row.image, contentType: row.image_type };
    },

    async redemptions(
      merchant: Merchant,
      member: SignedInMember,
      query: { pageNo: number; pageSize: number; status?: RedeemStatus | undefined },
      language?: string,
    ) {
      const { rows, total } = await repo.redemptions(
        { merchantIds: [merchant.id], memberId: member.id, status: query.status },
        query,
      );
      return {
        list: rows.map((r) => toRedemption(r, language)),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    async history(
      merchant: Merchant,
      member: SignedInMember,
      query: { pageNo: number; pageSize: number; type?: PointType | undefined; from?: string; to?: string },
    ) {
      const from = query.from ? new Date(`${query.from}T00:00:00Z`) : undefined;
      const to = query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000) : undefined;
      if (from && to && to <= from) throw new AppError('validation_failed', 'to');
      const { rows, total } = await repo.lines(merchant.id, member.id, { type: query.type, from, to }, query);
      return {
        list: rows.map(
          (r): PointLine => ({
            entryId: Number(r.entry_id),
            type: r.point_type,
            changedPoints: Number(r.amount),
            balanceAfter: Number(r.balance_after ?? 0),
            createdAt: r.created_at.toISOString(),
          }),
        ),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    /**
     * Redeems goods: checks every input first (each refusal its own code), then in one transaction takes the stock
     * (never below zero: the row update's condition), spends the points (never below zero: the ledger) and
     * records the redemption, which waits in the back office's fulfilment queue.
     */
    async redeem(merchant: Merchant, member: SignedInMember, body: RedeemBody, language?: string) {
      if (member.type === TRIAL_TYPE) throw new AppError('in_need_true_account');
      const key = `redeem:${member.id}:${requestKey(body.requestId)}`;
      const replay = async () => {
        const entry = await repo.entryByKey(db, merchant.id, key);
        const found = entry ? await repo.redemptionByEntry(db, Number(entry.id)) : undefined;
        if (!found) throw new AppError('idempotency_conflict', 'requestId');
        return service.redemptionOf(Number(found.id), language);
      };
      if (await repo.entryByKey(db, merchant.id, key)) return replay();
      const remark = body.remark.trim();
      if (remark.length > REDEEM_REMARK_MAX)
        throw new AppError('remark_too_long', 'remark', { max: REDEEM_REMARK_MAX });
      const reward = await repo.reward(db, body.rewardId);
      if (!reward || reward.merchant_id !== merchant.id)
        throw new AppError('points_reward_not_found', 'rewardId');
      if (!reward.active) throw new AppError('points_reward_inactive', 'rewardId');
      if (body.quantity < 1 || body.quantity > reward.max_per_order)
        throw new AppError('points_quantity_out_of_range', 'quantity', { max: reward.max_per_order });
      const cost = Number(reward.points) * body.quantity;
      if (cost > (await repo.balance(db, merchant.id, member.id))) throw new AppError('points_insufficient');
      await members.verifyPaymentPassword(member, body.paymentPassword);
      const [memberAccount, house] = await Promise.all([
        repo.account(db, merchant.id, 'member', member.id),
        repo.account(db, merchant.id, 'redeemed', null),
      ]);
      let id: number;
      try {
        id = await db.transaction().execute(async (trx) => {
          const taken = await repo.takeStock(trx, reward.id, merchant.id, body.quantity);
          if (!taken) {
            const now = await repo.reward(trx, reward.id);
            throw new AppError(now?.active ? 'points_out_of_stock' : 'points_reward_inactive', 'quantity');
          }
          const points = Number(taken.points) * body.quantity;
          const entry = await repo.post(trx, {
            merchantId: merchant.id,
            key,
            kind: 'redeem',
            memo: `reward:${reward.id}x${body.quantity}`,
            lines: [
              { accountId: memberAccount, pointType: 'redeem', amount: -points },
              { accountId: house, pointType: 'redeem', amount: points },
            ],
          });
          return repo.insertRedemption(trx, {
            merchant_id: merchant.id,
            member_id: member.id,
            reward_id: reward.id,
            quantity: body.quantity,
            points,
            address: body.address,
            mobile: body.mobile,
            remark,
            reject_reason: null,
            entry_id: entry.entryId,
            refund_entry_id: null,
            decided_by: null,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) return replay();
        throw error;
      }
      return service.redemptionOf(id, language);
    },

    async redemptionOf(id: number, language?: string) {
      const found = (await repo.redemptions({ id }, { pageNo: 1, pageSize: 1 })).rows[0];
      if (!found) throw new AppError('points_redemption_not_found', 'id');
      return toRedemption(found, language);
    },

    /** Points to cash at the merchant's rate: the points entry and the wallet credit commit together or not at all. */
    async convert(
      merchant: Merchant,
      member: SignedInMember,
      body: { points: number; paymentPassword: string; requestId?: string | undefined },
    ) {
      if (member.type === TRIAL_TYPE) throw new AppError('in_need_true_account');
      const requestId = requestKey(body.requestId);
      const key = `convert:${member.id}:${requestId}`;
      const [memberAccount, house, cashAccount, expense] = await Promise.all([
        repo.account(db, merchant.id, 'member', member.id),
        repo.account(db, merchant.id, 'converted', null),
        wallet.memberAccount(merchant.id, member.id),
        wallet.houseAccount(merchant.id, 'house_promotion_expense'),
      ]);
      const replay = async () => {
        const entry = await repo.entryByKey(db, merchant.id, key);
        const match = /^wallet:(\d+) points:(\d+)$/.exec(entry?.memo ?? '');
        if (entry?.kind !== 'convert' || !match) throw new AppError('idempotency_conflict', 'requestId');
        const money = await wallet.entry(merchant.id, Number(match[1]));
        const line = money.postings.find((p) => p.accountId === cashAccount);
        return {
          points: Number(match[2]),
          cash: Number(line?.amount ?? 0),
          balanceAfter: await wallet.balance(cashAccount),
        };
      };
      if (await repo.entryByKey(db, merchant.id, key)) return replay();
      const settings = await settingsOf(merchant.id);
      if (settings.cashPerPoint <= 0) throw new AppError('points_conversion_off');
      if (body.points < settings.minConvertPoints)
        throw new AppError('points_convert_too_few', 'points', { min: settings.minConvertPoints });
      if (body.points > (await repo.balance(db, merchant.id, member.id)))
        throw new AppError('points_insufficient', 'points');
      await members.verifyPaymentPassword(member, body.paymentPassword);
      const cash = body.points * settings.cashPerPoint;
      try {
        return await db.transaction().execute(async (trx) => {
          const moved = await wallet.post(trx, {
            merchantId: merchant.id,
            idempotencyKey: `points-convert:${member.id}:${requestId}`,
            type: 'promotion',
            memo: `Points conversion: ${body.points} points`,
            postings: [
              { accountId: expense, amount: -cash },
              { accountId: cashAccount, amount: cash },
            ],
            actor: { type: 'member', id: member.id },
          });
          await repo.post(trx, {
            merchantId: merchant.id,
            key,
            kind: 'convert',
            memo: `wallet:${moved.entryId} points:${body.points}`,
            cash,
            lines: [
              { accountId: memberAccount, pointType: 'convert', amount: -body.points },
              { accountId: house, pointType: 'convert', amount: body.points },
            ],
          });
          const after = moved.postings.find((p) => p.accountId === cashAccount)?.balanceAfter ?? 0;
          return { points: body.points, cash, balanceAfter: after };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return replay();
        throw error;
      }
    },

    // ------------------------------------------------------------------ accrual
    /**
     * Earns points for one merchant's bets and deposits from each source's watermark up to `until` (default: a
     * minute ago): one entry per source batch under a key made of its window, so a re-run or a second process
     * credits nothing twice. Fractions of a point carry over to the next batch. The job calls this for every merchant.
     */
    async accrue(merchant: Merchant, until = new Date(Date.now() - ACCRUAL_LAG_MS)) {
      const settings = await settingsOf(merchant.id);
      const marks = await repo.marks(db, merchant.id);
      let credited = 0;
      for (const mark of marks) {
        const from = mark.until;
        if (until <= from) continue;
        const range = { from, to: until };
        const amounts: { memberId: number; pointType: PointType; amount: number }[] = [];
        if (mark.source === 'bets') {
          for (const r of await gamesPlay.memberValidBets(merchant, range)) {
            const product = productOfGameType[r.product];
            if (product && r.bet > 0)
              amounts.push({ memberId: r.memberId, pointType: product, amount: r.bet });
          }
        } else {
          for (const r of await payments.creditedDepositTotals(merchant.id, range))
            if (r.amount > 0) amounts.push({ memberId: r.memberId, pointType: 'deposit', amount: r.amount });
        }
        const memberIds = [...new Set(amounts.map((a) => a.memberId))];
        const accounts = new Map<number, number>();
        for (const id of memberIds) accounts.set(id, await repo.account(db, merchant.id, 'member', id));
        const issued = await repo.account(db, merchant.id, 'issued', null);
        credited += await db.transaction().execute(async (trx) => {
          const locked = await repo.lockMark(trx, merchant.id, mark.source);
          // Another run moved the watermark since it was read: its batch covered this window.
          if (!locked || locked.until.getTime() !== from.getTime()) return 0;
          const carries = await repo.carries(trx, memberIds);
          const sums = new Map<string, number>();
          for (const a of amounts) {
            const k = `${a.memberId}|${a.pointType}`;
            sums.set(k, (sums.get(k) ?? carries.get(k) ?? 0) + a.amount);
          }
          const lines: Line[] = [];
          const perType = new Map<PointType, number>();
          const nextCarries: { memberId: number; pointType: string; carry: number }[] = [];
          for (const [k, total] of sums) {
            const [memberId, pointType] = [Number(k.split('|')[0]), k.split('|')[1] as PointType];
            const rate = settings.earnRates[pointType as keyof EarnRates] ?? 0;
            if (rate <= 0) continue;
            const points = Math.floor(total / rate);
            nextCarries.push({ memberId, pointType, carry: total - points * rate });
            if (points <= 0) continue;
            lines.push({ accountId: accounts.get(memberId) as number, pointType, amount: points });
            perType.set(pointType, (perType.get(pointType) ?? 0) + points);
          }
          for (const [pointType, points] of perType)
            lines.push({ accountId: issued, pointType, amount: -points });
          if (lines.length > 0) {
            await repo.post(trx, {
              merchantId: merchant.id,
              key: `earn:${mark.source}:${from.toISOString()}:${until.toISOString()}`,
              kind: 'earn',
              memo: `${mark.source} ${from.toISOString()}..${until.toISOString()}`,
              lines,
            });
          }
          await repo.saveCarries(trx, nextCarries);
          await repo.moveMark(trx, merchant.id, mark.source, until);
          return [...perType.values()].reduce((a, b) => a + b, 0);
        });
      }
      return { credited };
    },

    /** The scheduled job: every merchant's accrual, one after another. */
    async accrueAll() {
      for (const merchant of await merchants.list()) await service.accrue(merchant);
    },

    /** An operator runs the merchant's accrual now (after changing ratios, or to show a member their points). */
    async accrueNow(actor: Actor, merchant: Merchant) {
      const result = await service.accrue(merchant);
      await audit.record(db, {
        actorType: 'operator',
        actorId: actor.id,
        actorName: actor.name,
        merchantId: merchant.id,
        action: 'points.accrual.run',
        target: `merchant:${merchant.code}`,
        after: result,
        ip: actor.ip,
      });
      return result;
    },

    async reconcile(merchantId: number) {
      const report = await repo.reconcile(db, merchantId);
      return {
        ...report,
        ok:
          report.unbalancedEntries.length === 0 && report.driftingAccounts.length === 0 && report.total === 0,
      };
    },

    // ------------------------------------------------------------------ back office
    async saveSettings(actor: Actor, merchant: Merchant, body: PointSettings) {
      const before = await settingsOf(merchant.id);
      await db.transaction().execute(async (trx) => {
        await repo.saveSettings(trx, merchant.id, body);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: 'points.settings.update',
          target: `merchant:${merchant.code}`,
          before,
          after: body,
          ip: actor.ip,
        });
      });
      return settingsOf(merchant.id);
    },

    async adminRewards(merchant: Merchant): Promise<AdminReward[]> {
      const rows = await repo.rewards(merchant.id, { activeOnly: false });
      return rows.map((r) => ({
        id: r.id,
        merchantCode: merchant.code,
        names: r.names,
        points: Number(r.points),
        stock: r.stock,
        maxPerOrder: r.max_per_order,
        active: r.active,
        sort: r.sort,
        hasImage: Boolean(r.has_image),
        updatedAt: r.updated_at.toISOString(),
      }));
    },

    async saveReward(actor: Actor, merchant: Merchant, id: number | null, body: RewardBody) {
      let before: unknown;
      if (id !== null) {
        const found = await repo.reward(db, id);
        if (!found || found.merchant_id !== merchant.id) throw new AppError('points_reward_not_found', 'id');
        before = found;
      }
      const saved = await db.transaction().execute(async (trx) => {
        const rewardId = id ?? (await repo.insertReward(trx, merchant.id, body));
        if (id !== null) await repo.updateReward(trx, id, body);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: id === null ? 'points.reward.create' : 'points.reward.update',
          target: `points_reward:${rewardId}`,
          before,
          after: body,
          ip: actor.ip,
        });
        return rewardId;
      });
      return (await service.adminRewards(merchant)).find((r) => r.id === saved) as AdminReward;
    },

    async saveRewardImage(actor: Actor, merchant: Merchant, id: number, image: ReceivedImage | undefined) {
      if (!image) throw new AppError('validation_failed', 'image');
      const found = await repo.reward(db, id);
      if (!found || found.merchant_id !== merchant.id) throw new AppError('points_reward_not_found', 'id');
      await db.transaction().execute(async (trx) => {
        await repo.setRewardImage(trx, id, image);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: 'points.reward.image',
          target: `points_reward:${id}`,
          after: { contentType: image.contentType, bytes: image.bytes.length },
          ip: actor.ip,
        });
      });
      return (await service.adminRewards(merchant)).find((r) => r.id === id) as AdminReward;
    },

    async adminRedemptions(query: {
      pageNo: number;
      pageSize: number;
      status?: RedeemStatus | undefined;
      merchantCode?: readonly string[] | undefined;
      id?: number;
    }) {
      const { rows, total } = await repo.redemptions(
        { merchantIds: await merchants.idsOf(query.merchantCode), status: query.status, id: query.id },
        query,
      );
      return {
        list: rows.map(
          (r): AdminRedemption => ({
            ...toRedemption(r, 'EN'),
            merchantCode: r.merchant_code,
            memberId: r.member_id,
            username: r.username,
            decidedBy: r.decided_by_name,
          }),
        ),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    async adminRedemptionOf(id: number) {
      const found = (await service.adminRedemptions({ id, pageNo: 1, pageSize: 1 })).list[0];
      if (!found) throw new AppError('points_redemption_not_found', 'id');
      return found;
    },

    /** Ships the goods: the redemption is approved and the member told. */
    async approve(actor: Actor, id: number) {
      const found = await repo.redemption(db, id);
      if (!found) throw new AppError('points_redemption_not_found', 'id');
      const merchant = await merchantById(found.merchant_id);
      const reward = await repo.reward(db, found.reward_id);
      await db.transaction().execute(async (trx) => {
        const locked = await repo.redemption(trx, id, true);
        if (locked?.status !== 'processing') throw new AppError('points_redemption_decided', 'id');
        await repo.decideRedemption(trx, id, {
          status: 'approved',
          reason: null,
          operatorId: actor.id,
          refundEntryId: null,
        });
        await tell(trx, merchant, locked, reward?.names ?? {}, 'approved', String(locked.quantity));
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: 'points.redemption.approve',
          target: `points_redemption:${id}`,
          ip: actor.ip,
        });
      });
      return service.adminRedemptionOf(id);
    },

    /** Refuses a redemption: the points come back by a reversing entry and the stock returns, in one transaction. */
    async reject(actor: Actor, id: number, reason: string) {
      const found = await repo.redemption(db, id);
      if (!found) throw new AppError('points_redemption_not_found', 'id');
      const merchant = await merchantById(found.merchant_id);
      const reward = await repo.reward(db, found.reward_id);
      const [memberAccount, house] = await Promise.all([
        repo.account(db, merchant.id, 'member', found.member_id),
        repo.account(db, merchant.id, 'redeemed', null),
      ]);
      await db.transaction().execute(async (trx) => {
        const locked = await repo.redemption(trx, id, true);
        if (locked?.status !== 'processing') throw new AppError('points_redemption_decided', 'id');
        const points = Number(locked.points);
        const refund = await repo.post(trx, {
          merchantId: merchant.id,
          key: `refund:${id}`,
          kind: 'refund',
          reverses: locked.entry_id,
          memo: `redemption:${id}`,
          lines: [
            { accountId: house, pointType: 'refund', amount: -points },
            { accountId: memberAccount, pointType: 'refund', amount: points },
          ],
        });
        await repo.returnStock(trx, locked.reward_id, locked.quantity);
        await repo.decideRedemption(trx, id, {
          status: 'rejected',
          reason,
          operatorId: actor.id,
          refundEntryId: refund.entryId,
        });
        await tell(trx, merchant, locked, reward?.names ?? {}, 'rejected', reason);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: 'points.redemption.reject',
          target: `points_redemption:${id}`,
          after: { reason },
          ip: actor.ip,
        });
      });
      return service.adminRedemptionOf(id);
    },
  };
  return service;
}

export type PointsService = ReturnType<typeof pointsService>;
