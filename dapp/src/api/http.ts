import { apiErrorSchema } from '@gavel/domain';

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
  method?: 'GET' | 'POST';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * One JSON call to the api. Replies are checked against the shared zod schema so a contract drift shows up as
 * an error state here rather than as `undefined` deep inside a component.
 */
export async function apiRequest<T>(path: string, { schema, method = 'GET', body, signal }: RequestOptions<T>): Promise<T> {
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    signal,
    credentials: 'include',
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    // The spec: a 401 clears all local storage (the stored session and wallet are no longer valid).
    if (response.status === 401) localStorage.clear();
    const error = apiErrorSchema.safeParse(payload);
    throw error.success
      ? new ApiRequestError(response.status, error.data.message, error.data.code, error.data.fields)
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
