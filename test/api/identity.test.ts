import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';

let stack: TestStack;
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

function submit(token: string, fields: Record<string, string>, file: { bytes: Buffer; type: string } | null = { bytes: png, type: 'image/png' }, url = stack.url) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('document', new Blob([new Uint8Array(file.bytes)], { type: file.type }), 'passport.png');
  return fetch(`${url}/identity-verification`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
}
const valid = { legalName: 'Ana Lee', dateOfBirth: '1990-05-04', country: 'United Kingdom', documentType: 'passport', documentNumber: 'P1234567' };
const json = (method: string, path: string, token: string, body?: unknown) =>
  fetch(stack.url + path, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body ? JSON.stringify(body) : undefined }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as any,
  }));

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none' });
});
afterAll(() => stack?.stop());

describe('identity verification', () => {
  it('takes a submission as pending; an admin approves it and the user is verified', async () => {
    const user = await createUser(stack.db, 'profileComplete');
    const token = await signIn(stack.url, user.email);
    const submitted = await submit(token, valid);
    expect(submitted.status).toBe(201);
    expect(submitted.body).toMatchObject({ kycStatus: 'pending', data: { status: 'pending', legalName: 'Ana Lee' } });
    expect((await submit(token, valid)).status).toBe(409);

    const admin = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
    const pending = await json('GET', '/admin/users?kycStatus=pending', admin);
    expect(pending.body.data.map((u: any) => u.id)).toContain(user.id);
    const approved = await json('PATCH', `/admin/users/${user.id}/kyc`, admin, { kycStatus: 'approved' });
    expect(approved.body).toMatchObject({ message: 'KYC status updated successfully', data: { kycStatus: 'approved', identityVerified: true } });
    expect((await json('GET', '/auth/me', token)).body.user.identityVerified).toBe(true);
  });

  it('mails an approval that names only what is still left before bidding', async () => {
    const admin = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
    const approvedMail = async (state: 'profileComplete' | 'withPaymentMethod') => {
      const user = await createUser(stack.db, state);
      await submit(await signIn(stack.url, user.email), valid);
      expect((await json('PATCH', `/admin/users/${user.id}/kyc`, admin, { kycStatus: 'approved' })).status).toBe(200);
      return stack.db.prisma.outboxMail.findFirstOrThrow({ where: { to: user.email, subject: 'Identity verified' } });
    };
    // A card already saved is not asked for again: only the terms are left.
    const withCard = await approvedMail('withPaymentMethod');
    expect(withCard.text).toBe('Your identity is verified. Before you can bid: accept the terms and conditions.');
    expect(withCard.text).not.toMatch(/payment method/);
    const withNothing = await approvedMail('profileComplete');
    expect(withNothing.text).toBe('Your identity is verified. Before you can bid: add a payment method, then accept the terms and conditions.');
  });

  it('requires a reason to reject, and a rejected user may submit again', async () => {
    const user = await createUser(stack.db, 'profileComplete');
    const token = await signIn(stack.url, user.email);
    await submit(token, valid);
    const admin = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
    expect((await json('PATCH', `/admin/users/${user.id}/kyc`, admin, { kycStatus: 'rejected' })).body.fields.reason).toBe('Please give a reason for the rejection');
    const rejected = await json('PATCH', `/admin/users/${user.id}/kyc`, admin, { kycStatus: 'rejected', reason: 'Document is blurred' });
    expect(rejected.body.data).toMatchObject({ kycStatus: 'rejected', reason: 'Document is blurred', identityVerified: false });
    expect((await json('GET', '/identity-verification', token)).body.data).toMatchObject({ status: 'rejected', reason: 'Document is blurred' });
    expect((await submit(token, valid)).status).toBe(201);
  });

  it('refuses under-18s, bad fields, missing and wrong documents, and stores nothing', async () => {
    const user = await createUser(stack.db, 'profileComplete');
    const token = await signIn(stack.url, user.email);
    const minor = new Date();
    minor.setUTCFullYear(minor.getUTCFullYear() - 18);
    minor.setUTCDate(minor.getUTCDate() + 2);
    expect((await submit(token, { ...valid, dateOfBirth: minor.toISOString().slice(0, 10) })).body.fields.dateOfBirth).toBe('You must be at least 18 years old');
    expect((await submit(token, { ...valid, documentType: 'library_card' })).body.fields.documentType).toBe('Please choose a document type');
    expect((await submit(token, valid, null)).body.fields.document).toBe('Please upload an image of your document');
    expect((await submit(token, valid, { bytes: Buffer.from('hello'), type: 'text/plain' })).body.fields.document).toBe('Please upload a JPEG, PNG or WebP image, or a PDF');
    // A text file sent as a PNG, and one sent as a PDF: the bytes decide, not the type the browser claims.
    for (const type of ['image/png', 'application/pdf']) {
      const renamed = await submit(token, valid, { bytes: Buffer.from('hello\n'), type });
      expect(renamed).toMatchObject({ status: 400, body: { fields: { document: 'Please upload a JPEG, PNG or WebP image, or a PDF' } } });
    }
    const huge = await submit(token, valid, { bytes: Buffer.alloc(10 * 1024 * 1024 + 1), type: 'image/png' });
    expect(huge).toMatchObject({ status: 413, body: { message: 'The document must be smaller than 10MB' } });
    expect(await stack.db.prisma.identityVerification.count({ where: { userId: user.id } })).toBe(0);
  });

  it('approves at once when KYC_AUTO_APPROVE is on (demo only)', async () => {
    const demo = await startApiForTest({ seed: 'none', env: { KYC_AUTO_APPROVE: 'true' } });
    try {
      const user = await createUser(demo.db, 'profileComplete');
      const reply = await submit(await signIn(demo.url, user.email), valid, undefined, demo.url);
      expect(reply.body).toMatchObject({ kycStatus: 'approved', message: 'Identity verified successfully!' });
    } finally {
      await demo.stop();
    }
  });
});

describe('admin users', () => {
  it('pages 20 at a time and filters by payment verification', async () => {
    for (let i = 0; i < 22; i++) await createUser(stack.db, 'ready');
    const admin = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
    const page = await json('GET', '/admin/users', admin);
    expect(page.body.data).toHaveLength(20);
    expect(page.body.pagination.hasMore).toBe(true);
    const target = page.body.data[0];
    await json('PATCH', `/admin/users/${target.id}/payment-verification`, admin, { paymentMethodVerified: true });
    const verified = await json('GET', '/admin/users?paymentVerified=true', admin);
    expect(verified.body.data.map((u: any) => u.id)).toEqual([target.id]);
    expect((await json('GET', '/admin/users?kycStatus=maybe', admin)).status).toBe(400);
    expect((await json('GET', '/admin/users/nope', admin)).status).toBe(404);
  });
});
