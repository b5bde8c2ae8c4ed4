import type { OperatorRole } from '@tala/contracts/admin';
import {
  adjustmentBody,
  adjustmentPageResponse,
  adjustmentQuery,
  adjustmentResponse,
  adminDepositPageResponse,
  adminDepositQuery,
  adminDepositResponse,
  adminMerchantQuery,
  adminWithdrawalPageResponse,
  adminWithdrawalQuery,
  adminWithdrawalResponse,
  gatewayCredentialBody,
  gatewayCredentialListResponse,
  gatewayCredentialResponse,
  idParams,
  markPaidBody,
  memberBalancePageResponse,
  memberBalanceQuery,
  memberLedgerQuery,
  memberLedgerResponse,
  paymentSettings,
  paymentSettingsResponse,
  rejectBody,
  resolveDisputeBody,
} from '@tala/contracts/payments';
import { reconciliation } from '@tala/contracts/wallet';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientIp } from '../../http/client-ip.ts';
import type { Services } from '../../services.ts';
import { guardedOperator, operatorGuard } from '../operators/operator-guard.ts';
import { toCsv } from './csv.ts';

const ok = <T>(value: T) => ({ success: true as const, value });
const tags = ['admin', 'payments'];
/** The most rows one CSV export holds. */
const EXPORT_ROWS = 10_000;
const READERS: readonly OperatorRole[] = ['owner', 'finance', 'support'];
const MONEY: readonly OperatorRole[] = ['owner', 'finance'];

function actorOf(request: FastifyRequest) {
  const operator = guardedOperator(request);
  return { id: operator.id, name: operator.username, ip: clientIp(request), role: operator.role };
}

function sendCsv(reply: FastifyReply, name: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
    )
    .header('cache-control', 'no-store')
    .send(csv);
}

