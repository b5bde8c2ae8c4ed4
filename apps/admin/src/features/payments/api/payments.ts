import type {
  Adjustment,
  AdminDeposit,
  adminWithdrawal,
  memberBalance,
  memberLedger,
} from '@tala/contracts/payments';
import type { Reconciliation } from '@tala/contracts/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import type { Page } from '../../../lib/page.ts';
import { sessionToken } from '../../../lib/session.ts';

export type { Adjustment, AdminDeposit, Reconciliation };
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;
export type MemberBalance = z.infer<typeof memberBalance>;
export type MemberLedger = z.infer<typeof memberLedger>;
export type { Page };

export const paymentsKey = ['admin', 'payments'] as const;

/** A decision on a queue item; every list of the payments pages is refreshed after it. */
export function usePaymentAction<T>() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body?: unknown }) =>
      api<T>(path, { method: 'POST', ...(body === undefined ? {} : { body }) }),
    onSuccess: () => client.invalidateQueries({ queryKey: paymentsKey }),
  });
}

/** Downloads a CSV export with the operator's token (a plain link could not carry it). */
export async function downloadCsv(path: string, query: Record<string, string | undefined>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const token = sessionToken();
  const response = await fetch(`${path}${params.size ? `?${params}` : ''}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(`export failed (${response.status})`);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
