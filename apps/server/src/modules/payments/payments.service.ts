import type { ErrorCode } from '@tala/contracts/errors';
import { depositUseCases } from './deposits.ts';
import { paymentSettingsUseCases } from './payment-settings.ts';
import { type PaymentsDeps, paymentsCore } from './payments-core.ts';
import { fundsUseCases } from './transfers-and-funds.ts';
import { withdrawalUseCases } from './withdrawals.ts';

export { SANDBOX_GATEWAY, type SecretsOperator } from './payments-format.ts';

/**
 * Payments: deposits, withdrawals, bank cards, transfers between members, transfer wallets and manual adjustments
 * (docs/decisions/021-payments.md). Every movement of money goes through the wallet inside the transaction that
 * records the business event, under an idempotency key derived from that event, so a retried or repeated request
 * moves money once. One API, built from its use cases, each in its own file over the shared core
 * (payments-core.ts).
 */
export function paymentsService(deps: PaymentsDeps) {
  const core = paymentsCore(deps);
  return {
    connectCashOutGuard: core.connectCashOutGuard,
    ...paymentSettingsUseCases(core),
    ...depositUseCases(core),
    ...withdrawalUseCases(core),
    ...fundsUseCases(core),
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
export type { ErrorCode };
