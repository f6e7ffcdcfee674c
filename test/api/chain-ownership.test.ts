/**
 * Records about things on chain belong to whoever the chain says: a withdrawal is reported only by its
 * transaction's sender (so no one can take another's transaction first), and an NFT record is changed only by
 * the token's owner now, not by whoever recorded it before it changed hands.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gavelNftAbi } from '@gavel/contracts';
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_PRIVATE_KEYS } from '../../scripts/chain/anvil.ts';
import { chainActions, startChainStack, type ChainStack } from '../support/chain.ts';
import { createUser, signIn } from '../support/users.ts';

let chain: ChainStack;
let act: ReturnType<typeof chainActions>;

const call = (method: string, path: string, token: string, body?: unknown) =>
  fetch(chain.api.url + path, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

/** A user who proved anvil account `account` through SIWE, as the dapp does. */
async function provedUser(account: number) {
  const user = await createUser(chain.api.db, 'ready');
  const token = await signIn(chain.api.url, user.email);
  const wallet = privateKeyToAccount(ANVIL_PRIVATE_KEYS[account] as `0x${string}`);
  const challenge = await call('POST', '/wallet/connect', token, { walletAddress: wallet.address, walletType: 'evm', walletName: 'MetaMask', chainId: 31337 });
  const signature = await wallet.signMessage({ message: challenge.body.data.message });
  const verified = await call('POST', '/wallet/verify', token, { walletAddress: wallet.address, walletType: 'evm', message: challenge.body.data.message, signature });
  expect(verified.status).toBe(201);
  return { user, token, address: wallet.address };
}

beforeAll(async () => {
  chain = await startChainStack('postgres');
  act = chainActions(chain);
}, 180_000);
afterAll(() => chain?.stop());

describe('a reported withdrawal', () => {
  it("is refused from anyone but the transaction's sender, who can then report it", async () => {
    const [mallory, bob] = [await provedUser(3), await provedUser(4)];
    const hash = await chain.signers[4]!.sendTransaction({ to: act.address(5), value: 1n });
    await act.mined(hash);

    const taken = await call('POST', '/evm-withdrawals', mallory.token, { walletAddress: mallory.address, txHash: hash });
    expect(taken).toMatchObject({ status: 403, body: { code: 'not_transaction_sender', message: 'This transaction was sent by another wallet' } });
    expect(await chain.api.db.prisma.evmWithdrawal.count({ where: { txHash: hash.toLowerCase() } })).toBe(0);

    const own = await call('POST', '/evm-withdrawals', bob.token, { walletAddress: bob.address, txHash: hash });
    expect(own.status).toBe(201);
    expect((await chain.api.db.prisma.evmWithdrawal.findUniqueOrThrow({ where: { txHash: hash.toLowerCase() } })).userId).toBe(bob.user.id);

    const unknown = await call('POST', '/evm-withdrawals', bob.token, { walletAddress: bob.address, txHash: `0x${'12'.repeat(32)}` });
    expect(unknown).toMatchObject({ status: 409, body: { code: 'transaction_unknown' } });
  });
});

describe('an NFT record', () => {
  it("is changed by the token's owner now, not by whoever recorded it before it changed hands", async () => {
    const [alice, bob] = [await provedUser(6), await provedUser(7)];
    const tokenId = await act.mint(alice.address);
    const recorded = await call('POST', '/nfts', alice.token, { name: 'First name', contractAddress: chain.nft, tokenId: tokenId.toString() });
    expect(recorded.status).toBe(201);
    const path = `/nfts/${recorded.body.data.id}`;
    expect((await call('PATCH', path, bob.token, { name: 'Not yet yours' })).body.code).toBe('not_token_owner');

    await act.mined(await chain.signers[6]!.writeContract({ address: chain.nft, abi: gavelNftAbi, functionName: 'transferFrom', args: [alice.address, bob.address, tokenId] }));
    expect(await call('PATCH', path, alice.token, { name: 'Still mine?' })).toMatchObject({ status: 403, body: { code: 'not_token_owner' } });
    expect((await call('DELETE', path, alice.token)).status).toBe(403);
    const renamed = await call('PATCH', path, bob.token, { name: 'Bob’s now' });
    expect(renamed).toMatchObject({ status: 200, body: { data: { name: 'Bob’s now', ownerAddress: bob.address.toLowerCase() } } });
  });
});
