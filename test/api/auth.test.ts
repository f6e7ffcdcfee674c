import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { createUser, signIn, TEST_PASSWORD } from '../support/users.ts';

let stack: TestStack;
let smtp: TestSmtp;

type Reply = { status: number; body: any };
async function call(method: string, path: string, body?: unknown, token?: string): Promise<Reply> {
  const res = await fetch(stack.url + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}
const post = (path: string, body?: unknown, token?: string) => call('POST', path, body ?? {}, token);

let seq = 0;
const freshEmail = () => `user${++seq}-${Date.now()}@example.com`;

async function signUp(email = freshEmail(), password = 'Sup3rsecret') {
  const before = smtp.mails.length;
  const reply = await post('/auth/signup', { firstName: 'Ana', lastName: 'Lee', email, password });
  expect(reply.status).toBe(201);
  return { email, password, userId: reply.body.userId as string, code: await smtp.codeFor(email, { after: before }) };
}

async function verifiedUser() {
  const account = await signUp();
  const verified = await post('/auth/verify-email', { userId: account.userId, code: account.code });
  expect(verified.status).toBe(200);
  return { ...account, token: verified.body.token as string };
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  stack = await startApiForTest({
    seed: 'none',
    worker: true,
    env: { SMTP_URL: smtp.url, RATE_SIGNIN_PER_ACCOUNT: '1000', RATE_SIGNIN_PER_IP: '1000', RATE_CODES_PER_IP: '1000', RATE_CODES_PER_ACCOUNT: '1000' },
  });
});
afterAll(async () => {
  await stack?.stop();
  await smtp?.stop();
});

describe('sign-up and e-mail verification', () => {
  it('creates the account, mails a 6-digit code, and verifies with it', async () => {
    const { userId, code, email } = await signUp();
    expect(code).toMatch(/^\d{6}$/);
    const stored = await stack.db.prisma.emailCode.findFirstOrThrow({ where: { userId } });
    expect(stored.codeHash).not.toContain(code);
    const verified = await post('/auth/verify-email', { userId, code });
    expect(verified.body.message).toBe('Email verified successfully!');
    expect(verified.body.user).toMatchObject({ email, emailVerified: true, role: 'user', title: 'User' });
    expect(JSON.stringify(verified.body)).not.toContain('passwordHash');
    const me = await call('GET', '/auth/me', undefined, verified.body.token);
    expect(me.body.user.id).toBe(userId);
  });

  it('refuses a duplicate e-mail, whatever its case', async () => {
    const { email } = await signUp();
    const again = await post('/auth/signup', { firstName: 'A', lastName: 'B', email: email.toUpperCase(), password: 'Sup3rsecret' });
    expect(again.status).toBe(409);
    expect(again.body.fields.email).toBe('An account with this email already exists');
  });

  it.each([
    ['short1', 'Password must be at least 8 characters'],
    ['lettersonly', 'Password must contain a letter and a number'],
    ['12345678', 'Password must contain a letter and a number'],
  ])('refuses the weak password %s', async (password, message) => {
    const reply = await post('/auth/signup', { firstName: 'A', lastName: 'B', email: freshEmail(), password });
    expect(reply.status).toBe(400);
    expect(reply.body.fields.password).toBe(message);
  });

  it('names every missing field', async () => {
    const reply = await post('/auth/signup', {});
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.fields).sort()).toEqual(['email', 'firstName', 'lastName', 'password']);
  });

  it('refuses a wrong code, then locks the code after 5 attempts', async () => {
    const { userId, code } = await signUp();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const reply = await post('/auth/verify-email', { userId, code: wrong });
      expect(reply).toMatchObject({ status: 400, body: { message: 'Invalid or expired code' } });
    }
    expect((await post('/auth/verify-email', { userId, code: wrong })).status).toBe(429);
    // Even the right code is refused now: a new one must be requested.
    expect((await post('/auth/verify-email', { userId, code })).body.message).toBe('Too many attempts. Please request a new code.');
  });

  it('refuses an expired code', async () => {
    const { userId, code } = await signUp();
    await stack.db.prisma.emailCode.updateMany({ where: { userId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await post('/auth/verify-email', { userId, code })).status).toBe(400);
  });

  it('resends a new code (not within 30 s) and the new code replaces the old', async () => {
    const { userId, code, email } = await signUp();
    expect((await post('/auth/resend-code', { userId })).status).toBe(429);
    await stack.db.prisma.emailCode.updateMany({ where: { userId }, data: { createdAt: new Date(Date.now() - 60_000) } });
    const before = smtp.mails.length;
    expect((await post('/auth/resend-code', { userId })).status).toBe(200);
    const fresh = await smtp.codeFor(email, { after: before });
    if (fresh !== code) expect((await post('/auth/verify-email', { userId, code })).status).toBe(400);
    expect((await post('/auth/verify-email', { userId, code: fresh })).status).toBe(200);
  });

  it('does not sign in an unverified account, and says where to verify', async () => {
    const { email, password, userId } = await signUp();
    const reply = await post('/auth/signin', { email, password });
    expect(reply).toMatchObject({ status: 403, body: { code: 'email_not_verified', userId } });
  });
});

