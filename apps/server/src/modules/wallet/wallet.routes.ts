import { TRIAL_TYPE } from '@tala/contracts/members';
import { moneyDisplay } from '@tala/contracts/money-format';
import { walletBalanceResponse } from '@tala/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services.ts';
import { guardedMember, memberGuard } from '../members/member-guard.ts';

/** The member's own wallet calls. */
export function walletRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const member = memberGuard(services);

    app.get(
      '/wps/v2/wallets/balance',
      { onRequest: member, schema: { tags: ['wallet'], response: { 200: walletBalanceResponse } } },
      async (request, reply) => {
        const { member: signedIn, merchant } = guardedMember(request);
        const whitelabel = merchant.settings.whitelabel;
        const trial = signedIn.type === TRIAL_TYPE;
        // A trial member plays with play money: its trial account, granted the demo balance on first use.
        const account = trial
          ? await services.wallet.trialAccount(merchant.id, signedIn.id, signedIn.demo_balance ?? 0)
          : await services.wallet.memberAccount(merchant.id, signedIn.id);
        const sumBalance = await services.wallet.balance(account);
        reply.header('cache-control', 'no-store');
        return {
          success: true as const,
          value: {
            sumBalance,
            ...moneyDisplay(whitelabel),
            trial,
          },
        };
      },
    );
  };
}
