// Transfers between members, the account record, and the back office's balances, ledger explorer, adjustments
// and reconciliation.
import { agentTypes, TRIAL_TYPE } from '@tala/contracts/members';
import type { EntryType } from '@tala/contracts/wallet';
import { sql } from 'kysely';
import { AppError } from '../../http/app-error.ts';
import type { SignedInMember } from '../members/members.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { Actor } from '../operators/operators.service.ts';
import type { PaymentsCore } from './payments-core.ts';
import { amountOf } from './payments-format.ts';

export function fundsUseCases(core: PaymentsCore) {
  const {
    db,
    wallet,
    audit,
    merchants,
    members,
    t,
    settingsOf,
    realMember,
    mainAccount,
    adjustmentPage,
    adjustmentOf,
    postAdjustment,
    transferBetween,
  } = core;

  /**
   * The account record's lines with the product of the play each belongs to: the in-house lottery's bets, payouts,
   * rebates and refunds (keys `lottery:…`, decision 039) are product LOTT; other lines have none.
   */
  async function withProducts<L extends { entryId: number }>(merchantId: number, lines: L[]) {
    const ids = [...new Set(lines.map((l) => l.entryId))];
    const keys =
      ids.length === 0
        ? []
        : await t(db)
            .selectFrom('ledger_entries')
            .select(['id', 'idempotency_key'])
            .where('merchant_id', '=', merchantId)
            .where('id', 'in', ids)
            .execute();
    const lottery = new Set(
      keys.filter((k) => k.idempotency_key.startsWith('lottery:')).map((k) => Number(k.id)),
    );
    return lines.map((l) => ({ ...l, product: lottery.has(l.entryId) ? 'LOTT' : null }));
  }

  return {
    // ---------------------------------------------------------------------------------------------------------
    // Transfers (issue item 5)

    async upline(member: SignedInMember) {
      if (!member.upline_id) return { username: null, nickname: null };
      const upline = await members.byId(member.upline_id);
      return { username: upline?.username ?? null, nickname: upline?.nickname ?? null };
    },

    async transferToUpline(
      merchant: Merchant,
      member: SignedInMember,
      body: { amount: unknown; paymentPassword: string; requestId?: string | undefined },
    ) {
      realMember(member);
      const amount = amountOf(body.amount);
      const upline = member.upline_id ? await members.byId(member.upline_id) : undefined;
      if (!upline || upline.merchant_id !== merchant.id) throw new AppError('transfer_no_upline');
      await members.verifyPaymentPassword(member, body.paymentPassword);
      return transferBetween(merchant, member, upline, 'upline', amount, body.requestId);
    },

    async downline(member: SignedInMember, q: string | undefined) {
      if (!(agentTypes as readonly number[]).includes(member.type)) throw new AppError('error_not_agent');
      return members.downline(member.id, q, 50);
    },

    async transferToDownline(
      merchant: Merchant,
      member: SignedInMember,
      body: { username: string; amount: unknown; paymentPassword: string; requestId?: string | undefined },
    ) {
      realMember(member);
      if (!(agentTypes as readonly number[]).includes(member.type)) throw new AppError('error_not_agent');
      const amount = amountOf(body.amount);
      const target = await members.byAccount(merchant.id, body.username);
      const depth =
        target && target.type !== TRIAL_TYPE ? await members.downlineDepth(member.id, target.id) : null;
      if (!target || depth === null) throw new AppError('transfer_not_in_downline', 'username');
      await members.verifyPaymentPassword(member, body.paymentPassword);
      return transferBetween(merchant, member, target, 'downline', amount, body.requestId);
    },

    /**
     * Deposits and withdrawals in a range per agent (the agents' daily rollups behind the agent centre's overview), each
     * counted for every agent the member was under when it happened; first deposits are members whose first approved
     * deposit fell in it.
     */
    async fundsByUpline(merchantId: number, range: { from: Date; to: Date }) {
      const deposits = await t(db)
        .selectFrom('deposits as d')
        .innerJoin('member_tree as tr', 'tr.descendant_id', 'd.member_id')
        .select((eb) => [
          'tr.ancestor_id',
          eb.fn.countAll<number>().as('n'),
          eb.fn.coalesce(eb.fn.sum<number>('d.amount'), sql<number>`0`).as('amount'),
          eb.fn
            .count<number>(
              sql`CASE WHEN NOT EXISTS (SELECT 1 FROM deposits e WHERE e.member_id = d.member_id AND e.status = 'approved' AND e.decided_at < d.decided_at) THEN 1 END`,
            )
            .as('first'),
        ])
        .where('d.merchant_id', '=', merchantId)
        .where('d.status', '=', 'approved')
        .where('d.decided_at', '>=', range.from)
        .where('d.decided_at', '<', range.to)
        .where('tr.depth', '>', 0)
        .whereRef('tr.valid_from', '<=', 'd.decided_at')
        .where((eb) => eb.or([eb('tr.valid_to', 'is', null), eb('tr.valid_to', '>', eb.ref('d.decided_at'))]))
        .groupBy('tr.ancestor_id')
        .execute();
      const withdrawals = await t(db)
        .selectFrom('withdrawals as w')
        .innerJoin('member_tree as tr', 'tr.descendant_id', 'w.member_id')
        .select((eb) => [
          'tr.ancestor_id',
          eb.fn.countAll<number>().as('n'),
          eb.fn
            .coalesce(eb.fn.sum<number>(sql`COALESCE(w.paid_amount, w.amount)`), sql<number>`0`)
            .as('amount'),
        ])
        .where('w.merchant_id', '=', merchantId)
        .where('w.status', 'in', ['paid', 'completed', 'disputed'])
        .where('w.paid_at', '>=', range.from)
        .where('w.paid_at', '<', range.to)
        .where('tr.depth', '>', 0)
        .whereRef('tr.valid_from', '<=', 'w.paid_at')
        .where((eb) => eb.or([eb('tr.valid_to', 'is', null), eb('tr.valid_to', '>', eb.ref('w.paid_at'))]))
        .groupBy('tr.ancestor_id')
        .execute();
      const byAgent = new Map<
        number,
        {
          agentId: number;
          deposits: number;
          depositCount: number;
          firstDeposits: number;
          withdrawals: number;
          withdrawalCount: number;
        }
      >();
      const of = (agentId: number) => {
        const row = byAgent.get(agentId) ?? {
          agentId,
          deposits: 0,
          depositCount: 0,
          firstDeposits: 0,
          withdrawals: 0,
          withdrawalCount: 0,
        };
        byAgent.set(agentId, row);
        return row;
      };
      for (const d of deposits) {
        const row = of(d.ancestor_id);
        row.deposits = Number(d.amount);
        row.depositCount = Number(d.n);
        row.firstDeposits = Number(d.first);
      }
      for (const w of withdrawals) {
        const row = of(w.ancestor_id);
        row.withdrawals = Number(w.amount);
        row.withdrawalCount = Number(w.n);
      }
      return [...byAgent.values()];
    },

    // ---------------------------------------------------------------------------------------------------------
    // Account record (issue item 6)

    async transactionHistory(
      merchant: Merchant,
      member: SignedInMember,
      query: {
        from?: string | undefined;
        to?: string | undefined;
        types?: EntryType[] | undefined;
        pageNo: number;
        pageSize: number;
      },
    ) {
      realMember(member);
      const filters: { from?: Date; to?: Date; types?: EntryType[] } = {};
      if (query.from) filters.from = new Date(query.from);
      if (query.to) filters.to = new Date(query.to);
      if (filters.from && filters.to && filters.from > filters.to)
        throw new AppError('validation_failed', 'from');
      if (query.types) filters.types = query.types;
      const page = await wallet.statement(await mainAccount(merchant, member.id), filters, {
        pageNo: query.pageNo,
        pageSize: query.pageSize,
      });
      return { ...page, list: await withProducts(merchant.id, page.list) };
    },

    // ---------------------------------------------------------------------------------------------------------
    // Back office: balances, ledger explorer, adjustments, reconciliation (issue item 7)

    async memberBalances(query: {
      merchantCode?: readonly string[] | undefined;
      q?: string | undefined;
      pageNo: number;
      pageSize: number;
    }) {
      const page = await members.list({
        merchantCode: query.merchantCode,
        q: query.q,
        realOnly: true,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
      });
      const ids = page.list.map((m) => m.id);
      const accounts = await wallet.memberAccounts(ids);
      const held =
        ids.length === 0
          ? []
          : await t(db)
              .selectFrom('withdrawals')
              .select(['member_id', sql<number>`sum(amount - refunded_amount)`.as('held')])
              .where('member_id', 'in', ids)
              .where('status', 'in', ['pending', 'awaiting_second_approval', 'approved'])
              .groupBy('member_id')
              .execute();
      const sum = (memberId: number, kind: 'member_main' | 'member_vendor') =>
        accounts
          .filter((a) => a.memberId === memberId && a.kind === kind)
          .reduce((total, a) => total + a.balance, 0);
      return {
        list: page.list.map((m) => ({
          memberId: m.id,
          merchantCode: m.merchantCode,
          username: m.account,
          nickname: m.nickname,
          type: m.type,
          mainBalance: sum(m.id, 'member_main'),
          vendorBalance: sum(m.id, 'member_vendor'),
          heldWithdrawals: Number(held.find((h) => h.member_id === m.id)?.held ?? 0),
        })),
        pageNo: page.pageNo,
        pageSize: page.pageSize,
        total: page.total,
        totalPages: page.totalPages,
      };
    },

    async memberLedger(
      memberId: number,
      query: {
        from?: string | undefined;
        to?: string | undefined;
        types?: EntryType[] | undefined;
        accountId?: number | undefined;
        pageNo: number;
        pageSize: number;
      },
    ) {
      const member = await members.byId(memberId);
      const merchant = member && (await merchants.list()).find((m) => m.id === member.merchant_id);
      if (!member || !merchant) throw new AppError('not_found');
      if (member.type !== TRIAL_TYPE) await mainAccount(merchant, member.id);
      const accounts = await wallet.memberAccounts(member.id);
      const main = accounts.find((a) => a.kind === 'member_main');
      const accountId = query.accountId ?? main?.id;
      if (query.accountId && !accounts.some((a) => a.id === query.accountId))
        throw new AppError('account_not_found', 'accountId');
      const filters: { from?: Date; to?: Date; types?: EntryType[] } = {};
      if (query.from) filters.from = new Date(query.from);
      if (query.to) filters.to = new Date(query.to);
      if (query.types) filters.types = query.types;
      const statement = accountId
        ? await wallet.statement(accountId, filters, { pageNo: query.pageNo, pageSize: query.pageSize })
        : { list: [], pageNo: query.pageNo, pageSize: query.pageSize, total: 0, totalPages: 0 };
      const balances = (
        await this.memberBalances({
          merchantCode: [merchant.code],
          q: member.username,
          pageNo: 1,
          pageSize: 50,
        })
      ).list;
      const summary = balances.find((b) => b.memberId === member.id) ?? {
        memberId: member.id,
        merchantCode: merchant.code,
        username: member.username,
        nickname: member.nickname,
        type: member.type,
        mainBalance: 0,
        vendorBalance: 0,
        heldWithdrawals: 0,
      };
      return {
        member: summary,
        accounts: accounts.map((a) => ({
          accountId: a.id,
          kind: a.kind,
          vendorCode: a.vendorCode,
          balance: a.balance,
        })),
        statement,
      };
    },

    async requestAdjustment(
      actor: Actor,
      body: { memberId: number; direction: 'credit' | 'debit'; amount: unknown; reason: string },
    ) {
      const member = await members.byId(body.memberId);
      if (!member) throw new AppError('not_found', 'memberId');
      if (member.type === TRIAL_TYPE) throw new AppError('in_need_true_account', 'memberId');
      const size = amountOf(body.amount);
      const amount = body.direction === 'credit' ? size : -size;
      const s = await settingsOf(member.merchant_id);
      const requiresSecond = size > s.adjustmentSecondApprovalAbove;
      const accounts = {
        member: await wallet.memberAccount(member.merchant_id, member.id),
        house: await wallet.houseAccount(member.merchant_id, 'house_adjustment'),
      };
      const id = await db.transaction().execute(async (trx) => {
        const row = await t(trx)
          .insertInto('balance_adjustments')
          .values({
            merchant_id: member.merchant_id,
            member_id: member.id,
            amount,
            reason: body.reason,
            requires_second: requiresSecond,
            requested_by: actor.id,
            requested_by_name: actor.name,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: member.merchant_id,
          action: 'payments.adjustment.request',
          target: `member:${member.id}`,
          after: { adjustmentId: row.id, amount, reason: body.reason, requiresSecond },
          ip: actor.ip,
        });
        if (!requiresSecond) {
          const entryId = await postAdjustment(trx, row, actor, accounts);
          await t(trx)
            .updateTable('balance_adjustments')
            .set({
              status: 'approved',
              ledger_entry_id: entryId,
              decided_by: actor.id,
              decided_by_name: actor.name,
              decided_at: sql<Date>`now()`,
            })
            .where('id', '=', row.id)
            .execute();
        }
        return row.id;
      });
      return adjustmentOf(id);
    },

    async decideAdjustment(actor: Actor, id: number, approve: boolean) {
      const found = await t(db)
        .selectFrom('balance_adjustments')
        .select(['merchant_id', 'member_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!found) throw new AppError('not_found');
      const accounts = {
        member: await wallet.memberAccount(found.merchant_id, found.member_id),
        house: await wallet.houseAccount(found.merchant_id, 'house_adjustment'),
      };
      await db.transaction().execute(async (trx) => {
        const row = await t(trx)
          .selectFrom('balance_adjustments')
          .selectAll()
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (row.status !== 'pending') throw new AppError('payment_state_invalid');
        if (row.requested_by === actor.id) throw new AppError('same_operator_approval');
        let entryId: number | null = null;
        if (approve) entryId = await postAdjustment(trx, row, actor, accounts);
        await t(trx)
          .updateTable('balance_adjustments')
          .set({
            status: approve ? 'approved' : 'rejected',
            ledger_entry_id: entryId,
            decided_by: actor.id,
            decided_by_name: actor.name,
            decided_at: sql<Date>`now()`,
          })
          .where('id', '=', id)
          .execute();
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: row.merchant_id,
          action: approve ? 'payments.adjustment.approve' : 'payments.adjustment.reject',
          target: `member:${row.member_id}`,
          after: { adjustmentId: id, amount: row.amount, entryId },
          ip: actor.ip,
        });
      });
      return adjustmentOf(id);
    },

    async adjustments(query: {
      merchantCode?: readonly string[] | undefined;
      status?: string | undefined;
      pageNo: number;
      pageSize: number;
    }) {
      return adjustmentPage(query);
    },

    /** The ledger's reconciliation of the merchants named (a list's merchant filter), or of every merchant. */
    async reconciliation(merchantCodes: readonly string[] | undefined) {
      return wallet.reconcile((await merchants.idsOf(merchantCodes)) ?? null);
    },
  };
}
