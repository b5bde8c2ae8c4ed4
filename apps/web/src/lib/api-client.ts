import { currentLanguage, i18n } from './i18n.ts';
import { sessionToken } from './session.ts';

/** A failed call: the server's error code and its message, already localised by the `Language` header. */
export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly field: string | undefined;
  /** The whole error envelope: some calls add fields (a login's `captcha` flag, a registration's `fields`). */
  readonly body: Record<string, unknown>;

  constructor(
    status: number,
    errorCode: string,
    message: string,
    field?: string,
    body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errorCode = errorCode;
    this.field = field;
    this.body = body;
  }
}

type ApiErrorListener = (error: ApiError, hadToken: boolean) => void;
const errorListeners = new Set<ApiErrorListener>();

/**
 * Hears every failed call (the app layer ends the session on login.not.session and shows the need-true-account
 * warning); returns the unsubscribe function.
 */
export function onApiError(listener: ApiErrorListener): () => void {
  errorListeners.add(listener);
  return () => {
    errorListeners.delete(listener);
  };
}

type Query = Record<string, string | number | boolean | undefined | null>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** Sent form-encoded instead of JSON (forgot password by e-mail, spec §7). */
  form?: Record<string, string>;
  /** Sent as multipart form data (uploads: deposit proofs, feedback and application images). */
  formData?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

function withQuery(path: string, query: Query | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Calls the player API and unwraps the envelope of GUIDE §3. The merchant is resolved by the server from the host,
 * so no Merchant header is sent. `T` is the `z.infer` of the call's value schema (types only: zod stays on the server).
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, Language: currentLanguage() };
  const token = sessionToken();
  if (token) headers.Authorization = token;
  let body: string | FormData | null = null;
  if (options.formData !== undefined) {
    // The browser sets the multipart content type with its boundary.
    body = options.formData;
  } else if (options.form !== undefined) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal ?? null,
      credentials: 'same-origin',
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
  // The success or error envelope of GUIDE §3; anything else is a bad answer.
  const envelope = (json ?? {}) as {
    success?: unknown;
    value?: unknown;
    errorCode?: string;
    message?: string;
    field?: string;
  };
  if (!response.ok || envelope.success !== true) {
    const error = new ApiError(
      response.status,
      envelope.errorCode ?? 'bad_response',
      envelope.message ?? i18n.t('errors.badResponse'),
      envelope.field,
      envelope as Record<string, unknown>,
    );
    for (const listener of errorListeners) listener(error, Boolean(token));
    throw error;
  }
  return envelope.value as T;
}
