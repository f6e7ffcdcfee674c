/**
 * The session token check: what sign() issues passes with its claims; anything else is refused, and on every token
 * here the check agrees with jose's own jwtVerify (the library the api signs with), so the hand-written check takes
 * nothing jose would refuse.
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jwtVerify, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenService } from './tokens.ts';

const SECRET = 'a-test-secret-of-some-length-0123456789';
const key = new TextEncoder().encode(SECRET);
const tokens = await TokenService.create(SECRET, mkdtempSync(path.join(tmpdir(), 'tokens-')));
const claims = { userId: 'user-1', role: 'user', version: 3 } as const;

/** A token signed with `secret`, built as sign() does unless told otherwise. */
function build(options: { secret?: Uint8Array; header?: Record<string, unknown>; issuer?: string; expires?: number | string; body?: Record<string, unknown> } = {}) {
  const jwt = new SignJWT(options.body ?? { role: 'user', ver: 3 })
    .setProtectedHeader({ alg: 'HS256', ...options.header })
    .setSubject('user-1')
    .setIssuedAt();
  if (options.issuer !== '') jwt.setIssuer(options.issuer ?? 'gavel');
  jwt.setExpirationTime(options.expires ?? '1h');
  return jwt.sign(options.secret ?? key);
}

/** A token signed with the right key whatever its header says: what jose will not build. */
function handSigned(header: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const body = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify({ sub: 'user-1', iss: 'gavel', exp: now + 3600, role: 'user', ver: 3 })).toString('base64url')}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

async function joseAccepts(token: string): Promise<boolean> {
  return jwtVerify(token, key, { issuer: 'gavel', algorithms: ['HS256'] }).then(
    () => true,
    () => false,
  );
}

describe('the session token check', () => {
  it('accepts what sign() issues, with its claims', async () => {
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await joseAccepts(token)).toBe(true);
    // The hand-signed tokens below are refused for their header alone.
    expect(await tokens.verify(handSigned({ alg: 'HS256' }))).toEqual(claims);
    expect(await joseAccepts(handSigned({ alg: 'HS256' }))).toBe(true);
  });

  it('refuses every token jose refuses: another key, tampered, expired, another issuer, another algorithm, unsigned, malformed', async () => {
    const good = await tokens.sign(claims);
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const raised = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'admin' })).toString('base64url');
    const refused = [
      await build({ secret: new TextEncoder().encode('another-secret-of-the-same-kind-000000') }),
      `${header}.${raised}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -2)}`,
      `${header}.${payload}.${signature}x`,
      `${header}.${payload}`,
      `${header}.${payload}.${signature}.${signature}`,
      await build({ expires: Math.floor(Date.now() / 1000) - 1 }),
      await build({ issuer: 'someone-else' }),
      await build({ issuer: '' }),
      handSigned({ alg: 'HS256', crit: ['x'], x: 1 }),
      handSigned({ alg: 'HS256', b64: false, crit: ['b64'] }),
      handSigned({ alg: 'none' }),
      await new SignJWT({ role: 'user', ver: 3 }).setProtectedHeader({ alg: 'HS512' }).setIssuer('gavel').setSubject('user-1').setExpirationTime('1h').sign(key),
      new UnsecuredJWT({ role: 'user', ver: 3 }).setIssuer('gavel').setSubject('user-1').setExpirationTime('1h').encode(),
      'not a token',
      '',
      '..',
    ];
    for (const token of refused) {
      expect(await tokens.verify(token), token).toBeNull();
      expect(await joseAccepts(token), token).toBe(false);
    }
  });

  it('refuses a well-signed token without the claims a session needs', async () => {
    for (const body of [{ ver: 3 }, { role: 'user' }, { role: 'user', ver: '3' }]) {
      const token = await build({ body });
      expect(await joseAccepts(token)).toBe(true);
      expect(await tokens.verify(token)).toBeNull();
    }
  });
});
