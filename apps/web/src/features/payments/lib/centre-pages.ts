/** The member-centre entries the payments feature serves (§2 personal centre); kept apart so the menu stays light. */
export const paymentCentrePages = [
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'transactionHistory',
] as const;
export type PaymentCentrePage = (typeof paymentCentrePages)[number];

export function isPaymentCentrePage(page: string): page is PaymentCentrePage {
  return (paymentCentrePages as readonly string[]).includes(page);
}
