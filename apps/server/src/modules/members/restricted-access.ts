// What a member under a time-out, an exclusion or a closure may still call (docs/decisions/047-time-out-and-self-exclusion.md):
// the balance, withdrawals, the member's own information and records, the safer-gambling page, logout. Messages from
// support and the support chat do not pass the member guard (their routes read the session through content's
// member identity) and stay open. Every other guarded call is refused by the member guard with the restriction's
// own code; this list is the one place that decides.
import type { FastifyRequest } from 'fastify';

type Allowed = { method: string; url: string | RegExp };

export const restrictedAllowList: readonly Allowed[] = [
  // Logout.
  { method: 'POST', url: '/wps/session/logout' },
  { method: 'DELETE', url: '/wps/session/logout' },
  // The member's own information, security, badge counts and breaks (/wps/member/breaks...).
  { method: '*', url: /^\/wps\/member\/(?!register)/ },
  // Balance, and money back from a transfer vendor's wallet to the main balance so that it can be withdrawn (a move
  // into a game wallet is refused with the same code by payments, the one check that needs the body).
  { method: 'GET', url: '/wps/v2/wallets/balance' },
  { method: '*', url: '/wps/relay/GCS_merchantWallet' },
  { method: 'POST', url: '/wps/relay/GCS_walletTransfer' },
  // Withdrawals: the limits, the cards and payment password they need, the request and its list.
  { method: '*', url: '/wps/relay/PAY_withdrawLimits' },
  { method: '*', url: '/wps/relay/PAY_withdraw' },
  { method: '*', url: '/wps/relay/PAY_withdrawList' },
  { method: '*', url: '/wps/relay/PAY_withdrawConfirm' },
  { method: '*', url: '/wps/relay/PAY_bankCards' },
  { method: '*', url: '/wps/relay/PAY_bankCards/:id/remove' },
  { method: '*', url: '/wps/relay/PAY_paymentPassword' },
  // The member's records (read only): account record, deposits made, bets, profit and loss.
  { method: '*', url: '/wps/relay/PAY_transactionHistory' },
  { method: '*', url: '/wps/relay/PAY_depositList' },
  { method: '*', url: '/wps/relay/MCSFE_getBetRecords' },
  { method: '*', url: '/wps/relay/MCSFE_getProfitLoss' },
  // The rest of the safer-gambling page: reality-check settings, the activity statement and its files, identity
  // verification (a withdrawal above the merchant's threshold needs it), limits.
  { method: '*', url: /^\/wps\/relay\/SAFER_/ },
  { method: '*', url: /^\/wps\/relay\/KYC_/ },
  // The member's own limits (lowering one while restricted is allowed; raising waits its 24 hours as always).
  { method: '*', url: /^\/wps\/relay\/RG_/ },
];

/** Whether a restricted member may make this call (by the route's path pattern and method). */
export function allowedWhileRestricted(request: FastifyRequest): boolean {
  const url = request.routeOptions.url ?? '';
  return restrictedAllowList.some(
    (entry) =>
      (entry.method === '*' || entry.method === request.method) &&
      (typeof entry.url === 'string' ? entry.url === url : entry.url.test(url)),
  );
}
