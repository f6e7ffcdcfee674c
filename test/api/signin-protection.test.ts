/**
 * Who the client is, and sign-in protection a stranger cannot turn against an account's owner: X-Forwarded-For
 * counts only as far as the configured proxies wrote it; failures from many addresses slow strangers down but
 * never lock the owner out of an address they signed in from; wrong reset codes are capped per account per day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, TEST_PASSWORD } from '../support/users.ts';

type Reply = { status: number; body: any; retryAfter: string | null };

async function post(stack: TestStack, path: string, body: unknown, forwardedFor?: string): Promise<Reply> {
  const res = await fetch(stack.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json(), retryAfter: res.headers.get('retry-after') };
}
const signin = (stack: TestStack, email: string, password: string, forwardedFor?: string) => post(stack, '/auth/signin', { email, password }, forwardedFor);

let direct: TestStack;
let behindProxy: TestStack;

beforeAll(async () => {
  const limits = {
    RATE_SIGNIN_PER_IP: '3',
    RATE_SIGNIN_PER_ACCOUNT: '1000',
    RATE_CODES_PER_IP: '1000',
    RATE_CODES_PER_ACCOUNT: '1000',
    RATE_RESET_CODE_FAILURES_PER_DAY: '3',
    RATE_VERIFY_CODE_FAILURES_PER_DAY: '3',
  };
  [direct, behindProxy] = await Promise.all([
    startApiForTest({ seed: 'none', env: { ...limits, TRUSTED_PROXY_HOPS: '0' } }),
    // Turns long enough that no step of a test outlasts one.
    startApiForTest({ seed: 'none', env: { ...limits, TRUSTED_PROXY_HOPS: '1', RATE_SIGNIN_DELAY_S: '600', RATE_SIGNIN_MAX_DELAY_S: '3600' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([direct?.stop(), behindProxy?.stop()]);
});

describe('the client address', () => {
  it('ignores X-Forwarded-For with no trusted proxy: forged addresses all count as the socket’s', async () => {
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push(await signin(direct, 'nobody@forged.test', 'Wr0ngpassword', `198.51.100.${i}`));
    expect(statuses.map((r) => r.status)).toEqual([401, 401, 401, 429]);
    expect(statuses[3]!.body.message).toBe('Too many requests. Please try again later.');
    expect(Number(statuses[3]!.retryAfter)).toBeGreaterThan(0);
  });

  it('takes the address the trusted proxy appended, whatever the client put before it', async () => {
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push((await signin(behindProxy, 'nobody@proxied.test', 'Wr0ngpassword', `198.51.100.${i}, 192.0.2.10`)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another client behind the same proxy has its own count.
    expect((await signin(behindProxy, 'nobody@proxied.test', 'Wr0ngpassword', '198.51.100.1, 192.0.2.11')).status).toBe(401);
  });
});

describe('sign-in protection', () => {
  it('ten wrong passwords from ten addresses do not lock the owner out of their own address', async () => {
    const owner = await createUser(behindProxy.db, 'ready');
    const home = '192.0.2.50';
    expect((await signin(behindProxy, owner.email, TEST_PASSWORD, home)).status).toBe(200);
    for (let i = 1; i <= 10; i++) expect((await signin(behindProxy, owner.email, 'Wr0ngpassword', `192.0.2.${100 + i}`)).status).toBe(401);
    // Past ten failures strangers take turns, one attempt per wait...
    expect((await signin(behindProxy, owner.email, 'Wr0ngpassword', '192.0.2.111')).status).toBe(401);
    const waiting = await signin(behindProxy, owner.email, 'Wr0ngpassword', '192.0.2.112');
    expect(waiting.status).toBe(429);
    expect(waiting.body.message).toBe('Too many failed sign-ins for this account. Please try again in 10 minutes.');
    expect(Number(waiting.retryAfter)).toBeGreaterThan(540);
    expect(waiting.body.token).toBeUndefined();
    // When a wait has passed (its turn dropped here rather than waited out), the next one is twice as long.
    const { redis, config } = behindProxy.services;
    await redis.del(`${config.redisPrefix}:rate:signin:turn:${owner.email}`);
    expect((await signin(behindProxy, owner.email, 'Wr0ngpassword', '192.0.2.112')).status).toBe(401);
    const longer = await signin(behindProxy, owner.email, 'Wr0ngpassword', '192.0.2.113');
    expect(longer.body.message).toBe('Too many failed sign-ins for this account. Please try again in 20 minutes.');
    expect(Number(longer.retryAfter)).toBeGreaterThan(1140);
    // ...while the owner signs in from home at once.
    const home2 = await signin(behindProxy, owner.email, TEST_PASSWORD, home);
    expect(home2.status).toBe(200);
    expect(home2.body.token).toEqual(expect.any(String));
  });

  it('limits one address trying many accounts', async () => {
    const address = '192.0.2.60';
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push((await signin(behindProxy, `victim${i}@many.test`, 'Wr0ngpassword', address)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('password reset codes', () => {
  it('caps wrong codes per account per day: past the cap even the right code is refused and the password stays', async () => {
    const owner = await createUser(direct.db, 'ready');
    const code = await direct.services.emailCodes.issue(owner.id, 'reset_password');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++) expect((await post(direct, '/auth/verify-reset-code', { email: owner.email, code: wrong })).body.message).toBe('Invalid or expired code');
    const capped = await post(direct, '/auth/verify-reset-code', { email: owner.email, code });
    expect(capped.status).toBe(429);
    expect(capped.body.message).toBe('Too many wrong codes for this account. Please try again in 24 hours.');
    expect(Number(capped.retryAfter)).toBeGreaterThan(23 * 3600);
    const reset = await post(direct, '/auth/reset-password', { email: owner.email, code, password: 'N3wpassword' });
    expect(reset.status).toBe(429);
    expect(reset.body.message).toBe(capped.body.message);
    expect((await direct.db.prisma.user.findUniqueOrThrow({ where: { id: owner.id } })).passwordHash).toBe(owner.passwordHash);
    expect(await direct.db.prisma.emailCode.count({ where: { userId: owner.id, consumedAt: { not: null } } })).toBe(0);
  });

  it('answers an address with no account the same way, so the cap tells nothing about accounts', async () => {
    const replies = [];
    for (let i = 0; i < 4; i++) replies.push(await post(direct, '/auth/verify-reset-code', { email: 'no-account@reset.test', code: '123456' }));
    expect(replies.map((r) => r.status)).toEqual([400, 400, 400, 429]);
    expect(replies[3]!.body.message).toBe('Too many wrong codes for this account. Please try again in 24 hours.');
  });
});

describe('e-mail verification codes', () => {
  it('caps wrong codes per account per day, across fresh codes: past the cap even the right code is refused', async () => {
    const owner = await createUser(direct.db, 'unverified');
    // Each code takes five guesses; asking for a new one must not reset the day's count.
    let code = await direct.services.emailCodes.issue(owner.id, 'verify_email');
    const wrong = () => (code === '000000' ? '111111' : '000000');
    for (let i = 0; i < 3; i++) {
      expect((await post(direct, '/auth/verify-email', { userId: owner.id, code: wrong() })).body.message).toBe('Invalid or expired code');
      code = await direct.services.emailCodes.issue(owner.id, 'verify_email');
    }
    const capped = await post(direct, '/auth/verify-email', { userId: owner.id, code });
    expect(capped.status).toBe(429);
    expect(capped.body.message).toBe('Too many wrong codes for this account. Please try again in 24 hours.');
    expect((await direct.db.prisma.user.findUniqueOrThrow({ where: { id: owner.id } })).emailVerified).toBe(false);
  });

  it('answers an id with no account the same way', async () => {
    const replies = [];
    for (let i = 0; i < 4; i++) replies.push(await post(direct, '/auth/verify-email', { userId: 'no-such-user', code: '123456' }));
    expect(replies.map((r) => r.status)).toEqual([400, 400, 400, 429]);
  });
});
