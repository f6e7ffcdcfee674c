/** JSON calls to the api as a given caller, for the admin and settlement tests. */
export type Reply = { status: number; body: any };

export function caller(baseUrl: () => string) {
  return async function call(method: string, path: string, token?: string | null, body?: unknown): Promise<Reply> {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(baseUrl() + path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}

export const iso = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