/** The back office's payment screens (issue 4, item 7): queues, approvals, adjustments, ledger, reconciliation. */
export function paymentsAdminRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const readers = operatorGuard(services.operators, READERS);
    const money = operatorGuard(services.operators, MONEY);
    const owner = operatorGuard(services.operators, ['owner']);
    const payments = services.payments;

    /**
     * Each merchant's currency by its code: every export's rows name their currency beside their amounts, so a
     * platform operator's export over merchants in different currencies is never summed as one (decision 069).
     */
    async function currencies(): Promise<(merchantCode: string) => string> {
      const merchants = await services.merchants.list();
      const byCode = new Map(merchants.map((m) => [m.code, m.settings.whitelabel.currency]));
      return (merchantCode) => byCode.get(merchantCode) ?? '';
    }

    // Settings -----------------------------------------------------------------------------------------------
    const settingsQuery = z.object({ merchantCode: z.string().regex(/^[a-z0-9-]{2,32}$/) });
    app.get(
      '/admin-api/payments/settings',
      {
        onRequest: readers,
        schema: { tags, querystring: settingsQuery, response: { 200: paymentSettingsResponse } },
      },
      async (request) =>
        ok(await payments.settings((await services.merchants.byCode(request.query.merchantCode)).id)),
    );
    app.put(
      '/admin-api/payments/settings',
      {
        onRequest: owner,
        schema: {
          tags,
          querystring: settingsQuery,
          body: paymentSettings,
          response: { 200: paymentSettingsResponse },
        },
      },
      async (request) =>
        ok(await payments.saveSettings(actorOf(request), request.query.merchantCode, request.body)),
    );
    // Gateway accounts: the service lets only the owner and finance see (masked) or set them.
    app.get(
      '/admin-api/payments/gateway-credentials',
      {
        onRequest: readers,
        schema: { tags, querystring: settingsQuery, response: { 200: gatewayCredentialListResponse } },
      },
      async (request) => ok(await payments.gatewayCredentials(actorOf(request), request.query.merchantCode)),
    );
    app.put(
      '/admin-api/payments/gateway-credentials',
      {
        onRequest: readers,
        schema: {
          tags,
          querystring: settingsQuery,
          body: gatewayCredentialBody,
          response: { 200: gatewayCredentialResponse },
        },
      },
      async (request) =>
        ok(await payments.saveGatewayCredential(actorOf(request), request.query.merchantCode, request.body)),
    );

    // Deposits -----------------------------------------------------------------------------------------------
    app.get(
      '/admin-api/payments/deposits',
      {
        onRequest: readers,
        schema: { tags, querystring: adminDepositQuery, response: { 200: adminDepositPageResponse } },
      },
      async (request) => ok(await payments.adminDeposits(request.query)),
    );
    app.get(
      '/admin-api/payments/deposits.csv',
      {
        onRequest: readers,
        schema: { tags, querystring: adminDepositQuery.omit({ pageNo: true, pageSize: true }) },
      },
      async (request, reply) => {
        const { list } = await payments.adminDeposits({ ...request.query, pageNo: 1, pageSize: EXPORT_ROWS });
        const currency = await currencies();
        return sendCsv(
          reply,
          'deposits',
          toCsv(
            [
              'order',
              'merchant',
              'currency',
              'member',
              'channel',
              'amount',
              'status',
              'reference',
              'payer',
              'created',
              'decided',
              'decided by',
              'reason',
            ],
            list.map((d) => [
              d.orderNo,
              d.merchantCode,
              currency(d.merchantCode),
              d.username,
              d.channel,
              d.amount,
              d.status,
              d.reference ?? d.gatewayTxnId,
              d.payerName,
              d.createdAt,
              d.decidedAt,
              d.decidedBy,
              d.rejectReason,
            ]),
          ),
        );
      },
    );
    app.get(
      '/admin-api/payments/deposits/:id/proofs',
      {
        onRequest: readers,
        schema: {
          tags,
          params: idParams,
          response: { 200: z.object({ success: z.literal(true), value: z.array(z.number().int()) }) },
        },
      },
      async (request) => ok(await payments.proofIds('deposit', request.params.id)),
    );
    app.post(
      '/admin-api/payments/deposits/:id/approve',
      { onRequest: money, schema: { tags, params: idParams, response: { 200: adminDepositResponse } } },
      async (request) => ok(await payments.approveDeposit(actorOf(request), request.params.id)),
    );
    app.post(
      '/admin-api/payments/deposits/:id/reject',
      {
        onRequest: money,
        schema: { tags, params: idParams, body: rejectBody, response: { 200: adminDepositResponse } },
      },
      async (request) =>
        ok(await payments.rejectDeposit(actorOf(request), request.params.id, request.body.reason)),
    );
    app.get(
      '/admin-api/payments/proofs/:id',
      { onRequest: readers, schema: { tags, params: idParams } },
      async (request, reply) => {
        const proof = await payments.proof(request.params.id);
        return reply
          .header('content-type', proof.content_type)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          .header('cache-control', 'private, max-age=300')
          .send(proof.bytes);
      },
    );

    // Withdrawals --------------------------------------------------------------------------------------------
    app.get(
      '/admin-api/payments/withdrawals',
      {
        onRequest: readers,
        schema: { tags, querystring: adminWithdrawalQuery, response: { 200: adminWithdrawalPageResponse } },
      },
      async (request) => ok(await payments.adminWithdrawals(request.query)),
    );
    app.get(
      '/admin-api/payments/withdrawals.csv',
      {
        onRequest: readers,
        schema: { tags, querystring: adminWithdrawalQuery.omit({ pageNo: true, pageSize: true }) },
      },
      async (request, reply) => {
        const { list } = await payments.adminWithdrawals({
          ...request.query,
          pageNo: 1,
          pageSize: EXPORT_ROWS,
        });
        const currency = await currencies();
        return sendCsv(
          reply,
          'withdrawals',
          toCsv(
            [
              'order',
              'merchant',
              'currency',
              'member',
              'amount',
              'status',
              'bank',
              'account',
              'payee',
              'approved by',
              'paid',
              'paid by',
              'receipt',
              'received',
              'created',
            ],
            list.map((w) => [
              w.orderNo,
              w.merchantCode,
              currency(w.merchantCode),
              w.username,
              w.amount,
              w.status,
              w.bankCard.bankName,
              w.accountNumber,
              w.bankCard.payeeName,
              w.approvedBy.join(' + '),
              w.paidAmount,
              w.paidBy,
              w.receipt,
              w.receivedAmount,
              w.createdAt,
            ]),
          ),
        );
      },
    );
    app.get(
      '/admin-api/payments/withdrawals/:id/proofs',
      {
        onRequest: readers,
        schema: {
          tags,
          params: idParams,
          response: { 200: z.object({ success: z.literal(true), value: z.array(z.number().int()) }) },
        },
      },
      async (request) => ok(await payments.proofIds('withdrawal', request.params.id)),
    );
    app.post(
      '/admin-api/payments/withdrawals/:id/approve',
      { onRequest: money, schema: { tags, params: idParams, response: { 200: adminWithdrawalResponse } } },
      async (request) => ok(await payments.approveWithdrawal(actorOf(request), request.params.id)),
    );
    app.post(
      '/admin-api/payments/withdrawals/:id/reject',
      {
        onRequest: money,
        schema: { tags, params: idParams, body: rejectBody, response: { 200: adminWithdrawalResponse } },
      },
      async (request) =>
        ok(await payments.rejectWithdrawal(actorOf(request), request.params.id, request.body.reason)),
    );
    app.post(
      '/admin-api/payments/withdrawals/:id/paid',
      {
        onRequest: money,
        schema: { tags, params: idParams, body: markPaidBody, response: { 200: adminWithdrawalResponse } },
      },
      async (request) =>
        ok(await payments.markWithdrawalPaid(actorOf(request), request.params.id, request.body.paidAmount)),
    );
    app.post(
      '/admin-api/payments/withdrawals/:id/resolve',
      {
        onRequest: money,
        schema: {
          tags,
          params: idParams,
          body: resolveDisputeBody,
          response: { 200: adminWithdrawalResponse },
        },
      },
      async (request) =>
        ok(await payments.resolveWithdrawal(actorOf(request), request.params.id, request.body)),
    );

    // Adjustments --------------------------------------------------------------------------------------------
    app.get(
      '/admin-api/payments/adjustments',
      {
        onRequest: readers,
        schema: { tags, querystring: adjustmentQuery, response: { 200: adjustmentPageResponse } },
      },
      async (request) => ok(await payments.adjustments(request.query)),
    );
    app.get(
      '/admin-api/payments/adjustments.csv',
      {
        onRequest: readers,
        schema: { tags, querystring: adjustmentQuery.omit({ pageNo: true, pageSize: true }) },
      },
      async (request, reply) => {
        const { list } = await payments.adjustments({ ...request.query, pageNo: 1, pageSize: EXPORT_ROWS });
        const currency = await currencies();
        return sendCsv(
          reply,
          'adjustments',
          toCsv(
            [
              'id',
              'merchant',
              'currency',
              'member',
              'amount',
              'reason',
              'status',
              'requested by',
              'decided by',
              'entry',
              'created',
              'decided',
            ],
            list.map((a) => [
              a.id,
              a.merchantCode,
              currency(a.merchantCode),
              a.username,
              a.amount,
              a.reason,
              a.status,
              a.requestedBy,
              a.decidedBy,
              a.entryId,
              a.createdAt,
              a.decidedAt,
            ]),
          ),
        );
      },
    );
    app.post(
      '/admin-api/payments/adjustments',
      { onRequest: money, schema: { tags, body: adjustmentBody, response: { 200: adjustmentResponse } } },
      async (request) => ok(await payments.requestAdjustment(actorOf(request), request.body)),
    );
    app.post(
      '/admin-api/payments/adjustments/:id/approve',
      { onRequest: money, schema: { tags, params: idParams, response: { 200: adjustmentResponse } } },
      async (request) => ok(await payments.decideAdjustment(actorOf(request), request.params.id, true)),
    );
    app.post(
      '/admin-api/payments/adjustments/:id/reject',
      { onRequest: money, schema: { tags, params: idParams, response: { 200: adjustmentResponse } } },
      async (request) => ok(await payments.decideAdjustment(actorOf(request), request.params.id, false)),
    );

    // Balances and the ledger explorer -----------------------------------------------------------------------
    app.get(
      '/admin-api/payments/balances',
      {
        onRequest: readers,
        schema: { tags, querystring: memberBalanceQuery, response: { 200: memberBalancePageResponse } },
      },
      async (request) => ok(await payments.memberBalances(request.query)),
    );
    app.get(
      '/admin-api/payments/balances.csv',
      {
        onRequest: readers,
        schema: { tags, querystring: memberBalanceQuery.omit({ pageNo: true, pageSize: true }) },
      },
      async (request, reply) => {
        const { list } = await payments.memberBalances({
          ...request.query,
          pageNo: 1,
          pageSize: EXPORT_ROWS,
        });
        const currency = await currencies();
        return sendCsv(
          reply,
          'balances',
          toCsv(
            [
              'member id',
              'merchant',
              'currency',
              'member',
              'nickname',
              'type',
              'main',
              'vendor wallets',
              'held',
            ],
            list.map((b) => [
              b.memberId,
              b.merchantCode,
              currency(b.merchantCode),
              b.username,
              b.nickname,
              b.type,
              b.mainBalance,
              b.vendorBalance,
              b.heldWithdrawals,
            ]),
          ),
        );
      },
    );
    app.get(
      '/admin-api/payments/members/:id/ledger',
      {
        onRequest: readers,
        schema: {
          tags,
          params: idParams,
          querystring: memberLedgerQuery,
          response: { 200: memberLedgerResponse },
        },
      },
      async (request) => ok(await payments.memberLedger(request.params.id, request.query)),
    );
    app.get(
      '/admin-api/payments/members/:id/ledger.csv',
      {
        onRequest: readers,
        schema: {
          tags,
          params: idParams,
          querystring: memberLedgerQuery.omit({ pageNo: true, pageSize: true }),
        },
      },
      async (request, reply) => {
        const ledger = await payments.memberLedger(request.params.id, {
          ...request.query,
          pageNo: 1,
          pageSize: EXPORT_ROWS,
        });
        const code = (await currencies())(ledger.member.merchantCode);
        return sendCsv(
          reply,
          `ledger-${ledger.member.username}`,
          toCsv(
            [
              'entry',
              'time',
              'type',
              'currency',
              'amount',
              'balance after',
              'memo',
              'reverses',
              'reversed by',
            ],
            ledger.statement.list.map((l) => [
              l.entryId,
              l.createdAt,
              l.type,
              code,
              l.amount,
              l.balanceAfter,
              l.memo,
              l.reversesEntryId,
              l.reversedByEntryId,
            ]),
          ),
        );
      },
    );

    // Reconciliation -----------------------------------------------------------------------------------------
    app.get(
      '/admin-api/payments/reconciliation',
      {
        onRequest: money,
        schema: {
          tags,
          querystring: adminMerchantQuery,
          response: { 200: z.object({ success: z.literal(true), value: reconciliation }) },
        },
      },
      async (request) => ok(await payments.reconciliation(request.query.merchantCode)),
    );
    app.get(
      '/admin-api/payments/reconciliation.csv',
      { onRequest: money, schema: { tags, querystring: adminMerchantQuery } },
      async (request, reply) => {
        const report = await payments.reconciliation(request.query.merchantCode);
        // One amount column with its currency beside it: a platform report's currencies are never added together.
        const rows: (string | number | boolean | null)[][] = [
          ['check', 'all entries sum to zero', null, report.unbalancedEntries.length === 0, report.entries],
          [
            'check',
            'every projection equals its postings',
            null,
            report.projectionMismatches.length === 0,
            report.postings,
          ],
          ['check', 'no member balance below zero', null, report.negativeMemberBalances.length === 0, null],
          ...report.currencies.flatMap((c) => [
            ['check', 'all balances sum to zero', c.currency, c.total === 0, c.total],
            ['members', `${c.members.accounts} accounts`, c.currency, null, c.members.balance],
            ...c.house.map((h) => [
              'house',
              `${h.kind}${h.vendorCode ? ` ${h.vendorCode}` : ''}${h.trial ? ' (trial)' : ''}`,
              c.currency,
              null,
              h.balance,
            ]),
          ]),
        ];
        return sendCsv(reply, 'reconciliation', toCsv(['section', 'item', 'currency', 'ok', 'amount'], rows));
      },
    );
  };
}
