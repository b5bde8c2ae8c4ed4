import {
  bankCardBody,
  bankCardListResponse,
  bankCardParams,
  bankCardResponse,
  consolidatedFundsResponse,
  depositChannelsResponse,
  depositListQuery,
  depositPageResponse,
  depositResponse,
  downlineQuery,
  downlineResponse,
  gatewayDepositBody,
  gatewayDepositResponse,
  gatewayNotifyResponse,
  merchantWalletResponse,
  PROOF_MAX_BYTES,
  PROOF_MAX_FILES,
  paymentPasswordStatusResponse,
  removeBankCardBody,
  setPaymentPasswordBody,
  transactionHistoryQuery,
  transactionHistoryResponse,
  transferBody,
  transferDownlineBody,
  transferResultResponse,
  uplineResponse,
  walletTransferBody,
  walletTransferResponse,
  withdrawalLimitsResponse,
  withdrawalListQuery,
  withdrawalPageResponse,
  withdrawalResponse,
  withdrawBody,
} from '@tala/contracts/payments';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientIp } from '../../http/client-ip.ts';
import type { Services } from '../../services.ts';
import { readMultipartImages } from '../content/uploads.ts';
import { guardedMember, memberGuard } from '../members/member-guard.ts';
import { sendMemberError } from '../members/replies.ts';
import { gatewayHeaderNames } from './gateway-protocol.ts';

const ok = <T>(value: T) => ({ success: true as const, value });
const okEmpty = z.object({ success: z.literal(true), value: z.null() });
const tags = ['payments'];
const proofRules = {
  fileField: 'proof',
  maxFiles: PROOF_MAX_FILES,
  maxBytes: PROOF_MAX_BYTES,
  allowed: ['image/png', 'image/jpeg'] as const,
  maxFieldBytes: 1024,
};

function origin(request: FastifyRequest) {
  return `${request.protocol}://${request.host}`;
}

const rawBodies = new WeakMap<FastifyRequest, string>();

