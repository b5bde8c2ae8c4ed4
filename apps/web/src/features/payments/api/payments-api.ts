import type { LimitsState } from '@tala/contracts/limits';
import type {
  BankCard,
  ConsolidatedFunds,
  Deposit,
  depositChannels,
  transferResult,
  Withdrawal,
  withdrawalLimits,
} from '@tala/contracts/payments';
import type { StatementPage } from '@tala/contracts/wallet';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';

export type { BankCard, ConsolidatedFunds, Deposit, StatementPage, Withdrawal };
export type DepositChannels = z.infer<typeof depositChannels>;
export type WithdrawalLimits = z.infer<typeof withdrawalLimits>;
export type TransferResult = z.infer<typeof transferResult>;
export type Page<T> = { list: T[]; pageNo: number; pageSize: number; total: number; totalPages: number };

/** Under the member's query root, so logging out drops them with everything else of the member. */
export const paymentsKey = (name: string, ...rest: unknown[]) => [memberQueryRoot, 'payments', name, ...rest];

/** After any money movement: every payment list and the header balance are read again. */
export function refreshMoney(client: QueryClient) {
  return client.invalidateQueries({ queryKey: [memberQueryRoot] });
}

/** A money call whose success refreshes the balances. */
export function useMoneyMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => refreshMoney(client) });
}

export const paymentsApi = {
  walletTransfer: (body: { vendorCode: string; direction: 'in' | 'out'; amount: number | string }) =>
    api<{ mainBalance: number; vendorBalance: number }>('/wps/relay/GCS_walletTransfer', {
      method: 'POST',
      body,
    }),
  channels: () => api<DepositChannels>('/wps/relay/PAY_depositChannels'),
  /** The member's limits (safer gambling): the deposit page shows the deposit limits and offers to set one. */
  playerLimits: () => api<LimitsState>('/wps/relay/RG_getLimits'),
  deposits: (pageNo: number) =>
    api<Page<Deposit>>('/wps/relay/PAY_depositList', { query: { pageNo, pageSize: 10 } }),
  depositGateway: (body: { amount: number | string; returnPath: string }) =>
    api<Deposit & { payUrl: string }>('/wps/relay/PAY_depositGateway', { method: 'POST', body }),
  depositBank: (form: FormData) =>
    api<Deposit>('/wps/relay/PAY_depositBank', { method: 'POST', formData: form }),
  passwordSet: () => api<{ isSet: boolean }>('/wps/relay/PAY_paymentPassword'),
  setPassword: (body: { loginPassword: string; paymentPassword: string }) =>
    api<null>('/wps/relay/PAY_paymentPassword', { method: 'POST', body }),
  cards: () => api<BankCard[]>('/wps/relay/PAY_bankCards'),
  addCard: (body: { bankName: string; accountNumber: string; payeeName: string; paymentPassword: string }) =>
    api<BankCard>('/wps/relay/PAY_bankCards', { method: 'POST', body }),
  removeCard: ({ id, paymentPassword }: { id: number; paymentPassword: string }) =>
    api<null>(`/wps/relay/PAY_bankCards/${id}/remove`, { method: 'POST', body: { paymentPassword } }),
  limits: () => api<WithdrawalLimits>('/wps/relay/PAY_withdrawLimits'),
  withdraw: (body: { amount: number | string; bankCardId: number; paymentPassword: string }) =>
    api<Withdrawal>('/wps/relay/PAY_withdraw', { method: 'POST', body }),
  withdrawals: (pageNo: number) =>
    api<Page<Withdrawal>>('/wps/relay/PAY_withdrawList', { query: { pageNo, pageSize: 10 } }),
  confirm: (form: FormData) =>
    api<Withdrawal>('/wps/relay/PAY_withdrawConfirm', { method: 'POST', formData: form }),
  upline: () => api<{ username: string | null; nickname: string | null }>('/wps/relay/PAY_upline'),
  transferUpline: (body: { amount: number | string; paymentPassword: string }) =>
    api<TransferResult>('/wps/relay/PAY_transferUpline', { method: 'POST', body }),
  downline: () =>
    api<{ username: string; nickname: string | null; level: number }[]>('/wps/relay/PAY_downline'),
  transferDownline: (body: { username: string; amount: number | string; paymentPassword: string }) =>
    api<TransferResult>('/wps/relay/PAY_transferDownline', { method: 'POST', body }),
  history: (query: {
    pageNo: number;
    types?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  }) => api<StatementPage>('/wps/relay/PAY_transactionHistory', { query: { ...query, pageSize: 10 } }),
};
