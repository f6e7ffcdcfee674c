import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, ApiRequestError, setAuthTokenSource } from './http.ts';

function replying(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function source(token: string | null, kept: string[]) {
  const onExpired = vi.fn();
  setAuthTokenSource({ current: () => token, isKept: (candidate) => kept.includes(candidate), onExpired });
  return onExpired;
}

describe('the api client and the token source the app gives it', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the current token as a Bearer header', async () => {
    const fetch = replying(200, { ok: true });
    source('user-token', ['user-token']);
    await apiRequest('/auth/me');
    expect(new Headers(fetch.mock.calls[0]![1].headers).get('Authorization')).toBe('Bearer user-token');
  });

  it('ends the session on a 401 for a token still kept', async () => {
    replying(401, { message: 'Session expired', code: 'unauthorized' });
    const onExpired = source('user-token', ['user-token']);
    await expect(apiRequest('/auth/me')).rejects.toBeInstanceOf(ApiRequestError);
    expect(onExpired).toHaveBeenCalledOnce();
  });

  it('leaves the session alone on a 401 for a token replaced since, or a call without one', async () => {
    replying(401, { message: 'Wrong password', code: 'unauthorized' });
    const replaced = source('old-token', ['new-token']);
    await expect(apiRequest('/auth/me')).rejects.toBeInstanceOf(ApiRequestError);
    const signedOut = source(null, []);
    await expect(apiRequest('/auth/signin', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiRequestError);
    expect(replaced).not.toHaveBeenCalled();
    expect(signedOut).not.toHaveBeenCalled();
  });
});
