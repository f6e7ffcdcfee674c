/**
 * Inscriptions through the api against the Bitcoin stand-in: a file uploaded, its commit address paid with
 * the faucet, the reveal broadcast by the worker's job, and ord then showing the inscription, with its
 * content, at the destination; bad uploads refused with the spec's texts; ownership asked of ord; a linked
 * wallet's inscriptions synced into the user's list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { startBitcoinStandIn, type BitcoinStandIn } from '../../scripts/stand-ins/bitcoin/index.ts';
import { devClient, networkOf, TestKey } from '../support/bitcoin-wallet.ts';
import { caller } from '../support/admin-api.ts';
import { eventually } from '../support/eventually.ts';

const net = networkOf('regtest');
let btc: BitcoinStandIn;
let stack: TestStack;
let dev: ReturnType<typeof devClient>;
let token: string;
let adminToken: string;
const call = caller(() => stack.url);

async function create(file: { body: string | Uint8Array<ArrayBuffer>; type: string; name?: string } | null, fields: Record<string, string>, as = token) {
  const form = new FormData();
  if (file) form.append('file', new Blob([file.body], { type: file.type }), file.name ?? 'art.txt');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${stack.url}/inscriptions/create`, { method: 'POST', headers: { authorization: `Bearer ${as}` }, body: form });
  return { status: res.status, body: await res.json() };
}

/** Sends sats to an address without mining, as a wallet's payment would arrive: in the mempool first. */
async function pay(address: string, sats: number) {
  const res = await fetch(`${btc.url}/dev/faucet`, { method: 'POST', body: JSON.stringify({ address, sats, mine: false }) });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  btc = await startBitcoinStandIn({ port: 0, network: 'regtest', blockIntervalMs: 0 });
  dev = devClient(btc.url);
  stack = await startApiForTest({
    seed: 'none',
    worker: true,
    env: { BITCOIN_NETWORK: 'regtest', BITCOIN_ESPLORA_URL: btc.esploraUrl, ORD_URL: btc.ordUrl, INSCRIPTION_WATCH_MS: '100', INSCRIPTION_PAYMENT_CONFIRMATIONS: '1', RATE_SIGNIN_PER_IP: '10000' },
  });
  token = await signIn(stack.url, (await createUser(stack.db, 'ready')).email);
  adminToken = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
});
afterAll(async () => {
  await stack?.stop();
  await btc?.close();
});

