/**
 * Paths the spec names that a client written for it will call: the lots an address sells, and the admin area
 * under the /api, /v1 and /api/v1 prefixes its raw helper retries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none' });
});
afterAll(async () => {
  await stack?.stop();
});

const get = async (path: string, token?: string) => {
  const res = await fetch(stack.url + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as any };
};

describe('GET /auctions/seller/{address}', () => {
  it('lists the lots an address sells: as their seller address, or through the creator who linked it, whatever the case of an EVM address', async () => {
    const evm = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01';
    const seller = await createUser(stack.db, 'seller');
    await stack.db.prisma.wallet.create({ data: { userId: seller.id, address: evm, type: 'evm' } });
    const created = await createLot(stack.db, { creatorId: seller.id });
    const btc = await createLot(stack.db, { paymentMethod: 'BTC' });
    const taproot = 'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c';
    await stack.db.prisma.lot.update({ where: { id: btc.id }, data: { sellerWalletAddress: taproot } });
    const other = await createLot(stack.db);

    for (const spelling of [evm, evm.toLowerCase(), evm.toUpperCase().replace('0X', '0x')]) {
      const reply = await get(`/auctions/seller/${spelling}`);
      expect(reply.status).toBe(200);
      expect(reply.body.data.map((l: { _id: string }) => l._id)).toEqual([created.id]);
    }
    const byBtc = await get(`/auctions/seller/${taproot.toUpperCase()}`);
    expect(byBtc.body.data.map((l: { _id: string }) => l._id)).toEqual([btc.id]);
    expect(byBtc.body.pagination.total).toBe(1);
    expect((await get('/auctions/seller/0x0000000000000000000000000000000000000001')).body.data).toEqual([]);
    expect((await get('/auctions/seller/x')).status).toBe(400);
    expect(other.id).toBeTruthy();
  });
});

describe('admin paths under /api, /v1 and /api/v1', () => {
  it('answer as the bare ones, with the same access rules', async () => {
    const admin = await createUser(stack.db, 'admin');
    const token = await signIn(stack.url, admin.email);
    const bare = await get('/admin/users', token);
    expect(bare.status).toBe(200);
    for (const prefix of ['/api', '/v1', '/api/v1']) {
      const reply = await get(`${prefix}/admin/users`, token);
      expect(reply).toEqual(bare);
      expect((await get(`${prefix}/admin/users`)).status).toBe(401);
    }
    // Only the admin area: other paths keep their one base path.
    expect((await get('/api/v1/auctions')).status).toBe(404);
  });
});
