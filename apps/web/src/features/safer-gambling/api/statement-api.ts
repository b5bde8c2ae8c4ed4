import type { StatementSummary } from '@tala/contracts/safer-gambling';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';
import { sessionToken } from '../../../lib/session.ts';

export type { StatementSummary };

/** GET /wps/relay/SAFER_statement: deposits, withdrawals, bets, wins and net by month. */
export const statementQuery = (token: string, months: number) =>
  queryOptions({
    queryKey: [memberQueryRoot, token, 'statement', months],
    queryFn: () => api<StatementSummary>('/wps/relay/SAFER_statement', { query: { months } }),
    staleTime: 60_000,
    retry: false,
  });

/**
 * GET /wps/relay/SAFER_statementFile: the statement as a CSV or PDF file, fetched with the session's token (it
 * cannot be a plain link) and handed to the browser as a download.
 */
export async function downloadStatement(format: 'csv' | 'pdf', months: number): Promise<void> {
  const headers: Record<string, string> = { Language: currentLanguage() };
  const token = sessionToken();
  if (token) headers.Authorization = token;
  const response = await fetch(`/wps/relay/SAFER_statementFile?format=${format}&months=${months}`, {
    headers,
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(body.message ?? response.statusText);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    `statement.${format}`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