/** The member's payment calls (issue 4, items 2 to 6) and the gateway's notification. */
export function paymentsRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const member = memberGuard(services);
    const realMember = memberGuard(services, { realAccount: true });
    const payments = services.payments;

    // Wallets ------------------------------------------------------------------------------------------------
    app.get(
      '/wps/relay/GCS_merchantWallet',
      { onRequest: member, schema: { tags, response: { 200: merchantWalletResponse } } },
      async (request) => ok(await payments.merchantWallet(guardedMember(request).merchant)),
    );
    app.get(
      '/wps/member/info/funds/consolidated',
      { onRequest: member, schema: { tags, response: { 200: consolidatedFundsResponse } } },
      async (request, reply) => {
        const { merchant, member: signedIn } = guardedMember(request);
        reply.header('cache-control', 'no-store');
        const [funds, flags] = await Promise.all([
          payments.consolidated(merchant, signedIn),
          services.agents.contractFlags(merchant, signedIn),
        ]);
        return ok({ ...funds, ...flags });
      },
    );
    app.post(
      '/wps/relay/GCS_walletTransfer',
      {
        onRequest: realMember,
        schema: { tags, body: walletTransferBody, response: { 200: walletTransferResponse } },
      },
      async (request) => {
        const { merchant, member: signedIn } = guardedMember(request);
        return ok(await payments.walletTransfer(merchant, signedIn, request.body));
      },
    );

    // Deposits -----------------------------------------------------------------------------------------------
    app.get(
      '/wps/relay/PAY_depositChannels',
      { onRequest: realMember, schema: { tags, response: { 200: depositChannelsResponse } } },
      async (request) => ok(await payments.depositChannels(guardedMember(request).merchant)),
    );
    app.post(
      '/wps/relay/PAY_depositBank',
      {
        onRequest: realMember,
        bodyLimit: PROOF_MAX_FILES * PROOF_MAX_BYTES + 64 * 1024,
        schema: { tags, consumes: ['multipart/form-data'], response: { 200: depositResponse } },
      },
      async (request) => {
        const { merchant, member: signedIn } = guardedMember(request);
        const { fields, images } = await readMultipartImages(request, proofRules);
        return ok(await payments.depositByBank(merchant, signedIn, fields, images));
      },
    );
    app.post(
      '/wps/relay/PAY_depositGateway',
      {
        onRequest: realMember,
        schema: { tags, body: gatewayDepositBody, response: { 200: gatewayDepositResponse } },
      },
      async (request) => {
        const { merchant, member: signedIn } = guardedMember(request);
        return ok(await payments.depositByGateway(merchant, signedIn, request.body, origin(request)));
      },
    );
    app.get(
      '/wps/relay/PAY_depositList',
      {
        onRequest: realMember,
        schema: { tags, querystring: depositListQuery, response: { 200: depositPageResponse } },
      },
      async (request) => ok(await payments.memberDeposits(guardedMember(request).member, request.query)),
    );

    // Payment password and bank cards ------------------------------------------------------------------------
    app.get(
      '/wps/relay/PAY_paymentPassword',
      { onRequest: realMember, schema: { tags, response: { 200: paymentPasswordStatusResponse } } },
      async (request) =>
        ok({ isSet: await services.members.paymentPasswordIsSet(guardedMember(request).member.id) }),
    );
    app.post(
      '/wps/relay/PAY_paymentPassword',
      { onRequest: realMember, schema: { tags, body: setPaymentPasswordBody, response: { 200: okEmpty } } },
      async (request, reply) => {
        try {
          await services.members.setPaymentPassword(
            guardedMember(request).member,
            request.body,
            clientIp(request),
          );
          return ok(null);
        } catch (error) {
          // A password that breaks the merchant's rule: the members module's answer names the rule.
          return sendMemberError(request, reply, error);
        }
      },
    );
    app.get(
      '/wps/relay/PAY_bankCards',
      { onRequest: realMember, schema: { tags, response: { 200: bankCardListResponse } } },
      async (request) => ok(await payments.bankCards(guardedMember(request).member)),
    );
    app.post(
      '/wps/relay/PAY_bankCards',
      { onRequest: realMember, schema: { tags, body: bankCardBody, response: { 200: bankCardResponse } } },
      async (request) =>
        ok(await payments.addBankCard(guardedMember(request).member, request.body, clientIp(request))),
    );
    app.post(
      '/wps/relay/PAY_bankCards/:id/remove',
      {
        onRequest: realMember,
        schema: { tags, params: bankCardParams, body: removeBankCardBody, response: { 200: okEmpty } },
      },
      async (request) => {
        await payments.removeBankCard(
          guardedMember(request).member,
          request.params.id,
          request.body.paymentPassword,
          clientIp(request),
        );
        return ok(null);
      },
    );

    // Withdrawals --------------------------------------------------------------------------------------------
    app.get(
      '/wps/relay/PAY_withdrawLimits',
      { onRequest: realMember, schema: { tags, response: { 200: withdrawalLimitsResponse } } },
      async (request) => {
        const { merchant, member: signedIn } = guardedMember(request);
        return ok(await payments.withdrawalLimits(merchant, signedIn));
      },
    );
    app.post(
      '/wps/relay/PAY_withdraw',
      { onRequest: realMember, schema: { tags, body: withdrawBody, response: { 200: withdrawalResponse } } },
      async (request) => {
        const { merchant, member: signedIn } = guardedMember(request);
        return ok(await payments.withdraw(merchant, signedIn, request.body));
      },
    );
    app.get(
      '/wps/relay/PAY_withdrawList',
      {
        onRequest: realMember,
        schema: { tags, querystring: withdrawalListQuery, response: { 200: withdrawalPageResponse } },
      },
      async (request) => {
        const { merchant, member: signedIn } = guardedMember(request);
        return ok(await payments.memberWithdrawals(merchant, signedIn, request.query));
      },
    );
    app.post(
      '/wps/relay/PAY_withdrawConfirm',
      {
        onRequest: realMember,
        bodyLimit: PROOF_MAX_FILES * PROOF_MAX_BYTES + 64 * 1024,
        schema: { tags, consumes: ['multipart/form-data'], response: { 200: withdrawalResponse } },
      },
      async (request) => {
        const { merchant, member: signedIn } = guardedMember(request);
        const { fields, images } = await readMultipartImages(request, proofRules);
        return ok(await payments.confirmReceipt(merchant, signedIn, fields, images));
      },
    );

    // Transfers ----------------------------------------------------------------------------------------------
    app.get(
      '/wps/relay/PAY_upline',
      { onRequest: realMember, schema: { tags, response: { 200: uplineResponse } } },
      async (request) => ok(await payments.upline(guardedMember(request).member)),
    );
    app.post(
      '/wps/relay/PAY_transferUpline',
      {
        onRequest: realMember,
        schema: { tags, body: transferBody, response: { 200: transferResultResponse } },
      },
      async (request) => {
        const { merchant, member: signedIn } = guardedMember(request);
        return ok(await payments.transferToUpline(merchant, signedIn, request.body));
      },
    );
    app.get(
      '/wps/relay/PAY_downline',
      {
        onRequest: realMember,
        schema: { tags, querystring: downlineQuery, response: { 200: downlineResponse } },
      },
      async (request) => ok(await payments.downline(guardedMember(request).member, request.query.q)),
    );
    app.post(
      '/wps/relay/PAY_transferDownline',
      {
        onRequest: realMember,
        schema: { tags, body: transferDownlineBody, response: { 200: transferResultResponse } },
      },
      async (request) => {
        const { merchant, member: signedIn } = guardedMember(request);
        return ok(await payments.transferToDownline(merchant, signedIn, request.body));
      },
    );

    // Account record -----------------------------------------------------------------------------------------
    app.get(
      '/wps/relay/PAY_transactionHistory',
      {
        onRequest: realMember,
        schema: { tags, querystring: transactionHistoryQuery, response: { 200: transactionHistoryResponse } },
      },
      async (request, reply) => {
        const { merchant, member: signedIn } = guardedMember(request);
        reply.header('cache-control', 'no-store');
        return ok(await payments.transactionHistory(merchant, signedIn, request.query));
      },
    );

    // The gateway's notification: the signature covers the raw body, so keep it as received.
    await app.register(async (plain) => {
      const notify = plain.withTypeProvider<ZodTypeProvider>();
      notify.removeContentTypeParser('application/json');
      notify.addContentTypeParser(
        'application/json',
        { parseAs: 'string', bodyLimit: 16 * 1024 },
        (request, body, done) => {
          rawBodies.set(request, body as string);
          done(null, null);
        },
      );
      const header = (request: FastifyRequest, name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      notify.post(
        '/vendor-api/payments/:gatewayCode/notify',
        {
          schema: {
            tags: ['vendor'],
            params: z.object({ gatewayCode: z.string().regex(/^[A-Z0-9_]{2,32}$/) }),
            response: { 200: gatewayNotifyResponse },
          },
        },
        async (request) =>
          ok(
            await payments.gatewayNotify(
              request.params.gatewayCode,
              {
                timestamp: header(request, gatewayHeaderNames.timestamp),
                nonce: header(request, gatewayHeaderNames.nonce),
                signature: header(request, gatewayHeaderNames.signature),
              },
              rawBodies.get(request) ?? '',
            ),
          ),
      );
    });
  };
}
