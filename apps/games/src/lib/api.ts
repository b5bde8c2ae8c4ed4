import type { MoneyDisplay } from '@tala/contracts/money-format';
import type { Fairness, RoundView, SlotTitle } from '@tala/contracts/slots';
import { currentLanguage } from './i18n.ts';
import { sessionToken } from './session.ts';

/** A refusal from the API: its error code and the server's localised message. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { language: currentLanguage() };
  const token = sessionToken();
  if (token) headers.authorization = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? null : JSON.stringify(body) });
  } catch {
    throw new ApiError('network', '', 0);
  }
  const json = (await response.json().catch(() => null)) as
    | { success: true; value: T }
    | { success: false; errorCode: string; message: string }
    | null;
  if (!json) throw new ApiError('network', '', response.status);
  if (!json.success) throw new ApiError(json.errorCode, json.message, response.status);
  return json.value;
}

export type Money = { amount: number } & MoneyDisplay;
export type Jackpot = Money & { hits: number; lastWin: number | null; lastWonAt: string | null };
export type SpinResult = { round: RoundView; balance: number; replayed: boolean };

export const api = {
  titles: () => call<{ list: SlotTitle[] }>('GET', '/wps/relay/SLOTS_titles').then((v) => v.list),
  jackpot: () => call<Jackpot>('GET', '/wps/relay/SLOTS_jackpot'),
  balance: () => call<Money>('GET', '/wps/relay/SLOTS_balance'),
  fairness: () => call<Fairness>('GET', '/wps/relay/SLOTS_fairness'),
  setClientSeed: (clientSeed: string) =>
    call<Fairness>('POST', '/wps/relay/SLOTS_clientSeed', { clientSeed }),
  rotate: () => call<Fairness>('POST', '/wps/relay/SLOTS_rotateSeed', {}),
  spin: (gameCode: string, bet: number, requestId: string) =>
    call<SpinResult>('POST', '/wps/relay/SLOTS_spin', { gameCode, bet, requestId }),
  recall: (gameCode: string) =>
    call<{ list: RoundView[] }>(
      'GET',
      `/wps/relay/SLOTS_recall?gameCode=${encodeURIComponent(gameCode)}`,
    ).then((v) => v.list),
  verification: (roundId: number) => call<RoundView>('GET', `/wps/relay/SLOTS_verify?roundId=${roundId}`),
};
