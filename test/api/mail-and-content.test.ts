/**
 * What admins and users write reaches others safely: lot descriptions are cleaned on the server (on write, and
 * as they are served for rows stored before), and mail escapes lot titles and reasons, with every link absolute
 * on PUBLIC_URL. Mail is read from the outbox, exactly as it is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { closeLot } from '../../api/src/closing/close-lot.ts';
import { identityReviewedMail } from '../../api/src/mail/templates.ts';
import { eventually } from '../support/eventually.ts';

const PUBLIC_URL = 'https://gavel.example';
const TITLE = 'Lamp <b>& "shade"';
const HOSTILE = '<p onclick="steal()">A fine lamp</p><script>alert(1)</script><img src="https://img.example/lamp.png" onerror="alert(2)"><a href="javascript:alert(3)">more</a>';
const CLEAN = '<p>A fine lamp</p><img src="https://img.example/lamp.png" />more';

let stack: TestStack;
let adminToken: string;

const call = async (method: string, path: string, token: string | null, body?: unknown) => {
  const res = await fetch(stack.url + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as any };
};
/** The first mail to `to`, once it is in the outbox (the outbid mail follows the bid's reply). */
function firstMailTo(to: string) {
  return eventually(() => stack.db.prisma.outboxMail.findFirst({ where: { to }, orderBy: { createdAt: 'asc' } }), { what: `a mail to ${to}` });
}

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none', env: { PUBLIC_URL, RATE_SIGNIN_PER_IP: '1000', RATE_SIGNIN_PER_ACCOUNT: '1000' } });
  adminToken = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
});
afterAll(() => stack?.stop());

describe('lot descriptions', () => {
  it('are stored without script, event handlers or javascript: links, on create and on edit', async () => {
    const event = await stack.db.prisma.auctionEvent.create({
      data: { slug: `mail-${Date.now()}`, title: 'Lamps', published: true, status: 'live', startTime: new Date(Date.now() - 86_400_000), endTime: new Date(Date.now() + 30 * 86_400_000) },
    });
    const hour = 3_600_000;
    const created = await call('POST', '/auctions', adminToken, {
      auctionEventId: event.id,
      title: 'A lamp',
      description: HOSTILE,
      paymentMethod: 'Manual',
      startingBid: '10.00',
      startTime: new Date(Date.now() + hour).toISOString(),
      endTime: new Date(Date.now() + 2 * hour).toISOString(),
    });
    expect(created.status).toBe(201);
    expect(created.body.data.description).toBe(CLEAN);
    const id = created.body.data._id as string;
    expect((await stack.db.prisma.lot.findUniqueOrThrow({ where: { id } })).description).toBe(CLEAN);

    const edited = await call('PUT', `/lots/${id}`, adminToken, { description: `<h2 onmouseover="x()">Provenance</h2>${HOSTILE}` });
    expect(edited.status).toBe(200);
    expect((await stack.db.prisma.lot.findUniqueOrThrow({ where: { id } })).description).toBe(`<h2>Provenance</h2>${CLEAN}`);
  });

  it('stored before the rule are served clean', async () => {
    const lot = await createLot(stack.db);
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { description: HOSTILE } });
    const served = await call('GET', `/auctions/${lot.id}`, null);
    expect(served.body.data.description).toBe(CLEAN);
  });
});

describe('mail', () => {
  it('escapes the lot title in the outbid and won mails, whose links are absolute on PUBLIC_URL', async () => {
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n });
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { title: TITLE } });
    const [first, second] = [await createUser(stack.db, 'ready'), await createUser(stack.db, 'ready')];
    expect((await call('POST', `/auctions/${lot.id}/bids`, await signIn(stack.url, first.email), { amount: '10.00' })).status).toBe(201);
    expect((await call('POST', `/auctions/${lot.id}/bids`, await signIn(stack.url, second.email), { amount: '11.00' })).status).toBe(201);
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1000) } });
    expect((await closeLot(stack.db.prisma, lot.id)).closed).toBe(true);

    const link = `${PUBLIC_URL}/details/${lot.id}?auction=${lot.auctionEventId}`;
    const outbid = await firstMailTo(first.email);
    const won = await firstMailTo(second.email);
    for (const mail of [outbid, won]) {
      expect(mail.html).toContain('Lamp &lt;b&gt;&amp; &quot;shade&quot;');
      expect(mail.html).not.toContain('<b>');
      expect(mail.html).toContain(`href="${link.replace('&', '&amp;')}"`);
      expect([...mail.html.matchAll(/href="([^"]*)"/g)].every(([, href]) => href!.startsWith(`${PUBLIC_URL}/`))).toBe(true);
      // The plain-text part is text: the title as written, the link whole.
      expect(mail.text).toContain(TITLE);
      expect(mail.text).toContain(link);
    }
    expect(outbid.subject).toBe("You've been outbid");
    expect(won.subject).toBe(`You won ${TITLE}`);
  });

  it('says an approved identity leaves nothing but what is listed, or that bidding is open', () => {
    expect(identityReviewedMail('someone@test.gavel', true, null, []).text).toBe('Your identity is verified. You can now bid.');
    expect(identityReviewedMail('someone@test.gavel', true, null, ['Accept the terms and conditions']).text).toBe('Your identity is verified. Before you can bid: accept the terms and conditions.');
  });

  it('escapes the reason an identity check was refused', () => {
    const mail = identityReviewedMail('someone@test.gavel', false, '<img src=x onerror=alert(1)> & blurry');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; blurry');
    expect(mail.html).not.toContain('<img');
  });
});
