import { apiErrorSchema } from '@gavel/domain';
import { announceSessionExpired } from '../session/session-expiry.ts';
import { requestToken } from '../admin/admin-token.ts';

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

/** Any schema that checks a reply (the domain's zod schemas); structural so the dapp need not import zod. */
interface ReplySchema<T> {
  parse(data: unknown): T;
}

interface RequestOptions<T> {
  schema: ReplySchema<T>;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-encoded, or sent as is when it is FormData (file uploads). */
  body?: unknown;
  signal?: AbortSignal;
  /** A token other than the page's own (the admin guard asks who the buyer session belongs to). */
  token?: string | null;
}

/**
 * One JSON call to the api, with the session's Bearer token when there is one. Replies are checked against the
 * shared zod schema so a contract drift shows up as an error state here rather than as `undefined` deep inside
 * a component.
 */
export async function apiRequest<T>(path: string, { schema, method = 'GET', body, signal, token: explicitToken }: RequestOptions<T>): Promise<T> {
  // Admin pages send the admin token, every other page the user token (admin-side section 6).
  const token = explicitToken !== undefined ? explicitToken : requestToken();
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
    // The spec: a 401 clears all local storage (the stored session and wallet are no longer valid) and returns
    // to sign-in. Only for calls that carried a session: a wrong password on /signin is a 401 too, and must not
    // wipe the visitor's connected wallet or bounce them off the form they are typing in.
    if (response.status === 401 && token) {
      localStorage.clear();
      announceSessionExpired();
    }
    const error = apiErrorSchema.safeParse(payload);
    throw error.success
      ? new ApiRequestError(response.status, error.data.message, error.data.code, error.data.fields, error.data.userId)
      : new ApiRequestError(response.status, `Request failed with status ${response.status}`);
  }
  return schema.parse(payload);
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