describe('POST /inscriptions/create', () => {
  it('an uploaded file is inscribed at the destination once its commit address is paid and confirmed', async () => {
    const destination = new TestKey('p2tr', net).address;
    const created = await create({ body: '<svg xmlns="http://www.w3.org/2000/svg"/>', type: 'image/svg+xml', name: 'art.svg' }, { destinationAddress: destination, feeRate: '3' });
    expect(created.status).toBe(201);
    const { _id: id, paymentInstructions: pi } = created.body.data;
    expect(created.body.data).toMatchObject({ status: 'pending_payment', inscriptionId: null, walletAddress: destination, contentType: 'image/svg+xml', fileName: 'art.svg', size: 41 });
    expect(pi).toMatchObject({ address: expect.stringMatching(/^bcrt1p/), postage: 546, feeRate: 3 });
    expect(pi.amount).toBe(546 + pi.revealFee);
    expect(pi.revealFee % 3).toBe(0);
    expect(JSON.stringify(created.body)).not.toMatch(/key|secret/i);
    expect((await call('GET', `/inscriptions/payment-instructions/${id}`)).body.data).toMatchObject({ ...pi, status: 'pending_payment' });
    expect((await call('GET', `/inscriptions/payment-status/${id}`)).body.data).toMatchObject({ paid: false, received: 0, required: pi.amount });

    // Paid but unconfirmed: the payment is seen, the reveal waits for the block (INSCRIPTION_PAYMENT_CONFIRMATIONS=1).
    await pay(pi.address, pi.amount);
    expect((await call('GET', `/inscriptions/payment-status/${id}`)).body.data).toMatchObject({ paid: true, received: pi.amount, confirmations: 0, status: 'pending_payment' });
    await dev.mine(1);

    let status: any;
    await eventually(
      async () => {
        status = (await call('GET', `/inscriptions/status/${id}`)).body.data;
        return status.status === 'revealed';
      },
      { timeoutMs: 20_000, what: 'the reveal broadcast' },
    );
    expect(status.inscriptionId).toBe(`${status.revealTxid}i0`);
    await dev.mine(1);
    await eventually(async () => (await call('GET', `/inscriptions/${id}/status`)).body.data.status === 'confirmed', { timeoutMs: 20_000, what: 'the reveal confirmed' });

    const details = (await call('GET', `/inscriptions/details/${status.inscriptionId}`)).body.data;
    expect(details).toMatchObject({ _id: id, status: 'confirmed', ord: { address: destination, satpoint: `${status.revealTxid}:0:0`, contentType: 'image/svg+xml' } });
    const content = await fetch(details.ord.contentUrl);
    expect(await content.text()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect((await call('GET', `/inscriptions/payment-status/${id}`)).body.data).toMatchObject({ paid: true, commitTxid: status.commitTxid, received: pi.amount });

    expect((await call('GET', '/inscriptions/my', token)).body.data.map((i: any) => i._id)).toContain(id);
    expect((await call('GET', `/inscriptions/user/${destination.toUpperCase()}`)).body.data).toMatchObject([{ _id: id, inscriptionId: status.inscriptionId }]);
    // An address is matched whole: `_` and `%` in it are characters, not wildcards.
    for (const pattern of ['%25', `${destination.slice(0, -1)}_`, `${destination.slice(0, 10)}%25`]) expect((await call('GET', `/inscriptions/user/${pattern}`)).body.data).toEqual([]);
    const admin = await call('GET', `/inscriptions/admin/all?walletAddress=${destination}`, adminToken);
    expect(admin.body.data).toMatchObject([{ _id: id, inscriptionId: status.inscriptionId, status: 'confirmed', contentType: 'image/svg+xml', hasAuction: false }]);

    // Ownership, as ord sees it.
    const owns = (walletAddress: string) => call('POST', '/inscriptions/validate-ownership', null, { inscriptionId: status.inscriptionId, walletAddress });
    expect((await owns(destination)).body.data).toMatchObject({ isOwner: true, currentAddress: destination });
    expect((await owns(new TestKey('p2tr', net).address)).body.data).toMatchObject({ isOwner: false, currentAddress: destination });
    expect((await call('POST', '/inscriptions/validate-ownership', null, { inscriptionId: `${'0'.repeat(64)}i0`, walletAddress: destination })).status).toBe(404);
  });

  it('refuses bad uploads with the spec texts and stores nothing', async () => {
    const destination = new TestKey('p2tr', net).address;
    const before = await stack.db.prisma.inscription.count();
    expect(await create({ body: 'MZ', type: 'application/x-msdownload', name: 'a.exe' }, { destinationAddress: destination, feeRate: '2' })).toMatchObject({
      status: 415,
      body: { message: 'Invalid File', code: 'invalid_file', fields: { file: 'Invalid File' } },
    });
    expect(await create({ body: new Uint8Array(390_001), type: 'image/png', name: 'big.png' }, { destinationAddress: destination, feeRate: '2' })).toMatchObject({
      status: 413,
      body: { message: 'File Too Large', fields: { file: 'File Too Large' } },
    });
    expect((await create(null, { destinationAddress: destination })).body).toMatchObject({ code: 'file_required', fields: { file: expect.any(String) } });
    const testnet = new TestKey('p2tr', networkOf('testnet4')).address;
    const wrongNet = await create({ body: 'hi', type: 'text/plain' }, { destinationAddress: testnet, feeRate: '2' });
    expect(wrongNet).toMatchObject({ status: 400, body: { code: 'invalid_address', fields: { destinationAddress: expect.stringContaining('regtest') } } });
    expect((await create({ body: 'hi', type: 'text/plain' }, { destinationAddress: destination, feeRate: '0.5' })).body).toMatchObject({
      message: 'Fee rate must be a whole number of sats/vB from 1 to 1000',
      fields: { feeRate: expect.any(String) },
    });
    const signedOut = await fetch(`${stack.url}/inscriptions/create`, { method: 'POST', body: new FormData() });
    expect(signedOut.status).toBe(401);
    expect(await stack.db.prisma.inscription.count()).toBe(before);
  });
});

describe('the other inscription routes', () => {
  it("sync reads a linked wallet's inscriptions from ord into the user's list; other wallets are refused", async () => {
    const user = await createUser(stack.db, 'ready');
    const userToken = await signIn(stack.url, user.email);
    const wallet = new TestKey('p2tr', net);
    await stack.db.prisma.wallet.create({ data: { userId: user.id, address: wallet.address, type: 'xverse' } });
    const { inscriptionId } = await dev.inscribe(wallet.address, 'synced', { contentType: 'text/plain;charset=utf-8' });

    const synced = await call('POST', '/inscriptions/sync-wallet-inscriptions', userToken, {});
    expect(synced.body.data).toEqual({ wallets: [wallet.address], found: 1, added: 1 });
    expect((await call('POST', '/inscriptions/sync-wallet-inscriptions', userToken, { walletAddress: wallet.address })).body.data).toMatchObject({ found: 1, added: 0 });
    expect((await call('GET', '/inscriptions/my', userToken)).body.data).toMatchObject([
      { inscriptionId, walletAddress: wallet.address, status: 'confirmed', contentType: 'text/plain;charset=utf-8' },
    ]);
    const other = await call('POST', '/inscriptions/sync-wallet-inscriptions', userToken, { walletAddress: new TestKey('p2tr', net).address });
    expect(other).toMatchObject({ status: 403, body: { message: 'This wallet is not linked to your account' } });
  });

  it('turns IPFS addresses into gateway URLs', async () => {
    const cid = 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy';
    expect((await call('POST', '/inscriptions/ipfs-to-gateway', null, { ipfsUrl: `ipfs://${cid}` })).body.data).toEqual({ ipfsUrl: `ipfs://${cid}`, gatewayUrl: `https://ipfs.io/ipfs/${cid}` });
    expect((await call('POST', '/inscriptions/ipfs-to-gateway', null, { ipfsUrl: 'https://example.com/a.png' })).body).toMatchObject({
      code: 'invalid_ipfs_url',
      fields: { ipfsUrl: expect.any(String) },
    });
    expect((await call('GET', '/inscriptions/status/nope')).status).toBe(404);
  });
});
