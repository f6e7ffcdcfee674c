/**
 * An admin deciding an identity check sees what the user submitted: every field, and the document itself,
 * served only to admins and never kept by a cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@gavel/domain';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { caller } from '../support/admin-api.ts';

let stack: TestStack;
let adminToken: string;
const call = caller(() => stack.url);
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000000000500010d0a2db40000000049454e44ae426082', 'hex');
const FIELDS = { legalName: 'Ana Maria Lee', dateOfBirth: '1990-05-04', country: 'United Kingdom', documentType: 'national_id', documentNumber: 'ID-998877' };

async function submit(token: string, file: { bytes: Buffer; type: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(FIELDS)) form.append(key, value);
  form.append('document', new Blob([new Uint8Array(file.bytes)], { type: file.type }), 'id-card');
  const res = await fetch(`${stack.url}/identity-verification`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(res.status).toBe(201);
}

const fetchDocument = (url: string, token: string | null) => fetch(stack.url + url, { headers: token ? { authorization: `Bearer ${token}` } : {} });

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none', env: { RATE_SIGNIN_PER_IP: '1000', RATE_SIGNIN_PER_ACCOUNT: '1000' } });
  adminToken = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
});
afterAll(() => stack?.stop());

describe('identity review', () => {
  it('shows the admin every submitted field and the document as uploaded, private and not stored by any cache', async () => {
    const user = await createUser(stack.db, 'profileComplete');
    const userToken = await signIn(stack.url, user.email);
    await submit(userToken, { bytes: PNG, type: 'image/png' });

    const detail = await call('GET', `/admin/users/${user.id}`, adminToken);
    const identity = detail.body.data.identity;
    expect(identity).toMatchObject({ ...FIELDS, status: 'pending', document: { contentType: 'image/png', url: `/admin/identity-checks/${identity.id}/document` } });
    // The users list carries the same, for the same check.
    const listed = (await call('GET', `/admin/users?search=${encodeURIComponent(user.email)}`, adminToken)).body.data[0];
    expect(listed.identity).toEqual(identity);

    const served = await fetchDocument(identity.document.url, adminToken);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('private, no-store');
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    // The user's own view of their check does not carry the document or its number.
    const own = await call('GET', '/identity-verification', userToken);
    expect(own.body.data).not.toHaveProperty('document');
    expect(own.body.data).not.toHaveProperty('documentNumber');
  });

  it('serves a PDF with its own type', async () => {
    const user = await createUser(stack.db, 'profileComplete');
    const pdf = Buffer.from('%PDF-1.4\n%fake but stored as sent\n');
    await submit(await signIn(stack.url, user.email), { bytes: pdf, type: 'application/pdf' });
    const { identity } = (await call('GET', `/admin/users/${user.id}`, adminToken)).body.data;
    const served = await fetchDocument(identity.document.url, adminToken);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('refuses everyone but admins: 401 signed out, 403 for the user themselves and for a seller', async () => {
    const user = await createUser(stack.db, 'profileComplete');
    const userToken = await signIn(stack.url, user.email);
    await submit(userToken, { bytes: PNG, type: 'image/png' });
    const { identity } = (await call('GET', `/admin/users/${user.id}`, adminToken)).body.data;
    const seller = await signIn(stack.url, (await createUser(stack.db, 'seller')).email);

    const anonymous = await fetchDocument(identity.document.url, null);
    expect(anonymous.status).toBe(401);
    for (const token of [userToken, seller]) {
      const refused = await fetchDocument(identity.document.url, token);
      expect(refused.status).toBe(403);
      expect(refused.headers.get('content-type')).toContain('application/json');
    }
    expect((await call('GET', `/admin/users/${user.id}`, userToken)).status).toBe(403);
  });

  it('answers 404 for a check without a document, still uncacheable', async () => {
    const user = await createUser(stack.db, 'profileComplete');
    const check = await stack.db.prisma.identityVerification.create({
      data: { userId: user.id, legalName: 'No File', dateOfBirth: new Date('1980-01-01'), country: 'France', documentType: 'passport', documentNumber: 'P0000' },
    });
    expect((await call('GET', `/admin/users/${user.id}`, adminToken)).body.data.identity.document).toBeNull();
    const missing = await fetchDocument(`/admin/identity-checks/${check.id}/document`, adminToken);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('private, no-store');
    expect(((await missing.json()) as { message: string }).message).toBe(messages.identity.documentNotFound);
  });
});
