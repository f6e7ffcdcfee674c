/**
 * Wallet ownership proofs on a real api, PostgreSQL and Redis: SIWE (EIP-4361) signed by viem accounts and
 * BIP-322 signed by bitcoinjs test keys (p2wpkh and p2tr), single use, bound to the user and the address,
 * refused when expired, signed by someone else, or for an address linked elsewhere; linking, listing,
 * unlinking; Bitcoin balances from the local Esplora stand-in. ETH balances and linked-only bids are in
 * eth-wallet-bids.test.ts (they need anvil).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { testKeys, devClient } from '../support/bitcoin-wallet.ts';
import { signBip322 } from '../support/bip322-signer.ts';
import { startBitcoinStandIn, type BitcoinStandIn } from '../../scripts/stand-ins/bitcoin/index.ts';

let stack: TestStack;
let btc: BitcoinStandIn;
let redis: Redis;
const prefix = `gavel-test-wallets-${randomBytes(4).toString('hex')}`;

const call = (method: string, path: string, token: string, body?: unknown) =>
  fetch(stack.url + path, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

const newToken = async () => {
  const user = await createUser(stack.db, 'ready');
  return { user, token: await signIn(stack.url, user.email) };
};

async function proveEvm(token: string, account = privateKeyToAccount(generatePrivateKey()), signer = account) {
  const challenge = await call('POST', '/wallet/connect', token, { walletAddress: account.address, walletType: 'evm', walletName: 'MetaMask', chainId: 31337 });
  expect(challenge.status).toBe(200);
  const { message, nonce } = challenge.body.data;
  const signature = await signer.signMessage({ message });
  return { account, message, nonce, signature, verify: () => call('POST', '/wallet/verify', token, { walletAddress: account.address, walletType: 'evm', message, signature, nonce }) };
}

beforeAll(async () => {
  btc = await startBitcoinStandIn({ port: 0, network: 'testnet4', blockIntervalMs: 0 });
  stack = await startApiForTest({ seed: 'none', env: { REDIS_PREFIX: prefix, BITCOIN_ESPLORA_URL: btc.esploraUrl, BITCOIN_NETWORK: 'testnet4', SIWE_URI: 'https://gavel.test' } });
  redis = new Redis('redis://127.0.0.1:6379');
});
afterAll(async () => {
  redis?.disconnect();
  await stack?.stop();
  await btc?.close();
});

describe('EVM wallets (SIWE)', () => {
  it('issues a SIWE challenge for the site and chain, links the wallet once verified, and lists it', async () => {
    const { token } = await newToken();
    const proof = await proveEvm(token);
    expect(proof.message).toContain('gavel.test wants you to sign in with your Ethereum account:');
    expect(proof.message).toContain(`\n${proof.account.address}\n`);
    expect(proof.message).toContain('Chain ID: 31337');
    expect(proof.message).toContain(`Nonce: ${proof.nonce}`);
    expect((await call('GET', '/wallet/my-wallets', token)).body.data).toEqual([]);

    const verified = await proof.verify();
    expect(verified.status).toBe(201);
    expect(verified.body).toMatchObject({ message: 'Wallet connected successfully', data: { walletAddress: proof.account.address, type: 'evm', walletName: 'MetaMask', isConnected: true } });
    const mine = await call('GET', '/wallet/my-wallets', token);
    expect(mine.body.data.map((w: any) => w.walletAddress)).toEqual([proof.account.address]);
    expect((await call('GET', '/api/wallet/user-wallets', token)).body.data.map((w: any) => w.walletAddress)).toEqual([proof.account.address]);
  });

  it('refuses a challenge used twice, even by its own signer', async () => {
    const { token } = await newToken();
    const proof = await proveEvm(token);
    expect((await proof.verify()).status).toBe(201);
    const again = await proof.verify();
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'challenge_unknown', message: 'This sign-in request was already used or does not exist. Connect the wallet again.' });
  });

  it('refuses a signature by another key, and spends the challenge on the attempt', async () => {
    const { token } = await newToken();
    const proof = await proveEvm(token, undefined, privateKeyToAccount(generatePrivateKey()));
    const refused = await proof.verify();
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'bad_signature', fields: { signature: 'The signature does not match this wallet address' } });
    // The right signature now finds the challenge gone: a failed attempt cannot be retried against it.
    const right = await proof.account.signMessage({ message: proof.message });
    expect((await call('POST', '/wallet/verify', token, { walletAddress: proof.account.address, walletType: 'evm', message: proof.message, signature: right })).body.code).toBe('challenge_unknown');
    expect((await call('GET', '/wallet/my-wallets', token)).body.data).toEqual([]);
  });

  it('refuses an expired challenge', async () => {
    const { token } = await newToken();
    const proof = await proveEvm(token);
    const key = `${prefix}:wallet-challenge:${proof.nonce}`;
    const stored = JSON.parse((await redis.get(key))!);
    await redis.set(key, JSON.stringify({ ...stored, expiresAt: new Date(Date.now() - 1000).toISOString() }), 'KEEPTTL');
    const expired = await proof.verify();
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe('This sign-in request has expired. Connect the wallet again.');
    expect((await call('GET', '/wallet/my-wallets', token)).body.data).toEqual([]);
  });

  it("refuses another account's challenge, an edited message, the wrong chain, and an address linked elsewhere", async () => {
    const first = await newToken();
    const second = await newToken();
    const proof = await proveEvm(first.token);
    const stolen = await call('POST', '/wallet/verify', second.token, { walletAddress: proof.account.address, walletType: 'evm', message: proof.message, signature: proof.signature });
    expect(stolen).toMatchObject({ status: 403, body: { code: 'challenge_other_user' } });

    const edited = proof.message.replace('Link this wallet', 'Link that wallet');
    const editedSig = await proof.account.signMessage({ message: edited });
    expect((await call('POST', '/wallet/verify', first.token, { walletAddress: proof.account.address, walletType: 'evm', message: edited, signature: editedSig })).body.code).toBe(
      'challenge_mismatch',
    );

    const wrongChain = await call('POST', '/wallet/connect', first.token, { walletAddress: proof.account.address, walletType: 'evm', walletName: 'MetaMask', chainId: 1 });
    expect(wrongChain).toMatchObject({ status: 400, body: { fields: { chainId: 'Please switch your wallet to chain 31337.' } } });

    const linked = await proveEvm(first.token);
    expect((await linked.verify()).status).toBe(201);
    const taken = await call('POST', '/wallet/connect', second.token, { walletAddress: linked.account.address.toLowerCase(), walletType: 'evm', walletName: 'Rainbow' });
    expect(taken).toMatchObject({ status: 409, body: { code: 'wallet_linked_elsewhere', message: 'This wallet is already linked to another account' } });
  });

  it('unlinks with POST and DELETE /wallet/disconnect; only your own wallets', async () => {
    const owner = await newToken();
    const other = await newToken();
    const a = await proveEvm(owner.token);
    await a.verify();
    const b = await proveEvm(owner.token);
    await b.verify();
    expect((await call('POST', '/wallet/disconnect', other.token, { walletAddress: a.account.address })).status).toBe(404);
    expect((await call('POST', '/wallet/disconnect', owner.token, { walletAddress: a.account.address.toLowerCase() })).body).toMatchObject({
      message: 'Wallet disconnected',
      data: { walletAddress: a.account.address },
    });
    expect((await call('DELETE', '/wallet/disconnect', owner.token, { walletAddress: b.account.address })).status).toBe(200);
    expect((await call('GET', '/wallet/my-wallets', owner.token)).body.data).toEqual([]);
    // Unlinked, the address can be proved by another account.
    expect((await proveEvm(other.token, a.account).then((p) => p.verify())).status).toBe(201);
  });
});

describe('Bitcoin wallets (BIP-322)', () => {
  const proveBitcoin = async (token: string, key: ReturnType<typeof testKeys>['payment'], walletType: 'xverse' | 'hiro', signWith = key) => {
    const challenge = await call('POST', '/wallet/connect', token, { walletAddress: key.address, walletType, walletName: walletType === 'hiro' ? 'Leather' : 'Xverse Wallet' });
    expect(challenge.status).toBe(200);
    const { message, nonce } = challenge.body.data;
    return { message, nonce, verify: (signature = signBip322(signWith, message)) => call('POST', '/wallet/verify', token, { walletAddress: key.address, walletType, message, signature, nonce }) };
  };

  it('links a p2wpkh (Xverse) and a p2tr (Leather) address by their BIP-322 signatures', async () => {
    const { token } = await newToken();
    const keys = testKeys('testnet4');
    const segwit = await proveBitcoin(token, keys.payment, 'xverse');
    expect(segwit.message).toContain(`gavel.test wants you to prove you own this Bitcoin address:\n${keys.payment.address}`);
    expect((await segwit.verify()).body).toMatchObject({ data: { walletAddress: keys.payment.address, type: 'xverse', walletName: 'Xverse Wallet' } });
    const taproot = await proveBitcoin(token, keys.ordinals, 'hiro');
    expect((await taproot.verify()).body).toMatchObject({ data: { walletAddress: keys.ordinals.address, type: 'hiro' } });
    expect((await call('GET', '/wallet/my-wallets', token)).body.data.map((w: any) => w.walletAddress).sort()).toEqual([keys.payment.address, keys.ordinals.address].sort());
  });

  it('refuses reuse, a signature by another key, an expired challenge and a mainnet address', async () => {
    const { token } = await newToken();
    const keys = testKeys('testnet4');
    const used = await proveBitcoin(token, keys.payment, 'xverse');
    const signature = signBip322(keys.payment, used.message);
    expect((await used.verify(signature)).status).toBe(201);
    expect((await used.verify(signature)).body.code).toBe('challenge_unknown');

    const stranger = testKeys('testnet4');
    const forged = await proveBitcoin(token, keys.ordinals, 'hiro', stranger.ordinals);
    expect((await forged.verify()).body).toMatchObject({ code: 'bad_signature' });

    const late = await proveBitcoin(token, keys.ordinals, 'hiro');
    const key = `${prefix}:wallet-challenge:${late.nonce}`;
    await redis.set(key, JSON.stringify({ ...JSON.parse((await redis.get(key))!), expiresAt: new Date(Date.now() - 1).toISOString() }), 'KEEPTTL');
    expect((await late.verify()).status).toBe(410);

    const mainnet = testKeys('mainnet').payment;
    const wrongNetwork = await call('POST', '/wallet/connect', token, { walletAddress: mainnet.address, walletType: 'xverse', walletName: 'Xverse Wallet' });
    expect(wrongNetwork.status).toBe(400);
    expect(wrongNetwork.body.fields.walletAddress).toMatch(/Bitcoin mainnet address; this marketplace runs on Bitcoin testnet4/);
    expect((await call('GET', '/wallet/my-wallets', token)).body.data.map((w: any) => w.walletAddress)).toEqual([keys.payment.address]);
  });

  it('answers a Bitcoin balance in sats from Esplora', async () => {
    const { token } = await newToken();
    const key = testKeys('testnet4').payment;
    const dev = devClient(btc.url);
    await dev.faucet(key.address, 125_000);
    await dev.mine(1);
    const balance = await call('GET', `/wallet/balance/${key.address}`, token);
    expect(balance.body.data).toMatchObject({ address: key.address, chain: 'bitcoin', balance: '125000', unit: 'sats' });
    expect((await call('GET', '/wallet/balance/not-an-address', token)).status).toBe(400);
  });
});
