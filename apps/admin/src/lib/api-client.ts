import type { ErrorEnvelope } from '@tala/contracts/envelope';
import { currentLanguage, i18n } from './i18n.ts';
import { endSession, sessionToken } from './session.ts';

/** A refused or failed call: the server's error code, its localised message and the field at fault, if any. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly field?: string,
    /** Extra fields of the error envelope, e.g. `captcha: true` when a sign-in must show the captcha. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | undefined | null>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

function withQuery(path: string, query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Calls the back-office API (`/admin-api/...`) with the operator's bearer token and the interface language, and
 * unwraps the envelope of GUIDE §3. A 401 on a call that carried a token ends the session, which sends the
 * operator back to the login page. `T` is the `z.infer` of the call's value schema: the schemas stay on the server.
 */
export async function apiCall<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ value: T; headers: Headers }> {
  const token = sessionToken();
  const headers: Record<string, string> = { Language: currentLanguage(), ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', i18n.t('errors.network'));
  }

  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ApiError(response.status, 'bad_response', i18n.t('errors.badResponse'));
  }
  const envelope = json as { success?: boolean; value?: unknown } & Partial<Omit<ErrorEnvelope, 'success'>>;
  if (!response.ok || envelope.success !== true) {
    if (response.status === 401 && token) endSession('expired');
    const { success: _success, errorCode, message, field, ...details } = envelope as Record<string, unknown>;
    throw new ApiError(
      response.status,
      typeof errorCode === 'string' ? errorCode : 'bad_response',
      typeof message === 'string' ? message : i18n.t('errors.badResponse'),
      typeof field === 'string' ? field : undefined,
      details,
    );
  }
  return { value: envelope.value as T, headers: response.headers };
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiCall<T>(path, options)).value;
}
