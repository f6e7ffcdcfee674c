/**
 * EVM wallets against the chain (one stack: anvil + contracts + Ponder on PGlite + api): a wallet proved by
 * SIWE, its ETH balance, an on-chain bid recorded from its real transaction (and refused for a bid by another
 * wallet, on another auction, or a transaction with no bid), and withdrawals refused for unlinked wallets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_PRIVATE_KEYS } from '../../scripts/chain/anvil.ts';
import { chainActions, eventually, linkLot, startChainStack, type ChainStack } from '../support/chain.ts';
import { createUser, signIn } from '../support/users.ts';

const RESERVE = parseEther('0.01');
let chain: ChainStack;
let act: ReturnType<typeof chainActions>;

const call = (method: string, path: string, token: string, body?: unknown) =>
  fetch(chain.api.url + path, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

/** A ready bidder who proved anvil account `account` through SIWE, as the dapp does. */
async function provedBidder(account: number) {
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
  chain = await startChainStack('pglite');
  act = chainActions(chain);
}, 180_000);
afterAll(() => chain?.stop());

describe('EVM wallets on chain', () => {
  it('answers the ETH balance of an address from the chain', async () => {
    const bidder = await provedBidder(2);
    const wei = await chain.publicClient.getBalance({ address: bidder.address });
    const balance = await call('GET', `/wallet/balance/${bidder.address.toLowerCase()}`, bidder.token);
    expect(balance.body.data).toMatchObject({ address: bidder.address, chain: 'evm', unit: 'ETH', raw: wei.toString() });
  });

  it('records a bid from its transaction, once, and refuses bids that are not the user’s', async () => {
    const alice = await provedBidder(3);
    const bob = await provedBidder(4);
    const { auctionId, tokenId } = await act.startAuction({ reserveWei: RESERVE });
    const lot = await linkLot(chain, auctionId, tokenId, RESERVE);
    const other = await act.startAuction({ reserveWei: RESERVE });
    const otherLot = await linkLot(chain, other.auctionId, other.tokenId, RESERVE);

    const placed = await act.bid(3, auctionId, RESERVE);
    const body = { blockchainAuctionId: auctionId.toString(), mongoAuctionId: lot.id, bidAmount: '0.01', walletAddress: alice.address, txHash: placed.transactionHash };
    const recorded = await call('POST', `/auctions/${lot.id}/eth-bids`, alice.token, body);
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({
      message: 'On-chain bid placed successfully!',
      data: { bid: { lotId: lot.id, blockchainAuctionId: auctionId.toString(), amount: '0.01', bidder: alice.address.toLowerCase(), walletAddress: alice.address.toLowerCase(), txHash: placed.transactionHash } },
    });
    // The client's amount is not the record's: the event's is.
    const again = await eventually(() => call('POST', `/auctions/${lot.id}/eth-bids`, alice.token, { ...body, bidAmount: '99' }), (r) => r.body.data?.bid.indexed === true, 10_000, 'the bid indexed');
    expect(again.body.data.bid).toMatchObject({ id: recorded.body.data.bid.id, amount: '0.01' });
    expect(await chain.api.db.prisma.chainBid.count({ where: { lotId: lot.id } })).toBe(1);

    // Bob's own bid, claimed by Alice: her wallet is not the bidder; Bob's wallet is not hers.
    const bobs = await act.bid(4, auctionId, RESERVE + parseEther('0.001'));
    const claimed = { ...body, txHash: bobs.transactionHash };
    expect((await call('POST', `/auctions/${lot.id}/eth-bids`, alice.token, claimed)).body).toMatchObject({ code: 'bidder_mismatch', message: 'This bid was placed by another wallet' });
    const asBob = await call('POST', `/auctions/${lot.id}/eth-bids`, alice.token, { ...claimed, walletAddress: bob.address });
    expect(asBob).toMatchObject({ status: 403, body: { code: 'wallet_not_linked', fields: { walletAddress: 'This wallet is not linked to your account. Connect and verify it first.' } } });
    // A bid on this auction is not a bid on another lot's auction; an approval is not a bid at all.
    expect((await call('POST', `/auctions/${otherLot.id}/eth-bids`, bob.token, { ...claimed, walletAddress: bob.address, blockchainAuctionId: auctionId.toString() })).body.code).toBe('auction_mismatch');
    expect((await call('POST', `/auctions/${otherLot.id}/eth-bids`, bob.token, { ...claimed, walletAddress: bob.address, blockchainAuctionId: other.auctionId.toString() })).body.code).toBe('no_bid');
    expect((await call('POST', `/auctions/${lot.id}/eth-bids`, bob.token, { ...claimed, walletAddress: bob.address })).status).toBe(201);
    expect(await chain.api.db.prisma.chainBid.findMany({ where: { lotId: lot.id }, select: { userId: true }, orderBy: { blockNumber: 'asc' } })).toEqual([{ userId: alice.user.id }, { userId: bob.user.id }]);

    // Outbid, Alice withdraws; reporting it from a wallet she never proved is refused, from hers accepted.
    const withdrawal = await act.withdraw(3);
    const stranger = getAddress(act.address(5));
    const refused = await call('POST', '/evm-withdrawals', alice.token, { auctionId: lot.id, walletAddress: stranger, txHash: withdrawal });
    expect(refused).toMatchObject({ status: 403, body: { code: 'wallet_not_linked' } });
    expect((await call('POST', '/evm-withdrawals', alice.token, { auctionId: lot.id, walletAddress: alice.address, txHash: withdrawal })).status).toBe(201);
  });
});
