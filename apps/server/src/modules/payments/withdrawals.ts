// Bank cards and withdrawals: limits, holds, approvals, payment, receipt and disputes.
import type { Withdrawal } from '@tala/contracts/payments';
import { sql } from 'kysely';
import { AppError } from '../../http/app-error.ts';
import type { ReceivedImage } from '../content/uploads.ts';
import type { SignedInMember } from '../members/members.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { Actor } from '../operators/operators.service.ts';
import type { PaymentsCore } from './payments-core.ts';
import {
  amountOf,
  MAX_BANK_CARDS,
  maskAccount,
  normaliseName,
  orderNumber,
  toCard,
  toWithdrawal,
  type WithdrawalRow,
} from './payments-format.ts';

export function withdrawalUseCases(core: PaymentsCore) {
  const {
    db,
    wallet,
    audit,
    members,
    t,
    settingsOf,
    realMember,
    ledgerKey,
    mainAccount,
    sweep,
    withdrawalRow,
    cardRow,
    refundWithdrawal,
    operateWithdrawal,
    adminWithdrawalOf,
    withdrawalPage,
    adminWithdrawals,
    usedToday,
    checkCashOut,
    refreshCashOut,
    heldBack,
  } = core;
  return {
    // ---------------------------------------------------------------------------------------------------------
    // Payment password and bank cards (issue item 4)

    async bankCards(member: SignedInMember) {
      const rows = await t(db)
        .selectFrom('bank_cards')
        .selectAll()
        .where('member_id', '=', member.id)
        .where('removed_at', 'is', null)
        .orderBy('id')
        .execute();
      return rows.map(toCard);
    },

    /** The account numbers of the member's bound cards, in full (promotions: one claim per bank account). */
    async bankAccountNumbers(memberId: number) {
      const rows = await t(db)
        .selectFrom('bank_cards')
        .select('account_number')
        .where('member_id', '=', memberId)
        .where('removed_at', 'is', null)
        .execute();
      return rows.map((r) => r.account_number);
    },

    async addBankCard(
      member: SignedInMember,
      body: { bankName: string; accountNumber: string; payeeName: string; paymentPassword: string },
      ip: string,
    ) {
      realMember(member);
      if (!member.payee_name || normaliseName(member.payee_name) !== normaliseName(body.payeeName)) {
        throw new AppError('payee_name_mismatch', 'payeeName');
      }
      await members.verifyPaymentPassword(member, body.paymentPassword);
      return db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(21, ${member.id})`.execute(trx);
        const bound = await t(trx)
          .selectFrom('bank_cards')
          .select(['account_number'])
          .where('member_id', '=', member.id)
          .where('removed_at', 'is', null)
          .execute();
        if (bound.some((c) => c.account_number === body.accountNumber))
          throw new AppError('bank_card_duplicate', 'accountNumber');
        if (bound.length >= MAX_BANK_CARDS)
          throw new AppError('bank_card_limit', undefined, { max: MAX_BANK_CARDS });
        const row = await t(trx)
          .insertInto('bank_cards')
          .values({
            merchant_id: member.merchant_id,
            member_id: member.id,
            bank_name: body.bankName,
            account_number: body.accountNumber,
            payee_name: member.payee_name as string,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit.record(trx, {
          actorType: 'member',
          actorId: member.id,
          actorName: member.username,
          merchantId: member.merchant_id,
          action: 'payments.bank_card.add',
          target: `bank_card:${row.id}`,
          after: { bankName: row.bank_name, account: maskAccount(row.account_number) },
          ip,
        });
        return toCard(row);
      });
    },

    async removeBankCard(member: SignedInMember, id: number, paymentPassword: string, ip: string) {
      realMember(member);
      const card = await t(db)
        .selectFrom('bank_cards')
        .selectAll()
        .where('id', '=', id)
        .where('member_id', '=', member.id)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      if (!card) throw new AppError('bank_card_not_yours', 'id');
      await members.verifyPaymentPassword(member, paymentPassword);
      await db.transaction().execute(async (trx) => {
        // The member's withdrawal lock: a withdrawal to this card cannot start while it is being removed.
        await sql`SELECT pg_advisory_xact_lock(20, ${member.id})`.execute(trx);
        const unfinished = await t(trx)
          .selectFrom('withdrawals')
          .select('id')
          .where('bank_card_id', '=', id)
          .where('status', 'not in', ['rejected', 'completed'])
          .executeTakeFirst();
        if (unfinished) throw new AppError('bank_card_withdrawal_pending', 'id');
        await t(trx)
          .updateTable('bank_cards')
          .set({ removed_at: sql<Date>`now()` })
          .where('id', '=', id)
          .execute();
        await audit.record(trx, {
          actorType: 'member',
          actorId: member.id,
          actorName: member.username,
          merchantId: member.merchant_id,
          action: 'payments.bank_card.remove',
          target: `bank_card:${id}`,
          ip,
        });
      });
    },

    // ---------------------------------------------------------------------------------------------------------
    // Withdrawals (issue item 4)

    async withdrawalLimits(merchant: Merchant, member: SignedInMember) {
      realMember(member);
      const s = await settingsOf(merchant.id);
      const used = await usedToday(db, merchant, member.id);
      return {
        minAmount: s.withdrawal.minAmount,
        maxAmount: s.withdrawal.maxAmount,
        dailyMaxAmount: s.withdrawal.dailyMaxAmount,
        usedToday: used,
        autoReceiveMinutes: s.withdrawal.autoReceiveMinutes,
        balance: await wallet.balance(await mainAccount(merchant, member.id)),
        bonusHeld: await heldBack(merchant, member.id),
        paymentPasswordSet: await members.paymentPasswordIsSet(member.id),
      };
    },

    async withdraw(
      merchant: Merchant,
      member: SignedInMember,
      body: { amount: unknown; bankCardId: number; paymentPassword: string; requestId?: string | undefined },
    ): Promise<Withdrawal> {
      realMember(member);
      const s = await settingsOf(merchant.id);
      const amount = amountOf(body.amount, { min: s.withdrawal.minAmount, max: s.withdrawal.maxAmount });
      await core.deps.kyc.requireVerifiedFor(merchant, member.id, amount);
      const card = await t(db)
        .selectFrom('bank_cards')
        .selectAll()
        .where('id', '=', body.bankCardId)
        .where('member_id', '=', member.id)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      if (!card) throw new AppError('bank_card_not_yours', 'bankCardId');
      await members.verifyPaymentPassword(member, body.paymentPassword);
      if (body.requestId) {
        const existing = await t(db)
          .selectFrom('withdrawals')
          .select('id')
          .where('member_id', '=', member.id)
          .where('request_id', '=', body.requestId)
          .executeTakeFirst();
        if (existing) {
          const row = (await withdrawalRow(db, existing.id)) as WithdrawalRow;
          if (row.amount !== amount || row.bank_card_id !== card.id)
            throw new AppError('idempotency_conflict', 'requestId');
          return toWithdrawal(row, card, s.withdrawal.autoReceiveMinutes);
        }
      }
      const account = await mainAccount(merchant, member.id);
      const clearing = await wallet.houseAccount(merchant.id, 'house_withdrawal_clearing');
      await refreshCashOut(merchant, member.id);
      const id = await db.transaction().execute(async (trx) => {
        // One withdrawal of a member at a time: the daily limit is checked and used in one step.
        await sql`SELECT pg_advisory_xact_lock(20, ${member.id})`.execute(trx);
        const stillBound = await t(trx)
          .selectFrom('bank_cards')
          .select('id')
          .where('id', '=', card.id)
          .where('removed_at', 'is', null)
          .executeTakeFirst();
        if (!stillBound) throw new AppError('bank_card_not_yours', 'bankCardId');
        const used = await usedToday(trx, merchant, member.id);
        if (used + amount > s.withdrawal.dailyMaxAmount) {
          throw new AppError('withdrawal_daily_limit', 'amount', { max: s.withdrawal.dailyMaxAmount });
        }
        const orderNo = orderNumber('W');
        const hold = await wallet.transfer(trx, {
          merchantId: merchant.id,
          idempotencyKey: ledgerKey('withdrawal', orderNo, 'hold'),
          type: 'withdrawal',
          from: account,
          to: clearing,
          amount,
          memo: `Withdrawal ${orderNo} to ${card.bank_name} ${maskAccount(card.account_number)}`,
          actor: { type: 'member', id: member.id },
        });
        await checkCashOut(trx, member.id, amount, hold.postings[0]?.balanceAfter ?? null);
        const row = await t(trx)
          .insertInto('withdrawals')
          .values({
            merchant_id: merchant.id,
            member_id: member.id,
            order_no: orderNo,
            request_id: body.requestId ?? null,
            bank_card_id: card.id,
            amount,
            requires_second: amount > s.withdrawal.secondApprovalAbove,
            hold_entry_id: hold.entryId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      return toWithdrawal(
        (await withdrawalRow(db, id)) as WithdrawalRow,
        card,
        s.withdrawal.autoReceiveMinutes,
      );
    },

    async memberWithdrawals(
      merchant: Merchant,
      member: SignedInMember,
      query: { status?: string | undefined; pageNo: number; pageSize: number },
    ) {
      const found = await withdrawalPage(
        { merchantIds: [merchant.id], memberId: member.id, status: query.status },
        query,
      );
      return { ...found, list: found.list.map((w) => w.withdrawal) };
    },

    /** The member's answer after a payout: received, partly received (how much), or not received (with proof). */
    async confirmReceipt(
      merchant: Merchant,
      member: SignedInMember,
      fields: Record<string, string>,
      images: ReceivedImage[],
    ) {
      realMember(member);
      const withdrawalId = Number(fields.withdrawalId);
      if (!Number.isSafeInteger(withdrawalId) || withdrawalId < 1)
        throw new AppError('validation_failed', 'withdrawalId');
      const receipt = fields.receipt;
      if (receipt !== 'received' && receipt !== 'partly_received' && receipt !== 'not_received') {
        throw new AppError('validation_failed', 'receipt');
      }
      const found = await withdrawalRow(db, withdrawalId);
      if (!found || found.member_id !== member.id) throw new AppError('withdrawal_not_found', 'withdrawalId');
      await sweep([merchant.id]);
      const s = await settingsOf(merchant.id);
      const current = (await withdrawalRow(db, withdrawalId)) as WithdrawalRow;
      if (current.status === 'completed' && current.receipt === 'auto_received')
        throw new AppError('confirmation_closed');
      if (current.status !== 'paid') throw new AppError('payment_state_invalid');
      const paid = current.paid_amount as number;
      let receivedAmount: number;
      if (receipt === 'received') receivedAmount = paid;
      else if (receipt === 'partly_received') {
        if (paid <= 1) throw new AppError('amount_over_limit', 'receivedAmount', { max: 0 });
        receivedAmount = amountOf(fields.receivedAmount, { max: paid - 1 }, 'receivedAmount');
      } else {
        receivedAmount = 0;
        if (images.length === 0) throw new AppError('image_required', 'proof');
      }
      if (receipt !== 'not_received' && images.length > 0) throw new AppError('validation_failed', 'proof');
      await db.transaction().execute(async (trx) => {
        const row = await t(trx)
          .selectFrom('withdrawals')
          .select(['status', 'paid_at'])
          .where('id', '=', withdrawalId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (row.status !== 'paid') throw new AppError('payment_state_invalid');
        const closes = new Date(row.paid_at as Date).getTime() + s.withdrawal.autoReceiveMinutes * 60_000;
        if (Date.now() > closes) throw new AppError('confirmation_closed');
        await t(trx)
          .updateTable('withdrawals')
          .set({
            status: receipt === 'received' ? 'completed' : 'disputed',
            receipt,
            received_amount: receivedAmount,
            confirmed_at: sql<Date>`now()`,
          })
          .where('id', '=', withdrawalId)
          .execute();
        for (const image of images) {
          await t(trx)
            .insertInto('payment_proofs')
            .values({ withdrawal_id: withdrawalId, content_type: image.contentType, bytes: image.bytes })
            .execute();
        }
        await audit.record(trx, {
          actorType: 'member',
          actorId: member.id,
          actorName: member.username,
          merchantId: merchant.id,
          action: `payments.withdrawal.${receipt}`,
          target: `withdrawal:${current.order_no}`,
          after: { receivedAmount, proofs: images.length },
        });
      });
      const card = await cardRow(db, current.bank_card_id);
      return toWithdrawal(
        (await withdrawalRow(db, withdrawalId)) as WithdrawalRow,
        card,
        s.withdrawal.autoReceiveMinutes,
      );
    },

    adminWithdrawals,

    async approveWithdrawal(actor: Actor, id: number) {
      await operateWithdrawal(actor, id, 'approve', async (trx, row) => {
        if (row.status === 'pending') {
          const status = row.requires_second ? 'awaiting_second_approval' : 'approved';
          await t(trx)
            .updateTable('withdrawals')
            .set({ status, first_approved_by: actor.id, first_approved_name: actor.name })
            .where('id', '=', id)
            .execute();
          return { status };
        }
        if (row.status === 'awaiting_second_approval') {
          if (row.first_approved_by === actor.id) throw new AppError('same_operator_approval');
          await t(trx)
            .updateTable('withdrawals')
            .set({ status: 'approved', second_approved_by: actor.id, second_approved_name: actor.name })
            .where('id', '=', id)
            .execute();
          return { status: 'approved' };
        }
        throw new AppError('payment_state_invalid');
      });
      return adminWithdrawalOf(id);
    },

    async rejectWithdrawal(actor: Actor, id: number, reason: string) {
      await operateWithdrawal(actor, id, 'reject', async (trx, row, accounts) => {
        if (!['pending', 'awaiting_second_approval', 'approved'].includes(row.status))
          throw new AppError('payment_state_invalid');
        await refundWithdrawal(trx, row, row.amount - row.refunded_amount, 'rejected', actor, accounts);
        await t(trx)
          .updateTable('withdrawals')
          .set({ status: 'rejected', reject_reason: reason })
          .where('id', '=', id)
          .execute();
        return { status: 'rejected', reason, refunded: row.amount - row.refunded_amount };
      });
      return adminWithdrawalOf(id);
    },

    async markWithdrawalPaid(actor: Actor, id: number, paidAmountInput: unknown) {
      await operateWithdrawal(actor, id, 'paid', async (trx, row, accounts) => {
        if (row.status !== 'approved') throw new AppError('payment_state_invalid');
        const paidAmount = amountOf(paidAmountInput, { max: row.amount }, 'paidAmount');
        await refundWithdrawal(trx, row, row.amount - paidAmount, 'partial-payout', actor, accounts);
        await t(trx)
          .updateTable('withdrawals')
          .set({
            status: 'paid',
            paid_amount: paidAmount,
            paid_at: sql<Date>`now()`,
            paid_by: actor.id,
            paid_by_name: actor.name,
          })
          .where('id', '=', id)
          .execute();
        return { status: 'paid', paidAmount, payout: paidAmount === row.amount ? 'full' : 'partial' };
      });
      return adminWithdrawalOf(id);
    },

    async resolveWithdrawal(actor: Actor, id: number, body: { refundAmount?: unknown; note: string }) {
      await operateWithdrawal(actor, id, 'resolve', async (trx, row, accounts) => {
        if (row.status !== 'disputed') throw new AppError('payment_state_invalid');
        const paid = row.paid_amount as number;
        const refund =
          body.refundAmount === undefined || body.refundAmount === null || body.refundAmount === ''
            ? 0
            : amountOf(body.refundAmount, { max: paid }, 'refundAmount');
        await refundWithdrawal(trx, row, refund, 'dispute-refund', actor, accounts);
        await t(trx)
          .updateTable('withdrawals')
          .set({ status: 'completed', resolution_note: body.note })
          .where('id', '=', id)
          .execute();
        return { status: 'completed', refund, note: body.note };
      });
      return adminWithdrawalOf(id);
    },
  };
}
