/**
 * The support page's contact form: a message is stored as plain text, acknowledged by mail (quoting what the
 * sender wrote, escaped, only to a signed-in sender's own verified address; links absolute), listed for admins only, refused with a message per field for bad input, and
 * limited per address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@gavel/domain';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { caller } from '../support/admin-api.ts';
import { eventually } from '../support/eventually.ts';

const PUBLIC_URL = 'https://gavel.example';
let stack: TestStack;
let adminToken: string;
const call = caller(() => stack.url);

/** The acknowledgement to `to`, once it is in the outbox. */
function mailTo(to: string) {
  return eventually(() => stack.db.prisma.outboxMail.findFirst({ where: { to }, orderBy: { createdAt: 'desc' } }), { what: `a mail to ${to}` });
}

const valid = (email: string) => ({ name: 'Ada Lovelace', email, subject: 'Delete my data', message: 'Please delete my account and every record you keep about me.' });

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none', env: { PUBLIC_URL, RATE_SIGNIN_PER_IP: '1000', RATE_SIGNIN_PER_ACCOUNT: '1000' } });
  adminToken = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
});
afterAll(() => stack?.stop());

describe('contact form', () => {
  it("stores a visitor's message, acknowledges it by mail and lists it for admins", async () => {
    const email = `ada.${Date.now()}@example.com`;
    const sent = await call('POST', '/support/requests', null, { ...valid(email), email: `  ${email.toUpperCase()} ` });
    expect(sent).toMatchObject({ status: 201, body: { message: messages.support.sent } });
    const stored = await stack.db.prisma.supportRequest.findUniqueOrThrow({ where: { id: sent.body.data._id } });
    expect(stored).toMatchObject({ ...valid(email), userId: null, handledAt: null });

    // Anyone may type any address: the acknowledgement carries the reference and none of what the sender typed.
    const mail = await mailTo(email);
    expect(mail.subject).toBe('We received your message');
    for (const typed of ['Ada', 'Delete my data', 'Please delete my account']) {
      expect(mail.text).not.toContain(typed);
      expect(mail.html).not.toContain(typed);
    }
    expect(mail.html).toContain(`href="${PUBLIC_URL}/support"`);
    expect(mail.html).toMatch(/Its reference is S-[0-9A-F]{8}\./);

    const list = await call('GET', '/admin/support-requests', adminToken);
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ _id: stored.id, ...valid(email), handled: false, handledAt: null, userId: null });
    expect(list.body.open).toBeGreaterThanOrEqual(1);
  });

  it("links a signed-in sender's message to their account, and quotes it back to their own verified address only", async () => {
    const user = await createUser(stack.db, 'ready');
    const token = await signIn(stack.url, user.email);
    const sent = await call('POST', '/support/requests', token, valid(user.email));
    expect(sent.status).toBe(201);
    expect((await stack.db.prisma.supportRequest.findUniqueOrThrow({ where: { id: sent.body.data._id } })).userId).toBe(user.id);
    const own = await mailTo(user.email);
    expect(own.subject).toBe('We received your message: Delete my data');
    expect(own.text).toContain('Please delete my account');
    expect(own.html).toMatch(/Your reference is S-[0-9A-F]{8}\./);

    const other = `someone.${Date.now()}@example.com`;
    expect((await call('POST', '/support/requests', token, valid(other))).status).toBe(201);
    expect((await mailTo(other)).text).not.toContain('Please delete my account');
  });

  it('keeps what was written as text: HTML is escaped in the mail, control characters are removed, a subject is one line', async () => {
    const email = `mallory.${Date.now()}@example.com`;
    const sender = await signIn(stack.url, (await createUser(stack.db, 'ready', email)).email);
    const sent = await call('POST', '/support/requests', sender, {
      name: 'Mallory <script>alert(1)</script>',
      email,
      subject: 'Hi\r\nBcc: victim@example.com <b>now</b>',
      message: 'Line one\u0085\r\nLine two <img src=x onerror="alert(2)"> & "quotes"\u202E',
    });
    expect(sent.status).toBe(201);
    const stored = await stack.db.prisma.supportRequest.findUniqueOrThrow({ where: { id: sent.body.data._id } });
    expect(stored.subject).toBe('Hi Bcc: victim@example.com <b>now</b>');
    expect(stored.message).toBe('Line one\nLine two <img src=x onerror="alert(2)"> & "quotes"');

    const mail = await mailTo(email);
    expect(mail.subject).toBe('We received your message: Hi Bcc: victim@example.com <b>now</b>');
    expect(mail.html).not.toMatch(/<script|<img|<b>now/);
    expect(mail.html).toContain('Mallory &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Line one<br>Line two &lt;img src=x onerror=&quot;alert(2)&quot;&gt; &amp; &quot;quotes&quot;');
    expect(mail.html).toContain('&lt;b&gt;now&lt;/b&gt;');
  });

  it('refuses bad input with one message per field, and stores nothing', async () => {
    const before = await stack.db.prisma.supportRequest.count();
    const empty = await call('POST', '/support/requests', null, {});
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({
      name: messages.support.nameRequired,
      email: messages.newsletter.invalidEmail,
      subject: messages.support.subjectRequired,
      message: messages.support.messageRequired,
    });
    const blank = await call('POST', '/support/requests', null, { name: ' \t ', email: 'ada@example', subject: '\r\n', message: 'short' });
    expect(blank.body.fields).toEqual({
      name: messages.support.nameRequired,
      email: messages.newsletter.invalidEmail,
      subject: messages.support.subjectRequired,
      message: messages.support.messageTooShort,
    });
    const long = await call('POST', '/support/requests', null, { ...valid('ada@example.com'), name: 'n'.repeat(101), subject: 's'.repeat(151), message: 'm'.repeat(5001) });
    expect(long.body.fields).toEqual({ name: messages.support.nameTooLong, subject: messages.support.subjectTooLong, message: messages.support.messageTooLong });
    // A control character no text means is refused before the route, by the api's hostile-input guard.
    expect((await call('POST', '/support/requests', null, { ...valid('ada@example.com'), message: 'Hello\u0000 there, support' })).body.fields).toEqual({
      message: 'message holds characters that are not allowed',
    });
    expect(await stack.db.prisma.supportRequest.count()).toBe(before);
  });

  it('lists and updates for admins only: 401 signed out, 403 for a user', async () => {
    const bidder = await signIn(stack.url, (await createUser(stack.db, 'ready')).email);
    expect((await call('GET', '/admin/support-requests', null)).status).toBe(401);
    expect((await call('GET', '/admin/support-requests', bidder)).status).toBe(403);
    const sent = await call('POST', '/support/requests', null, valid(`grace.${Date.now()}@example.com`));
    const path = `/admin/support-requests/${sent.body.data._id}`;
    expect((await call('PATCH', path, null, { handled: true })).status).toBe(401);
    expect((await call('PATCH', path, bidder, { handled: true })).status).toBe(403);

    const handled = await call('PATCH', path, adminToken, { handled: true });
    expect(handled.body).toMatchObject({ message: messages.support.handled, data: { handled: true } });
    expect((await call('GET', '/admin/support-requests?status=open', adminToken)).body.data.map((r: { _id: string }) => r._id)).not.toContain(sent.body.data._id);
    expect((await call('GET', '/admin/support-requests?status=handled', adminToken)).body.data.map((r: { _id: string }) => r._id)).toContain(sent.body.data._id);
    expect((await call('PATCH', path, adminToken, { handled: false })).body).toMatchObject({ message: messages.support.reopened, data: { handled: false, handledAt: null } });
    expect((await call('PATCH', '/admin/support-requests/nope', adminToken, { handled: true })).body).toMatchObject({ message: messages.support.notFound });
    expect((await call('GET', '/admin/support-requests?status=maybe', adminToken)).status).toBe(400);
  });
});

describe('contact form rate limit', () => {
  it('answers 429 with when to retry past the limit per address, and stores nothing more', async () => {
    const limited = await startApiForTest({ seed: 'none', env: { RATE_SUPPORT_PER_IP: '2', RATE_SUPPORT_PER_USER: '2' } });
    try {
      const send = () => fetch(`${limited.url}/support/requests`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(valid('ada@example.com')) });
      expect((await send()).status).toBe(201);
      expect((await send()).status).toBe(201);
      const refused = await send();
      expect(refused.status).toBe(429);
      const seconds = Number(refused.headers.get('retry-after'));
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(((await refused.json()) as { message: string }).message).toBe(`Too many messages sent. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`);
      expect(await limited.db.prisma.supportRequest.count()).toBe(2);
    } finally {
      await limited.stop();
    }
  });
});