describe('sign-in, tokens and sign-out', () => {
  it('signs in with the right password only', async () => {
    const { email, password } = await verifiedUser();
    const ok = await post('/auth/signin', { email, password });
    expect(ok.body.message).toBe('Welcome back!');
    expect(ok.body.token).toBeTruthy();
    const wrong = await post('/auth/signin', { email, password: 'Wrong-pass1' });
    const unknown = await post('/auth/signin', { email: freshEmail(), password });
    expect(wrong).toEqual({ status: 401, body: { message: 'Invalid email or password', code: 'invalid_credentials' } });
    expect(unknown).toEqual(wrong);
  });

  it('rejects malformed, forged and revoked tokens', async () => {
    const { token } = await verifiedUser();
    expect((await call('GET', '/auth/me', undefined, 'not-a-jwt')).status).toBe(401);
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await call('GET', '/auth/me', undefined, forged)).status).toBe(401);
    expect((await post('/auth/logout', {}, token)).body.message).toBe('Logged out successfully!');
    const revoked = await call('GET', '/auth/me', undefined, token);
    expect(revoked).toEqual({ status: 401, body: { message: 'Your session has expired. Please sign in again.', code: 'unauthorized' } });
    expect((await call('GET', '/auth/me')).body.message).toBe('Please sign in first to continue.');
  });

  it('changes the password, revoking older tokens', async () => {
    const { token, email, password } = await verifiedUser();
    const wrong = await call('PATCH', '/auth/change-password', { currentPassword: 'nope-nope1', newPassword: 'N3wpassword' }, token);
    expect(wrong.body.fields.currentPassword).toBe('Current password is incorrect');
    const same = await call('PATCH', '/auth/change-password', { currentPassword: password, newPassword: password }, token);
    expect(same.status).toBe(400);
    const changed = await call('PATCH', '/auth/change-password', { currentPassword: password, newPassword: 'N3wpassword' }, token);
    expect(changed.body.message).toBe('Password updated successfully.');
    expect((await call('GET', '/auth/me', undefined, token)).status).toBe(401);
    expect((await call('GET', '/auth/me', undefined, changed.body.token)).status).toBe(200);
    expect((await post('/auth/signin', { email, password: 'N3wpassword' })).status).toBe(200);
  });

  it('rate-limits sign-in per account from one address', async () => {
    const limited = await startApiForTest({ seed: 'none', env: { RATE_SIGNIN_PER_ACCOUNT: '3' } });
    try {
      const attempt = () => fetch(`${limited.url}/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'x@y.co', password: 'whatever1' }) });
      // The limiter's minute opens with the first attempt, so the five fall inside one.
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await attempt()).status);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.stop();
    }
  });
});

describe('password reset', () => {
  it('answers forgot-password the same whether or not the address exists', async () => {
    const { email } = await verifiedUser();
    const known = await post('/auth/forgot-password', { email });
    const unknown = await post('/auth/forgot-password', { email: freshEmail() });
    expect(known).toEqual({ status: 200, body: { message: 'Reset code sent! Please check your email.' } });
    expect(unknown).toEqual(known);
  });

  it('checks the code, resets once, and refuses the reused code', async () => {
    const { email, token } = await verifiedUser();
    const before = smtp.mails.length;
    await post('/auth/forgot-password', { email });
    const code = await smtp.codeFor(email, { after: before });
    expect((await post('/auth/verify-reset-code', { email, code: code === '999999' ? '999998' : '999999' })).status).toBe(400);
    expect((await post('/auth/verify-reset-code', { email, code })).body.message).toBe('Code verified successfully!');
    const reset = await post('/auth/reset-password', { email, code, password: 'R3setpassword' });
    expect(reset.body.message).toBe('Password reset successfully!');
    expect((await post('/auth/reset-password', { email, code, password: 'An0therpassword' })).status).toBe(400);
    expect((await call('GET', '/auth/me', undefined, token)).status).toBe(401);
    expect((await post('/auth/signin', { email, password: 'R3setpassword' })).status).toBe(200);
  });
});

describe('profile and terms', () => {
  const profile = {
    firstName: 'Ana',
    lastName: 'Lee',
    phoneNumber: '+44 20 7946 0018',
    country: 'United Kingdom',
    city: 'London',
    address: '2 High St',
    postCode: 'N1 1AA',
    dateOfBirth: '1994-03-02',
  };

  it('completes the profile with every field, and refuses under-18s', async () => {
    const { token } = await verifiedUser();
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 17);
    const minor = await post('/auth/update-profile', { ...profile, dateOfBirth: young.toISOString().slice(0, 10) }, token);
    expect(minor.body.fields.dateOfBirth).toBe('You must be at least 18 years old');
    const partial = await post('/auth/update-profile', { firstName: 'Ana' }, token);
    expect(Object.keys(partial.body.fields)).toEqual(expect.arrayContaining(['lastName', 'phoneNumber', 'country', 'city', 'address', 'postCode', 'dateOfBirth']));
    const saved = await post('/auth/update-profile', profile, token);
    expect(saved.body.message).toBe('Profile updated successfully!');
    expect(saved.body.user).toMatchObject({ isProfileComplete: true, dateOfBirth: '1994-03-02', city: 'London' });
  });

  it('accepts terms with who the user bids for, and requires that choice', async () => {
    const { token } = await verifiedUser();
    expect((await post('/auth/accept-terms', {}, token)).body.fields.biddingFor).toBe('Please select who you are bidding for');
    const accepted = await post('/auth/accept-terms', { biddingFor: 'someone_else' }, token);
    expect(accepted.body.message).toBe('Terms and conditions accepted successfully!');
    expect(accepted.body.user).toMatchObject({ termsAccepted: true, biddingFor: 'someone_else' });
    expect(Date.parse(accepted.body.user.termsAcceptedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('signs in the demo-style fixtures', async () => {
    const user = await createUser(stack.db, 'ready');
    expect(await signIn(stack.url, user.email, TEST_PASSWORD)).toBeTruthy();
  });
});
