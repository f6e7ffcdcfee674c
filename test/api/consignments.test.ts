/**
 * Consignment intake: a signed-in user submits an item (images through the upload checks, a 400 naming each bad
 * field), follows only their own submissions; only admins list and review them; accepting makes a lot in the event
 * whose seller is the consignor (shown in My sales), declining mails the consignor the reason; each review happens once.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { caller, DAY, HOUR, iso } from '../support/admin-api.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const INSCRIPTION = `${'ab'.repeat(32)}i0`;

let stack: TestStack;
let adminToken: string;
const call = caller(() => stack.url);

async function person() {
  const user = await createUser(stack.db, 'ready');
  return { user, token: await signIn(stack.url, user.email) };
}

async function upload(token: string | null, bytes: Buffer, type: string, name = 'item.png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${stack.url}/consignments/images`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: await res.json() };
}

const item = (over: Record<string, unknown> = {}) => ({
  title: `Rare sat ${randomBytes(2).toString('hex')}`,
  description: 'A first-block uncommon sat, held since 2023.',
  estimateLow: '1,000',
  estimateHigh: '1,500.50',
  holding: 'inscription',
  inscriptionId: INSCRIPTION,
  ...over,
});

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none', env: { RATE_SIGNIN_PER_IP: '10000', RATE_SIGNIN_PER_ACCOUNT: '10000' } });
  adminToken = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
});
afterAll(() => stack?.stop());

describe('consignments', () => {
  it('a signed-in user submits an item with an uploaded image and follows it; nobody else sees it', async () => {
    const alice = await person();
    const bob = await person();
    expect((await upload(null, PNG, 'image/png')).status).toBe(401);
    expect((await upload(alice.token, SVG, 'image/svg+xml', 'x.svg')).status).toBe(415);
    expect((await upload(alice.token, Buffer.from('not a png at all'), 'image/png')).status).toBe(415);
    const image = await upload(alice.token, PNG, 'image/png');
    expect(image.status).toBe(201);
    const url = image.body.data.url as string;

    expect((await call('POST', '/consignments', null, item())).status).toBe(401);
    const made = await call('POST', '/consignments', alice.token, item({ imageUrls: [url] }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      message: 'Thank you: your item was submitted for review',
      data: { status: 'submitted', imageUrls: [url], estimateLow: '1000.00', estimateHigh: '1500.50', holding: 'inscription', inscriptionId: INSCRIPTION },
    });
    const id = made.body.data._id;

    expect((await call('GET', '/consignments/mine', alice.token)).body.data.map((c: { _id: string }) => c._id)).toEqual([id]);
    expect((await call('GET', '/consignments/mine', bob.token)).body.data).toEqual([]);
    expect((await call('GET', `/consignments/${id}`, alice.token)).status).toBe(200);
    expect((await call('GET', `/consignments/${id}`, bob.token)).status).toBe(404);
  });

  it('refuses a bad submission with a 400 naming the field', async () => {
    const { token } = await person();
    const refused = async (body: Record<string, unknown>, field: string, message: string | RegExp) => {
      const res = await call('POST', '/consignments', token, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.fields?.[field], JSON.stringify(res.body)).toMatch(message);
    };
    await refused(item({ title: ' ' }), 'title', 'Title is required');
    await refused(item({ description: undefined }), 'description', 'Description is required');
    await refused(item({ holding: 'painting' }), 'holding', /Choose how the item is held/);
    await refused(item({ inscriptionId: undefined }), 'inscriptionId', 'Inscription id is required for an inscription');
    await refused(item({ inscriptionId: 'abc' }), 'inscriptionId', /Inscription id must be/);
    await refused(item({ holding: 'nft', contractAddress: '0x12', tokenId: '7' }), 'contractAddress', /Contract address must be 0x/);
    await refused(item({ holding: 'nft', contractAddress: `0x${'1'.repeat(40)}` }), 'tokenId', 'Token id is required for an NFT');
    await refused(item({ estimateLow: 'lots' }), 'estimateLow', /Estimate must be an amount/);
    await refused(item({ estimateLow: '2000', estimateHigh: '1000' }), 'estimateLow', 'Low estimate must not be above the high estimate');
    await refused(item({ imageUrls: ['https://evil.example/x.png'] }), 'imageUrls', 'Images must be uploaded through the form');
  });

  it('only admins list and review; accepting makes a lot in the event whose seller is the consignor, once', async () => {
    const consignor = await person();
    const made = await call('POST', '/consignments', consignor.token, item({ holding: 'offchain', inscriptionId: undefined, title: 'A signed first edition' }));
    const id = made.body.data._id;
    for (const [method, path] of [
      ['GET', '/admin/consignments'],
      ['GET', `/admin/consignments/${id}`],
      ['POST', `/admin/consignments/${id}/accept`],
      ['POST', `/admin/consignments/${id}/decline`],
    ] as const) {
      expect((await call(method, path, consignor.token, method === 'POST' ? {} : undefined)).status, path).toBe(403);
    }
    const waiting = await call('GET', '/admin/consignments?status=submitted&limit=100', adminToken);
    expect(waiting.body.data.find((c: { _id: string }) => c._id === id)).toMatchObject({ consignor: { userId: consignor.user.id, email: consignor.user.email } });
    expect((await call('GET', `/admin/consignments/${id}`, adminToken)).body.data).toMatchObject({ title: 'A signed first edition', status: 'submitted' });

    const event = (await call('POST', '/auction-events', adminToken, { title: `Consigned ${randomBytes(2).toString('hex')}`, startTime: iso(-DAY), endTime: iso(10 * DAY) })).body.data;
    // The lot form's rules apply, and a refusal leaves the submission waiting.
    const bad = await call('POST', `/admin/consignments/${id}/accept`, adminToken, { auctionEventId: event._id, startingBid: '100.00', startTime: iso(-HOUR), endTime: iso(-2 * HOUR) });
    expect(bad.status).toBe(400);
    expect((await call('GET', `/admin/consignments/${id}`, adminToken)).body.data.status).toBe('submitted');
    expect((await call('POST', `/admin/consignments/${id}/accept`, adminToken, { startingBid: '100.00' })).body.fields).toHaveProperty('auctionEventId');

    const accepted = await call('POST', `/admin/consignments/${id}/accept`, adminToken, {
      auctionEventId: event._id,
      startingBid: '100.00',
      startTime: iso(-HOUR),
      endTime: iso(DAY),
      published: true,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data).toMatchObject({ status: 'accepted', auctionEventId: event._id });
    const lot = await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: accepted.body.data.lotId } });
    expect(lot).toMatchObject({ creatorId: consignor.user.id, auctionEventId: event._id, title: 'A signed first edition', paymentMethod: 'Manual' });
    expect(lot.estimateLow?.toFixed(0)).toBe('100000');
    // Accepted once: a second accept or a decline is a 409 and writes nothing.
    expect((await call('POST', `/admin/consignments/${id}/accept`, adminToken, { auctionEventId: event._id, startingBid: '1.00', startTime: iso(-HOUR), endTime: iso(DAY) })).status).toBe(409);
    expect((await call('POST', `/admin/consignments/${id}/decline`, adminToken, { reason: 'Changed my mind' })).status).toBe(409);
    expect(await stack.db.prisma.lot.count({ where: { creatorId: consignor.user.id } })).toBe(1);
    // The consignor follows it: the submission names its lot, and once the event is public the lot is among their sales.
    expect((await call('GET', `/consignments/${id}`, consignor.token)).body.data).toMatchObject({ status: 'accepted', lotId: lot.id });
    await call('POST', `/auction-events/${event._id}/publish`, adminToken);
    const sales = await call('GET', '/me/sales', consignor.token);
    expect(sales.status).toBe(200);
    expect(JSON.stringify(sales.body)).toContain(lot.id);
  });

  it('declining needs a reason and mails it to the consignor', async () => {
    const consignor = await person();
    const id = (await call('POST', '/consignments', consignor.token, item())).body.data._id;
    expect(await call('POST', `/admin/consignments/${id}/decline`, adminToken, { reason: '' })).toMatchObject({
      status: 400,
      body: { fields: { reason: 'A reason is required to decline a consignment' } },
    });
    const declined = await call('POST', `/admin/consignments/${id}/decline`, adminToken, { reason: 'We cannot verify its provenance.' });
    expect(declined.body).toMatchObject({ message: 'Consignment declined: the consignor was e-mailed the reason', data: { status: 'declined', declineReason: 'We cannot verify its provenance.' } });
    const mail = await stack.db.prisma.outboxMail.findFirst({ where: { to: consignor.user.email, subject: { startsWith: 'About the item you offered' } } });
    expect(mail?.text).toContain('We cannot verify its provenance.');
    expect((await call('GET', '/consignments/mine', consignor.token)).body.data[0]).toMatchObject({ status: 'declined', declineReason: 'We cannot verify its provenance.' });
    expect((await call('POST', `/admin/consignments/${id}/accept`, adminToken, { auctionEventId: 'x', startingBid: '1' })).status).toBe(409);
    expect((await call('GET', '/admin/consignments/nope', adminToken)).status).toBe(404);
  });
});
