import { moneyDisplay } from '@tala/contracts/money-format';
// Deposits: channels, bank transfers with proof, gateway payments and their notifications, the operators'
// decisions.
import { type Deposit, type GatewayNotification, gatewayNotification } from '@tala/contracts/payments';
import { sql } from 'kysely';
import { AppError } from '../../http/app-error.ts';
import { changes } from '../../lib/change-feed.ts';
import type { ReceivedImage } from '../content/uploads.ts';
import type { SignedInMember } from '../members/members.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { Actor } from '../operators/operators.service.ts';
import { checkGatewaySignature } from './gateway-protocol.ts';
import type { StoredBankAccount } from './payments.tables.ts';
import type { PaymentsCore } from './payments-core.ts';
import { amountOf, type DepositRow, orderNumber, SANDBOX_GATEWAY, toDeposit } from './payments-format.ts';

export function depositUseCases(core: PaymentsCore) {
  /** What the member's deposits still pending add up to (a deposit limit counts them at a request). */
  async function pendingDeposits(trx: PaymentsCore['db'], memberId: number) {
    const found = await core
      .t(trx)
      .selectFrom('deposits')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('pending'))
      .where('member_id', '=', memberId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(found.pending);
  }

  const {
    db,
    wallet,
    members,
    repo,
    t,
    gateway,
    settingsOf,
    realMember,
    ledgerKey,
    depositById,
    decideDeposit,
    depositPage,
    listReader,
    adminScope,
    adminDepositOf,
    deps,
  } = core;
  return {
    // ---------------------------------------------------------------------------------------------------------
    // Deposits (issue item 3)

    async depositChannels(merchant: Merchant) {
      const s = await settingsOf(merchant.id);
      const credentials = await repo.gatewayCredentials(db, merchant.id, s.deposit.gateway.gatewayCode);
      const apiUrl =
        credentials?.api_url ??
        (s.deposit.gateway.gatewayCode === SANDBOX_GATEWAY ? deps.sandboxUrl?.() : undefined);
      return {
        bank: { ...s.deposit.bank },
        gateway: {
          ...s.deposit.gateway,
          available: s.deposit.gateway.enabled && !!credentials && !!apiUrl && !!deps.callbackBase?.(),
        },
        expiryMinutes: s.deposit.expiryMinutes,
      };
    },

    async depositByBank(
      merchant: Merchant,
      member: SignedInMember,
      fields: Record<string, string>,
      images: ReceivedImage[],
    ): Promise<Deposit> {
      realMember(member);
      const s = await settingsOf(merchant.id);
      if (!s.deposit.bank.enabled) throw new AppError('payment_channel_unavailable', 'channel');
      const amount = amountOf(fields.amount, {
        min: s.deposit.bank.minAmount,
        max: s.deposit.bank.maxAmount,
      });
      const account = s.deposit.bank.accounts.find((a) => a.id === fields.bankAccountId);
      if (!account) throw new AppError('validation_failed', 'bankAccountId');
      const payerName = (fields.payerName ?? '').trim();
      if (payerName.length < 1 || payerName.length > 80) throw new AppError('validation_failed', 'payerName');
      const reference = (fields.reference ?? '').trim();
      if (reference.length < 4 || reference.length > 60) throw new AppError('validation_failed', 'reference');
      const requestId = fields.requestId || null;
      if (requestId !== null && !/^[A-Za-z0-9_-]{8,64}$/.test(requestId))
        throw new AppError('validation_failed', 'requestId');
      if (images.some((i) => i.contentType !== 'image/png' && i.contentType !== 'image/jpeg')) {
        throw new AppError('image_type_not_allowed', 'proof', { types: 'PNG, JPG' });
      }
      if (requestId) {
        const existing = await t(db)
          .selectFrom('deposits')
          .select('id')
          .where('member_id', '=', member.id)
          .where('request_id', '=', requestId)
          .executeTakeFirst();
        if (existing) return toDeposit((await depositById(db, existing.id)) as DepositRow);
      }
      const id = await db.transaction().execute(async (trx) => {
        await deps.limits?.depositRequest(trx, { merchantId: merchant.id, memberId: member.id }, amount, () =>
          pendingDeposits(trx, member.id),
        );
        const row = await t(trx)
          .insertInto('deposits')
          .values({
            merchant_id: merchant.id,
            member_id: member.id,
            order_no: orderNumber('D'),
            request_id: requestId,
            channel: 'bank',
            amount,
            reference,
            bank_account: JSON.stringify(account satisfies StoredBankAccount),
            payer_name: payerName,
            gateway_code: null,
            expires_at: sql<Date>`now() + make_interval(mins => ${s.deposit.expiryMinutes})`,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const image of images) {
          await t(trx)
            .insertInto('payment_proofs')
            .values({ deposit_id: row.id, content_type: image.contentType, bytes: image.bytes })
            .execute();
        }
        return row.id;
      });
      return toDeposit((await depositById(db, id)) as DepositRow);
    },

    async depositByGateway(
      merchant: Merchant,
      member: SignedInMember,
      body: { amount: unknown; returnPath?: string | undefined; requestId?: string | undefined },
      origin: string,
    ) {
      realMember(member);
      const s = await settingsOf(merchant.id);
      const code = s.deposit.gateway.gatewayCode;
      if (!s.deposit.gateway.enabled) throw new AppError('payment_channel_unavailable', 'channel');
      const amount = amountOf(body.amount, {
        min: s.deposit.gateway.minAmount,
        max: s.deposit.gateway.maxAmount,
      });
      const credentials = await repo.gatewayCredentials(db, merchant.id, code);
      const apiUrl = credentials?.api_url ?? (code === SANDBOX_GATEWAY ? deps.sandboxUrl?.() : undefined);
      const callbackBase = deps.callbackBase?.();
      if (!credentials || !apiUrl || !callbackBase)
        throw new AppError('payment_channel_unavailable', 'channel');
      if (body.requestId) {
        const existing = await t(db)
          .selectFrom('deposits')
          .select('id')
          .where('member_id', '=', member.id)
          .where('request_id', '=', body.requestId)
          .executeTakeFirst();
        if (existing) throw new AppError('idempotency_conflict', 'requestId');
      }
      const row = await db.transaction().execute(async (trx) => {
        await deps.limits?.depositRequest(trx, { merchantId: merchant.id, memberId: member.id }, amount, () =>
          pendingDeposits(trx, member.id),
        );
        return t(trx)
          .insertInto('deposits')
          .values({
            merchant_id: merchant.id,
            member_id: member.id,
            order_no: orderNumber('D'),
            request_id: body.requestId ?? null,
            channel: 'gateway',
            amount,
            reference: null,
            bank_account: null,
            payer_name: null,
            gateway_code: code,
            expires_at: sql<Date>`now() + make_interval(mins => ${s.deposit.expiryMinutes})`,
          })
          .returning(['id', 'order_no'])
          .executeTakeFirstOrThrow();
      });
      let payUrl: string;
      try {
        const created = await gateway.createOrder(
          { apiUrl, secret: credentials.secret },
          {
            merchantNo: credentials.merchant_no,
            orderNo: row.order_no,
            amount,
            currency: moneyDisplay(merchant.settings.whitelabel).currency,
            exponent: moneyDisplay(merchant.settings.whitelabel).currencyExponent,
            notifyUrl: `${callbackBase}/vendor-api/payments/${code}/notify`,
            returnUrl: `${origin}${body.returnPath ?? '/'}`,
          },
        );
        payUrl = created.payUrl;
        await t(db)
          .updateTable('deposits')
          .set({ gateway_txn_id: created.gatewayTxnId })
          .where('id', '=', row.id)
          .execute();
      } catch {
        await t(db)
          .updateTable('deposits')
          .set({
            status: 'rejected',
            reject_reason: 'The payment gateway could not be reached',
            decided_at: sql<Date>`now()`,
          })
          .where('id', '=', row.id)
          .execute();
        throw new AppError('payment_channel_unavailable', 'channel');
      }
      return { ...toDeposit((await depositById(db, row.id)) as DepositRow), payUrl };
    },

    /**
     * A gateway's signed notification. Forged (bad signature, unknown merchant number), stale or replayed (a nonce
     * seen before) ones are refused and change nothing; a repeated or late "paid" credits the deposit once.
     */
    async gatewayNotify(
      gatewayCode: string,
      headers: { timestamp?: string | undefined; nonce?: string | undefined; signature?: string | undefined },
      rawBody: string,
    ) {
      let parsed: GatewayNotification;
      try {
        const result = gatewayNotification.safeParse(JSON.parse(rawBody));
        if (!result.success)
          throw new AppError('validation_failed', String(result.error.issues[0]?.path[0] ?? 'body'));
        parsed = result.data;
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError('validation_failed', 'body');
      }
      const credentials = await repo.gatewayCredentialsByNumber(db, gatewayCode, parsed.merchantNo);
      if (!credentials) throw new AppError('signature_invalid');
      const check = checkGatewaySignature(credentials.secret, headers, rawBody);
      if (check === 'stale') throw new AppError('signature_stale');
      if (check !== 'ok') throw new AppError('signature_invalid');
      const found = await t(db)
        .selectFrom('deposits')
        .selectAll()
        .where('merchant_id', '=', credentials.merchant_id)
        .where('order_no', '=', parsed.orderNo)
        .where('gateway_code', '=', gatewayCode)
        .executeTakeFirst();
      if (!found) throw new AppError('deposit_not_found', 'orderNo');
      if (found.amount !== parsed.amount) throw new AppError('gateway_amount_mismatch', 'amount');
      const member = await wallet.memberAccount(found.merchant_id, found.member_id);
      const clearing = await wallet.houseAccount(found.merchant_id, 'house_deposit_clearing');
      return db.transaction().execute(async (trx) => {
        if (!(await repo.useNonce(trx, gatewayCode, headers.nonce as string)))
          throw new AppError('nonce_reused');
        const row = await t(trx)
          .selectFrom('deposits')
          .selectAll()
          .where('id', '=', found.id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (parsed.status === 'paid' && row.status !== 'approved') {
          const entry = await wallet.transfer(trx, {
            merchantId: row.merchant_id,
            idempotencyKey: ledgerKey('deposit', row.order_no),
            type: 'deposit',
            from: clearing,
            to: member,
            amount: row.amount,
            memo: `Deposit ${row.order_no} (${gatewayCode} ${parsed.gatewayTxnId})`,
            actor: { type: 'system' },
            // Paid at the gateway already: credited and counted even over a limit lowered since the request (the
            // request was checked with every pending deposit counted; decision 046).
            alongside: deps.limits?.deposit(
              { merchantId: row.merchant_id, memberId: row.member_id },
              row.amount,
              {
                enforce: false,
              },
            ),
          });
          await t(trx)
            .updateTable('deposits')
            .set({
              status: 'approved',
              ledger_entry_id: entry.entryId,
              gateway_txn_id: parsed.gatewayTxnId,
              reject_reason: null,
              decided_at: sql<Date>`now()`,
            })
            .where('id', '=', row.id)
            .execute();
          // A credited deposit qualifies deposit bonuses and moves deposit missions.
          changes.publish(trx, { on: 'member', memberId: row.member_id });
          return { orderNo: row.order_no, status: 'approved' as const, credited: true };
        }
        if (parsed.status === 'failed' && row.status === 'pending') {
          await t(trx)
            .updateTable('deposits')
            .set({
              status: 'rejected',
              reject_reason: 'The payment was cancelled or failed at the gateway',
              decided_at: sql<Date>`now()`,
            })
            .where('id', '=', row.id)
            .execute();
          return { orderNo: row.order_no, status: 'rejected' as const, credited: false };
        }
        return { orderNo: row.order_no, status: row.status, credited: false };
      });
    },

    async memberDeposits(
      member: SignedInMember,
      query: { status?: string | undefined; pageNo: number; pageSize: number },
    ) {
      const found = await depositPage(
        { merchantIds: [member.merchant_id], memberId: member.id, status: query.status },
        query,
      );
      return { ...found, list: found.list.map((d) => d.deposit) };
    },

    /** The member's latest credited deposits, newest first (promotions: the deposits a bonus may be claimed on). */
    async recentDeposits(memberId: number, limit = 100) {
      const rows = await t(db)
        .selectFrom('deposits')
        .select(['id', 'amount', 'decided_at'])
        .where('member_id', '=', memberId)
        .where('status', '=', 'approved')
        .orderBy('decided_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        amount: Number(r.amount),
        creditedAt: r.decided_at as Date,
      }));
    },

    /** Credited deposits of a merchant per member in [from, to) by credit time (points: deposit accrual). */
    async creditedDepositTotals(merchantId: number, range: { from: Date; to: Date }) {
      const rows = await t(db)
        .selectFrom('deposits')
        .select((eb) => ['member_id', eb.fn.sum<number>('amount').as('amount')])
        .where('merchant_id', '=', merchantId)
        .where('status', '=', 'approved')
        .where('decided_at', '>=', range.from)
        .where('decided_at', '<', range.to)
        .groupBy('member_id')
        .execute();
      return rows.map((r) => ({ memberId: r.member_id, amount: Number(r.amount) }));
    },

    /** The member's first credited deposit, if any. */
    async firstDeposit(memberId: number) {
      const row = await t(db)
        .selectFrom('deposits')
        .select(['id', 'amount', 'decided_at'])
        .where('member_id', '=', memberId)
        .where('status', '=', 'approved')
        .orderBy('decided_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row
        ? { id: Number(row.id), amount: Number(row.amount), creditedAt: row.decided_at as Date }
        : null;
    },

    async adminDeposits(query: {
      merchantCode?: readonly string[] | undefined;
      status?: string | undefined;
      channel?: string | undefined;
      q?: string | undefined;
      pageNo: number;
      pageSize: number;
      id?: number;
    }) {
      const scope = await adminScope(query);
      const found = await depositPage(
        {
          merchantIds: scope.merchantIds,
          status: query.status,
          channel: query.channel,
          id: query.id,
          search: scope.search,
        },
        query,
        listReader(query),
      );
      const names = await members.usernames(found.list.map((d) => d.row.member_id));
      return {
        ...found,
        list: found.list.map(({ row, deposit }) => ({
          ...deposit,
          merchantCode: scope.merchantCodes.get(row.merchant_id) as string,
          memberId: row.member_id,
          username: names.get(row.member_id) as string,
          decidedBy: row.decided_by_name,
          gatewayTxnId: row.gateway_txn_id,
        })),
      };
    },

    async approveDeposit(actor: Actor, id: number) {
      const row = await depositById(db, id);
      if (!row) throw new AppError('deposit_not_found');
      if (row.channel !== 'bank') throw new AppError('payment_state_invalid');
      await decideDeposit(actor, id, { approve: true });
      return adminDepositOf(this, id);
    },

    async rejectDeposit(actor: Actor, id: number, reason: string) {
      const row = await depositById(db, id);
      if (!row) throw new AppError('deposit_not_found');
      if (row.channel !== 'bank') throw new AppError('payment_state_invalid');
      await decideDeposit(actor, id, { approve: false, reason });
      return adminDepositOf(this, id);
    },

    async proof(id: number) {
      const row = await t(db)
        .selectFrom('payment_proofs')
        .select(['content_type', 'bytes'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw new AppError('not_found');
      return row;
    },

    async proofIds(kind: 'deposit' | 'withdrawal', id: number) {
      const rows = await t(db)
        .selectFrom('payment_proofs')
        .select('id')
        .where(kind === 'deposit' ? 'deposit_id' : 'withdrawal_id', '=', id)
        .orderBy('id')
        .execute();
      return rows.map((r) => r.id);
    },
  };
}
