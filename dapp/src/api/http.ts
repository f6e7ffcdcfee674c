import type { ApiError } from '@gavel/domain';

/** Where the api lives. Same-origin `/api` by default: the vite dev and preview servers proxy it. */
export const API_BASE = (import.meta.env.VITE_API_URL || '/api').replace(/\/$/, '');

/** A non-2xx reply, carrying the api's `{message, code, fields}` so screens can show the server's words. */
export class ApiRequestError extends Error {
  override name = 'ApiRequestError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string>,
    /** Extra reply fields some errors carry (`userId` with email_not_verified). */
    readonly userId?: string,
  ) {
    super(message);
  }
}

/** Client errors will not get better by asking again; network and server errors might. */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500);
}

/** The reply type a domain schema describes: `ReplyOf<typeof lotListSchema>`, imported with `import type`. */
export type ReplyOf<Schema extends { _output: unknown }> = Schema['_output'];
/** What a form sends for a domain body schema: its input, before the schema's transforms. */
export type BodyOf<Schema extends { _input: unknown }> = Schema['_input'];

/**
 * Which token a call carries, and what a refused one means. The api client knows no session, admin or store:
 * the app's bootstrap tells it (until then calls go without a token and a 401 is only an error).
 */
export interface AuthTokenSource {
  /** The token a call from the current page carries (the admin's on admin pages, the user's elsewhere). */
  current: () => string | null;
  /** Whether `token` is still one this browser keeps (a call made before sign-out may come back after it). */
  isKept: (token: string) => boolean;
  /** A call that carried a kept token was refused (401): the session is over. */
  onExpired: () => void;
}

let authTokenSource: AuthTokenSource = { current: () => null, isKept: () => false, onExpired: () => {} };

export function setAuthTokenSource(source: AuthTokenSource): void {
  authTokenSource = source;
}

/** The token a call from the current page carries, for the few requests made without `apiRequest` (a PDF). */
export function currentAuthToken(): string | null {
  return authTokenSource.current();
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-encoded, or sent as is when it is FormData (file uploads). */
  body?: unknown;
  signal?: AbortSignal;
  /** A token other than the page's own (the admin guard asks who the buyer session belongs to). */
  token?: string | null;
}

/**
 * One JSON call to the api, with the session's Bearer token when there is one. The reply is typed, not checked:
 * the api checks every reply against the same domain schema in all its tests (api/src/routes/route-table.ts), and
 * not shipping zod to the browser keeps the first screen light.
 */
export async function apiRequest<T>(path: string, { method = 'GET', body, signal, token: explicitToken }: RequestOptions = {}): Promise<T> {
  // Admin pages send the admin token, every other page the user token.
  const token = explicitToken !== undefined ? explicitToken : authTokenSource.current();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    signal,
    credentials: 'include',
    headers,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    // A 401 ends the session (the app's `onExpired` clears local storage and returns to sign-in). Only for
    // calls that carried a session: a wrong password on /signin is a 401 too, and must not
    // wipe the visitor's connected wallet or bounce them off the form they are typing in. And only for a token
    // still kept: a call sent before logout or a password change (which replaced the token) may be refused after
    // it, and must not end the session that follows.
    if (response.status === 401 && token && authTokenSource.isKept(token)) authTokenSource.onExpired();
    const error = asApiError(payload);
    throw error ? new ApiRequestError(response.status, error.message, error.code, error.fields, error.userId) : new ApiRequestError(response.status, `Request failed with status ${response.status}`);
  }
  return payload as T;
}

/** The api's `{message, code}` error body; anything else (a proxy's HTML page, an empty body) is not one. */
function asApiError(payload: unknown): ApiError | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { message, code } = payload as Partial<ApiError>;
  return typeof message === 'string' && typeof code === 'string' ? (payload as ApiError) : null;
}

/** `{a: 1, b: undefined}` -> `?a=1`; empty values are left out so the api applies its defaults. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The api's own words for a failure, when it sent any (a network error or a proxy's HTML page has none). */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiRequestError && error.code !== undefined && error.message ? error.message : undefined;
}
